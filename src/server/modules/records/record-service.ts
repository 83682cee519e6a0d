import { z } from 'zod';
import {
  ANSWER_LIMIT_MESSAGES,
  findAnswersProblem,
  MAX_RECORD_BYTES,
  MAX_RECORD_KEYS,
} from '#domain/answer-limits.ts';
import {
  type Actor,
  answerWriteScope,
  decide,
  decideRecord,
  RECORD_NOT_FOUND_MESSAGE as RECORD_NOT_FOUND,
  type RecordFacts,
  recordFieldVisibility,
  recordReadScope,
} from '#domain/permissions.ts';
import { parseAnswers, readStoredAnswers } from '#domain/record-answers.ts';
import { RecordUnreadableError } from '../../db/encryption/record-vault.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import {
  ADMINS_ONLY_MESSAGE,
  denial,
  type Failure,
  fail,
  ok,
  type Result,
  refusal,
} from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { Withheld } from './open-records.ts';
import { ALL_ANSWERS, type AnswerRead, type RecordModel, type RecordSaveModel } from './record-model.ts';
import * as reads from './record-read-repository.ts';
import * as records from './record-repository.ts';

export { RECORD_NOT_FOUND };
export const NOT_THE_OWNER = 'Only the person this record belongs to can change it.';
/** Issue 26 §3: a submit typed against the record's form before an admin moved it to another. */
export const FORM_CHANGED_SINCE = (version: number) =>
  `This record moved to another form version at version ${version}; reload the record and send it again.`;
const notFound = { notFound: RECORD_NOT_FOUND };

function facts(row: {
  client: string | null;
  organization_id: string | null;
  submitted: boolean;
}): RecordFacts {
  return { clientId: row.client, organizationId: row.organization_id, submitted: row.submitted };
}

/** A row as this actor may see it: the policy's field-level decision travels with the record. */
export function toRecordModel(row: reads.RecordRead, actor: Actor): RecordModel {
  const recordFacts = facts(row);
  return {
    ...recordFacts,
    id: row.id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
    inventoryTypeId: row.inventory_type_id,
    formVersion: row.form_version,
    data: new Withheld(readStoredAnswers(row.data)),
    dataBytes: row.data_bytes ?? 0,
    // Asked for, but past the read's budget (issue 25 §1): the answers stayed in the database.
    answersWithheld:
      !row.unreadable && (row.data === null || row.data === undefined) && (row.data_bytes ?? 0) > 0,
    report: row.report === null ? null : new Withheld(row.report),
    ...(row.unreadable ? { unreadable: row.unreadable } : {}),
    visible: recordFieldVisibility(actor, recordFacts),
  };
}

