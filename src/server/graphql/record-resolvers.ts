import mercurius from 'mercurius';
import { recordOwnerName } from '#domain/permissions.ts';
import { recordFormAnswer } from '#domain/record-form.ts';
import { AuthenticationError } from '../kernel/authentication.ts';
import { fail, type Result } from '../kernel/result.ts';
import { formChangesSince } from '../modules/form-versions/form-version-service.ts';
import type { RecordModel } from '../modules/records/record-model.ts';
import { pageRecords } from '../modules/records/record-page-service.ts';
import {
  getRecord,
  listAllRecords,
  listRecordsOfClient,
  saveRecordAnswers,
  setRecordSubmitted,
  submitRecord,
} from '../modules/records/record-service.ts';
import { recordUpdates } from '../modules/records/record-subscription.ts';
import {
  latestReportGeneration,
  updateReportGeneration,
} from '../modules/records/report-generation-service.ts';
import { recordSeenBy, type SharedRecordRead } from '../modules/records/shared-record-reads.ts';
import { auditAnswerRead } from './answer-audit.ts';
import type {
  LifeRecordResolvers,
  MutationResolvers,
  QueryResolvers,
  RecordSaveResolvers,
  ReportGenerationResolvers,
  SubscriptionResolvers,
} from './generated-types.ts';
import type { GraphQLContext } from './graphql-context.ts';
import { INTERNAL_ERROR_MESSAGE, orThrow } from './graphql-errors.ts';
import { LIVE_EVENT_OVERHEAD_BYTES, LIVE_TOO_LARGE_MESSAGE } from './live-ledger.ts';
import { readRecords, selectsAnswers, selectsAnswersWithin } from './record-reads.ts';
import { charge, createResponseBudget, tooLarge } from './response-budget.ts';
import { selectsField } from './selection.ts';

const { ErrorWithProps } = mercurius;

export const recordQueries: Pick<
  QueryResolvers,
  'record' | 'recordSince' | 'records' | 'recordsPage' | 'recordsByClient' | 'latestReportGeneration'
> = {
  record: async (_root, { id }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        getRecord(context.deps, context.viewer, id, answers),
      ),
    ),
  // Issue 31 §6.2: the 3 s poll. One read, as `record` makes it; the answers are read, opened and
  // sent only when the record changed since the version the client holds. (A read without the answers first cost
  // a changed record two statements, and PostgreSQL's time goes per statement: BENCHMARKS.md.)
  recordSince: async (_root, { id, knownVersion }, context, info) => {
    const record = orThrow(
      await readRecords(context, selectsAnswersWithin(info, 'record'), (answers) =>
        getRecord(context.deps, context.viewer, id, answers && { ...answers, newerThan: knownVersion }),
      ),
    );
    return { version: record.version, record: record.version > knownVersion ? record : null };
  },
  records: async (_root, _args, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        listAllRecords(context.deps, context.viewer, answers),
      ),
    ),
  recordsPage: async (_root, { input }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswersWithin(info, 'records'), (answers) =>
        pageRecords(context.deps, context.viewer, input, { answers }),
      ),
    ),
  recordsByClient: async (_root, { clientId }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        listRecordsOfClient(context.deps, context.viewer, clientId, answers),
      ),
    ),
  latestReportGeneration: async (_root, { recordId }, { deps, viewer }) =>
    orThrow(await latestReportGeneration(deps, viewer, recordId)),
};

export const recordMutations: Pick<
  MutationResolvers,
  'saveRecordAnswers' | 'submitRecord' | 'setRecordSubmitted' | 'updateReportGeneration'
> = {
  // The answers come back only if asked for: reading a large record's data back costs the
  // database more than merging into it (bench/).
  saveRecordAnswers: async (_root, { input }, { deps, viewer }, info) =>
    orThrow(await saveRecordAnswers(deps, viewer, input, { returnData: selectsField(info, 'data') })),
  submitRecord: async (_root, { input }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        submitRecord(context.deps, context.viewer, input, answers),
      ),
    ),
  setRecordSubmitted: async (_root, { id, submitted }, context, info) =>
    orThrow(
      await readRecords(context, selectsAnswers(info), (answers) =>
        setRecordSubmitted(context.deps, context.viewer, id, submitted, answers),
      ),
    ),
  updateReportGeneration: async (_root, { id, response }, { deps, viewer }) =>
    orThrow(await updateReportGeneration(deps, viewer, id, response)),
};

