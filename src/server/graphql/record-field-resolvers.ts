import mercurius from 'mercurius';
import { answerChangesSince } from '#domain/answer-changes.ts';
import { recordOwnerName } from '#domain/permissions.ts';
import { formChangesSince } from '../modules/form-versions/form-version-service.ts';
import { openRecord, recordFormOf } from '../modules/records/open-records.ts';
import type { RecordModel } from '../modules/records/record-model.ts';
import { readerOf } from './answer-audit.ts';
import type {
  LifeRecordResolvers,
  RecordSaveResolvers,
  ReportGenerationResolvers,
} from './generated-types.ts';
import type { GraphQLContext } from './graphql-context.ts';
import { charge, tooLarge } from './response-budget.ts';

// The fields of a record, its save and its generations (customer-app §6, issue 30 §3).

/**
 * A fetch about a record, shared by every subscriber of one live update (issue 31 §6): each viewer's
 * resolver still decides what of it they may see; only the database work is done once.
 */
function shared<T>(record: RecordModel, name: string, fetch: () => Promise<T>): Promise<T> {
  const lookups = record.lookups;
  if (!lookups) return fetch();
  let found = lookups.get(name) as Promise<T> | undefined;
  if (!found) {
    const fetching = fetch();
    found = fetching;
    lookups.set(name, fetching);
    // A failed fetch is not passed on to the next change's read (shared-record-reads.ts).
    fetching.catch(() => {
      if (lookups.get(name) === fetching) lookups.delete(name);
    });
  }
  return found;
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
    const data = { recordId: record.id, ownerId: record.clientId, value: record.data };
    return charge(
      context.responseBudget,
      await openRecord(readerOf(context), data, 'record.read'),
      record.dataBytes,
    );
  },
  report: async (record, _args, context) => {
    if (!record.visible.report) return null;
    if (record.unreadable) throw unreadable(context, record.id, record.unreadable);
    if (record.report === null) return null;
    const report = { recordId: record.id, ownerId: record.clientId, value: record.report };
    return openRecord(readerOf(context), report, 'report.read');
  },
  aiConsent: async (record, _args, { loaders }) => {
    const consent = await shared(record, 'aiConsent', () => loaders.aiConsent(record.id));
    return { recordId: record.id, agreed: consent?.agreed ?? false, changedAt: consent?.at ?? null };
  },
  user: async (record, _args, { loaders, viewer }) => {
    if (!record.clientId) return null;
    const clientId = record.clientId;
    const owner = await shared(record, `owner:${clientId}`, () => loaders.recordOwner(clientId));
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
    return (
      (await shared(record, `organization:${organizationId}`, () =>
        loaders.organizationSummary(organizationId),
      )) ?? null
    );
  },
  inventoryType: async (record, _args, { loaders }) => {
    const type = await shared(record, `inventoryType:${record.inventoryTypeId}`, () =>
      loaders.inventoryType(record.inventoryTypeId),
    );
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
      recordFormOf(
        await shared(record, 'form', () =>
          loaders.versionForm(`${record.inventoryTypeId}/${record.formVersion}`),
        ),
        // Issue 38 §4: answers that do not open carry no steps of their own: the version's form.
        record.unreadable ? null : record.data,
      ),
    );
  },
  // Issue 39 §3: the same door and audit entry as `data`; the pick is made once per version and
  // base for every subscriber of the shared read (its lookups), from answers opened once.
  answerChanges: async (record, _args, context) => {
    if (record.unreadable) throw unreadable(context, record.id, record.unreadable);
    if (record.answersWithheld) throw tooLarge();
    const sealed = { recordId: record.id, ownerId: record.clientId, value: record.data };
    const data = await openRecord(readerOf(context), sealed, 'record.read');
    const since = record.liveSince;
    const changes = await shared(record, `answerChanges/${since}`, async () =>
      answerChangesSince({ ...record, data }, since),
    );
    return charge(context.responseBudget, changes, changes.full ? record.dataBytes : 0);
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
    // Only the owner saves (customer-app §6): the door enters no read of their own answers.
    const data = { recordId: save.id, ownerId: context.viewer?.userId, value: save.data };
    return charge(context.responseBudget, await openRecord(readerOf(context), data, 'record.read'));
  },
};

/** Issue 29 §1: a report's text reaching anyone but the owner is entered first. */
export const reportGenerationResolvers: ReportGenerationResolvers = {
  response: async (generation, _args, context) => {
    if (generation.unreadable) throw unreadable(context, generation.recordId, generation.unreadable);
    const text = { recordId: generation.recordId, ownerId: undefined, value: generation.response };
    return openRecord(readerOf(context), text, 'report.read');
  },
};