/** customer-app §7 calls 9 and 11, and the subscription's every update: one record, if visible. */
export async function getRecord(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  answers: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel>> {
  if (!actor) return denial('unauthenticated');
  if (!isUuid(id)) return denial('not-found', notFound);
  const row = await reads.findRecord(deps.database, id, recordReadScope(actor), answers);
  return row ? ok(toRecordModel(row, actor)) : denial('not-found', notFound);
}

/** A record whatever the actor, for another module that has decided who may ask (reports). */
export async function findAnyRecord(deps: ServiceDeps, actor: Actor, id: string) {
  const row = await reads.findRecord(deps.database, id, { all: true }, ALL_ANSWERS);
  return row && toRecordModel(row, actor);
}

/** customer-app §7 call 2: the records of a client, as far as the actor may see them. */
export async function listRecordsOfClient(
  deps: ServiceDeps,
  actor: Actor | null,
  clientId: string,
  answers: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel[]>> {
  if (!actor) return denial('unauthenticated');
  if (!isUuid(clientId)) return ok([]);
  const rows = await reads.listRecordsOfClient(deps.database, clientId, recordReadScope(actor), answers);
  return ok(rows.map((row) => toRecordModel(row, actor)));
}

/** customer-app §7 call 6; the caller has been allowed the organization's records already. */
export async function listRecordsOfOrganization(
  deps: ServiceDeps,
  actor: Actor,
  organizationId: string,
  answers: AnswerRead = ALL_ANSWERS,
) {
  const rows = await reads.listRecordsOfOrganization(deps.database, organizationId, answers);
  return rows.map((row) => toRecordModel(row, actor));
}

/** admin-app §7 List reports. */
export async function listAllRecords(
  deps: ServiceDeps,
  actor: Actor | null,
  answers: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel[]>> {
  const refused = refusal(decide(actor, 'records.listAll'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused || !actor) return refused ?? denial('unauthenticated');
  const rows = await reads.listAllRecords(deps.database, answers);
  return ok(rows.map((row) => toRecordModel(row, actor)));
}

const saveInput = z.object({
  id: z.string(),
  baseVersion: z.number().int().min(0, 'baseVersion must be 0 or more.'),
  answers: z.unknown(),
});
const submitInput = z.object({
  id: z.string(),
  baseVersion: z.number().int().min(0, 'baseVersion must be 0 or more.').nullish(),
  answers: z.unknown().optional(),
});

/**
 * customer-app §7 call 7 with DESIGN §7's merge: only the owner, only until submitted; the
 * answers as an object or JSON text (even double-encoded); one statement merges and returns the
 * new data and version, with any keys left alone because a newer answer was already stored.
 */
export async function saveRecordAnswers(
  deps: ServiceDeps,
  actor: Actor | null,
  input: unknown,
  options: { returnData: boolean } = { returnData: true },
): Promise<Result<RecordSaveModel>> {
  if (!actor) return denial('unauthenticated');
  const parsed = saveInput.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid save.');
  const { id, baseVersion } = parsed.data;
  if (!isUuid(id)) return denial('not-found', notFound);
  const answers = parseAnswers(parsed.data.answers);
  if (!answers.ok) return fail('BAD_USER_INPUT', answers.error);
  const problem = findAnswersProblem(answers.answers);
  if (problem) return fail('BAD_USER_INPUT', ANSWER_LIMIT_MESSAGES[problem]);

  const merge = {
    id,
    baseVersion,
    answersJson: JSON.stringify(answers.answers),
    scope: answerWriteScope(actor),
    returnData: options.returnData,
  };
  const written = await unlessUnreadable(() =>
    writeRecords(deps, async (writer) => {
      const row = await records.saveAnswers(writer, merge);
      return { value: row, changed: row ? [row.id] : [] };
    }),
  );
  if (!written.ok) return written;
  const saved = written.value;
  if (saved) {
    return ok({
      id: saved.id,
      ...(options.returnData ? { data: new Withheld(readStoredAnswers(saved.data)) } : {}),
      updatedAt: saved.updated_at,
      version: saved.version,
      inventoryTypeId: saved.inventory_type_id,
      formVersion: saved.form_version,
      conflictingKeys: saved.conflicting_keys,
    });
  }
  return explainRefusedWrite(deps, actor, id, 'saveAnswers', baseVersion, JSON.stringify(answers.answers));
}

/** customer-app §7 call 8: merges the final answers (if any) and sets submitted = true. */
export async function submitRecord(
  deps: ServiceDeps,
  actor: Actor | null,
  input: unknown,
  answersRead: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel>> {
  if (!actor) return denial('unauthenticated');
  const parsed = submitInput.safeParse(input);
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid submission.');
  const { id } = parsed.data;
  const baseVersion = parsed.data.baseVersion ?? null;
  if (!isUuid(id)) return denial('not-found', notFound);
  const answers =
    parsed.data.answers === undefined || parsed.data.answers === null
      ? ({ ok: true, answers: {} } as const)
      : parseAnswers(parsed.data.answers);
  if (!answers.ok) return fail('BAD_USER_INPUT', answers.error);
  const problem = findAnswersProblem(answers.answers);
  if (problem) return fail('BAD_USER_INPUT', ANSWER_LIMIT_MESSAGES[problem]);

  const merge = {
    id,
    baseVersion,
    answersJson: JSON.stringify(answers.answers),
    scope: answerWriteScope(actor),
    returnData: false,
  };
  const written = await unlessUnreadable(() =>
    writeRecords(deps, async (writer) => {
      const row = await records.submitAnswers(writer, merge);
      return { value: row, changed: row ? [row.id] : [] };
    }),
  );
  if (!written.ok) return written;
  const saved = written.value;
  if (!saved)
    return explainRefusedWrite(deps, actor, id, 'submit', baseVersion, JSON.stringify(answers.answers));
  return getRecord(deps, actor, id, answersRead);
}

/**
 * Issue 30 §3: a save into a record whose stored answers do not open (its key destroyed, a wrong
 * key-encryption key, an altered value) is refused with that record's message, never merged into
 * nothing (which would drop the answers) and never a crash.
 */
async function unlessUnreadable<T>(write: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (error instanceof RecordUnreadableError) return fail('CONFLICT', error.message);
    throw error;
  }
}

/**
 * A guarded write changed nothing: the policy, given the record as it is now, says why (without
 * revealing a record the actor may not see). If it would allow the write, the base version was
 * ahead of the record's.
 */
async function explainRefusedWrite(
  deps: ServiceDeps,
  actor: Actor,
  id: string,
  operation: 'saveAnswers' | 'submit',
  baseVersion: number | null,
  answersJson: string,
): Promise<{ ok: false; failure: Failure }> {
  const row = await records.findRecordFacts(deps.database, id);
  if (!row) return denial('not-found', notFound);
  const refused = refusal(decideRecord(actor, operation, facts(row)), {
    ...notFound,
    forbidden: NOT_THE_OWNER,
  });
  if (refused) return refused;
  if (operation === 'submit' && baseVersion !== null && baseVersion < row.form_changed_version)
    return fail('BAD_USER_INPUT', FORM_CHANGED_SINCE(row.form_changed_version));
  const size = await records.mergedRecordSize(deps.database, id, answersJson);
  if (size && size.keys > MAX_RECORD_KEYS) return fail('BAD_USER_INPUT', ANSWER_LIMIT_MESSAGES.tooManyKeys);
  if (size && size.bytes > MAX_RECORD_BYTES)
    return fail('BAD_USER_INPUT', ANSWER_LIMIT_MESSAGES.recordTooLarge);
  return fail(
    'BAD_USER_INPUT',
    `baseVersion ${baseVersion ?? 0} is ahead of the record's version ${row.version}; reload the record.`,
  );
}

/** admin-app §4: the admin's Submitted select. */
export async function setRecordSubmitted(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  submitted: boolean,
  answers: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel>> {
  const refused = refusal(decide(actor, 'record.setSubmitted'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  if (!isUuid(id)) return denial('not-found', notFound);
  const changed = await writeRecords(deps, async (writer) => {
    const ids = await records.setSubmitted(writer, id, submitted);
    return { value: ids.length > 0, changed: ids };
  });
  if (!changed) return denial('not-found', notFound);
  return getRecord(deps, actor, id, answers);
}

/** The names given in the records' invitations, shown instead of other organizations' people's own. */
export function invitedNamesOf(deps: ServiceDeps, recordIds: readonly string[]) {
  return reads.invitedNames(deps.database, recordIds);
}
