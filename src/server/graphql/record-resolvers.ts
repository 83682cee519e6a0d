import mercurius from 'mercurius';
import { AuthenticationError } from '../kernel/authentication.ts';
import { fail, type Result } from '../kernel/result.ts';
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
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from './generated-types.ts';
import type { GraphQLContext } from './graphql-context.ts';
import { INTERNAL_ERROR_MESSAGE, orThrow } from './graphql-errors.ts';
import { LIVE_TOO_LARGE_MESSAGE } from './live-ledger.ts';
import { readRecords, selectsAnswers, selectsAnswersWithin } from './record-reads.ts';
import { createResponseBudget } from './response-budget.ts';
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
      // Issue 39 §4: what is pushed counts against the bytes the account is sent a second, as sent
      // (socket-operations.ts); while it owes, its next update waits (and folds the changes
      // meanwhile into one).
      const account = context.viewer?.userId ?? '';
      const view = async (read: SharedRecordRead): Promise<Result<RecordModel>> => {
        const result = recordSeenBy(read, await currentViewer(context));
        if (result.ok && hold && !hold.resize(result.value.dataBytes))
          return fail('BAD_USER_INPUT', LIVE_TOO_LARGE_MESSAGE);
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

function errorOf(result: Result<RecordModel>): Error {
  try {
    orThrow(result);
  } catch (error) {
    return error as Error;
  }
  return new Error(INTERNAL_ERROR_MESSAGE);
}