/**
 * customer-app §7 call 10. Each update is given as the subscriber may see it now: the viewer is
 * looked up again by the connection's token (roles may have changed), then the policy decides.
 * Issue 31 §6: the changed record itself is read once for all its subscribers on this server
 * (shared-record-reads.ts); the policy's decisions stay per subscriber.
 * Issue 25 §3: the subscription holds its per-event payload in its person's live ledger, refused
 * (or ended) when their subscriptions together would push too much on one save; each event has a
 * response budget of its own.
 */
export const recordSubscriptions: Pick<SubscriptionResolvers, 'record'> = {
  record: {
    subscribe: async (_root, { id }, context, info) => {
      const wanted = selectsAnswers(info);
      const first = orThrow(
        await readRecords({ responseBudget: createResponseBudget() }, wanted, (answers) =>
          getRecord(context.deps, context.viewer, id, answers),
        ),
      );
      const reads = context.sharedReads;
      if (!reads) throw new Error('record subscriptions need the shared record reads');
      const hold = context.liveUpdates?.hold(context.viewer?.userId ?? '', first.dataBytes);
      if (hold === null) throw new ErrorWithProps(LIVE_TOO_LARGE_MESSAGE, { code: 'LIVE_TOO_LARGE' }, 400);
      // Issue 39 §4: what is pushed counts against the bytes the account is sent a second; while
      // it owes, its next update waits (and folds the changes meanwhile into one).
      const account = context.viewer?.userId ?? '';
      const pushed = (bytes: number) =>
        context.fairShare?.paceLive(account, bytes + LIVE_EVENT_OVERHEAD_BYTES);
      pushed(first.dataBytes);
      const view = async (read: SharedRecordRead): Promise<Result<RecordModel>> => {
        const result = recordSeenBy(read, await currentViewer(context));
        if (result.ok && hold && !hold.resize(result.value.dataBytes))
          return fail('BAD_USER_INPUT', LIVE_TOO_LARGE_MESSAGE);
        if (result.ok) pushed(result.value.dataBytes);
        return result;
      };
      return recordUpdates(
        reads,
        first.id,
        wanted,
        first,
        view,
        errorOf,
        internalError,
        () => hold?.release(),
        () => context.fairShare?.liveDelayMs(account) ?? 0,
      );
    },
    resolve: (payload: { record: RecordModel }, _args: unknown, context: GraphQLContext) => {
      context.responseBudget = createResponseBudget();
      return payload.record;
    },
  },
};

/** The subscriber as it is now (the viewer cache makes the look-up cheap, decision 014). */
async function currentViewer(context: GraphQLContext) {
  if (!context.token) return context.viewer;
  try {
    return await context.app.viewers.forToken(context.token);
  } catch (error) {
    if (error instanceof AuthenticationError) return null;
    context.app.log.error({ err: error }, 'looking up a subscriber again failed');
    throw internalError();
  }
}

function internalError(): Error {
  return new ErrorWithProps(INTERNAL_ERROR_MESSAGE, { code: 'INTERNAL_SERVER_ERROR' });
}

/**
 * A fetch about a record, shared by every subscriber of one live update (issue 31 §6): each viewer's
 * resolver still decides what of it they may see; only the database work is done once.
 */
function shared<T>(record: RecordModel, name: string, fetch: () => Promise<T>): Promise<T> {
  const lookups = record.lookups;
  if (!lookups) return fetch();
  let found = lookups.get(name) as Promise<T> | undefined;
  if (!found) {
    found = fetch();
    lookups.set(name, found);
  }
  return found;
}

function errorOf(result: Result<RecordModel>): Error {
  try {
    orThrow(result);
  } catch (error) {
    return error as Error;
  }
  return new Error(INTERNAL_ERROR_MESSAGE);
}

/**
 * Issue 30 §3: a record whose sealed values do not open is an error of its own fields (the rest of
 * a list reads on), with a message that says why, logged with the record's id and no content.
 */
function unreadable(context: GraphQLContext, recordId: string, message: string) {
  (context.request?.log ?? context.app.log).warn({ recordId }, 'sealed record values did not open');
  return new mercurius.ErrorWithProps(message, { code: 'RECORD_UNREADABLE' }, 500);
}

/** Field level (customer-app §6): what `visible` withholds comes back empty. */
export const lifeRecordResolvers: LifeRecordResolvers = {
  data: async (record, _args, context) => {
    if (record.unreadable) throw unreadable(context, record.id, record.unreadable);
    if (record.answersWithheld) throw tooLarge();
    const value = charge(context.responseBudget, record.data);
    await auditAnswerRead(context, record.id, record.clientId, 'record.read');
    return value;
  },
  report: async (record, _args, context) => {
    if (!record.visible.report) return null;
    if (record.unreadable) throw unreadable(context, record.id, record.unreadable);
    if (record.report === null) return null;
    await auditAnswerRead(context, record.id, record.clientId, 'report.read');
    return record.report;
  },
  aiConsent: async (record, _args, { loaders }) => {
    const consent = await shared(record, 'aiConsent', () => loaders.aiConsent(record.id));
    return { recordId: record.id, agreed: consent?.agreed ?? false, changedAt: consent?.at ?? null };
  },
  user: async (record, _args, { loaders, viewer }) => {
    if (!record.clientId) return null;
    const clientId = record.clientId;
    const owner = await shared(record, 'owner', () => loaders.recordOwner(clientId));
    if (!owner) return null;
    const invitedName = (await shared(record, 'invitedName', () => loaders.invitedName(record.id))) ?? null;
    return {
      ...owner,
      name: recordOwnerName(viewer, record, { ...owner, userId: owner.id }, invitedName),
      federatedId: record.visible.ownerFederatedId ? owner.federatedId : null,
      email: record.visible.ownerEmail ? owner.email : null,
    };
  },
  organization: async (record, _args, { loaders }) => {
    const organizationId = record.organizationId;
    if (!organizationId) return null;
    return (await shared(record, 'organization', () => loaders.organizationSummary(organizationId))) ?? null;
  },
  inventoryType: async (record, _args, { loaders }) => {
    const type = await shared(record, 'inventoryType', () => loaders.inventoryType(record.inventoryTypeId));
    if (!type) throw new Error(`inventory type ${record.inventoryTypeId} of record ${record.id} is missing`);
    // The record screen renders from the form: reached through a readable record, it may be read.
    return { ...type, reachedThroughRecord: true };
  },
  unreadable: (record) => record.unreadable ?? null,
  form: async (record, _args, context) => {
    const { loaders, responseBudget } = context;
    if (record.answersWithheld) throw tooLarge();
    return charge(
      responseBudget,
      // Issue 12: the version the record is pinned to, never the builder's draft.
      recordFormAnswer(
        await shared(record, 'form', () =>
          loaders.versionForm(`${record.inventoryTypeId}/${record.formVersion}`),
        ),
        // Issue 38 §4: answers that do not open carry no steps of their own: the version's form.
        record.unreadable ? {} : record.data,
      ),
    );
  },
  formVersion: (record) => record.formVersion,
  // Issue 26 §3: the record was read through the policy already; the moves name keys, no answers.
  formChanges: async (record, { sinceVersion }, { deps }) =>
    (await formChangesSince(deps, record.id, sinceVersion ?? 0)).map((step) => ({
      version: step.version,
      fromFormVersion: step.fromFormVersion,
      moves: Object.entries(step.moves).map(([from, to]) => ({ from, to })),
    })),
  inventoryTypeId: (record) => record.inventoryTypeId,
  reportGenerations: async (record, _args, { loaders }) =>
    record.visible.reportGenerations
      ? ((await shared(record, 'reportGenerations', () => loaders.reportGenerations(record.id))) ?? [])
      : [],
};

export const recordSaveResolvers: RecordSaveResolvers = {
  data: async (save, _args, context) => {
    // Read whenever `data` is selected (selectsField); absent only when nobody asked for it.
    if (save.data === undefined) throw new Error('the saved data was not read');
    const value = charge(context.responseBudget, save.data);
    // Only the owner saves (customer-app §6); the statement would skip their own read anyway.
    await auditAnswerRead(context, save.id, context.viewer?.userId, 'record.read');
    return value;
  },
};

/** Issue 29 §1: a report's text reaching anyone but the owner is entered first. */
export const reportGenerationResolvers: ReportGenerationResolvers = {
  response: async (generation, _args, context) => {
    if (generation.unreadable) throw unreadable(context, generation.recordId, generation.unreadable);
    if (!generation.textAudited)
      await auditAnswerRead(context, generation.recordId, undefined, 'report.read');
    return generation.response;
  },
};
