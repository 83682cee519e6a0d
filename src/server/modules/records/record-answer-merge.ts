import { sql } from 'drizzle-orm';
import { MAX_RECORD_BYTES, MAX_RECORD_KEYS } from '#domain/answer-limits.ts';
import type { AnswerWriteScope } from '#domain/permissions.ts';
import { type Answers, mergeAnswers } from '#domain/record-answers.ts';
import type { Database } from '../../db/database.ts';
import { RecordUnreadableError } from '../../db/encryption/record-vault.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords } from '../../db/schema.ts';
import { jsonBytesInSlices, stringifyInSlices } from '../../kernel/json-in-slices.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import { openedAnswersOf } from './opened-answers-cache.ts';
import { openAnswers } from './record-sealing.ts';

// A save's and a submit's merge of answers into the sealed record (issue 30 §2, decision 130); the
// other statements that change records are in record-repository.ts, which passes these on.

export type SavedAnswersRow = ColumnsOfRow<
  typeof lifeRecords,
  'id' | 'updated_at' | 'version' | 'inventory_type_id'
> & {
  /** The merged answers (read back only when asked for). */
  data?: Answers;
  /** The form the record is answered against now (issue 26 §3: the client compares it with its own). */
  form_version: number;
  /** Keys of the save written by someone else after its base version. */
  conflicting_keys: string[];
};

type MergeSourceRow = ColumnsOfRow<
  typeof lifeRecords,
  | 'id'
  | 'version'
  | 'data'
  | 'answer_versions'
  | 'form_changed_version'
  | 'client'
  | 'submitted'
  | 'erased_at'
>;

// The sealed answers are left out when the row is still at the version this server last wrote
// (`knownVersion`): it holds them opened already (opened-answers-cache.ts).
const READ_FOR_MERGE = prepared<MergeSourceRow>(
  'record-read-for-merge',
  sql`select ${lifeRecords.id}, ${lifeRecords.version},
        case when ${lifeRecords.version} = ${value('knownVersion')}::int then null else ${lifeRecords.data} end as data,
        ${lifeRecords.answerVersions}, ${lifeRecords.formChangedVersion}, ${lifeRecords.clientId}, ${lifeRecords.submitted},
        ${lifeRecords.erasedAt}
      from ${lifeRecords} where ${lifeRecords.id} = ${value('id')}::uuid`,
);

const WRITE_MERGED = prepared<Omit<SavedAnswersRow, 'conflicting_keys' | 'data'>>(
  'record-write-merged',
  sql`update ${lifeRecords} set ${column(lifeRecords.data)} = ${value('data')}::bytea,
        ${column(lifeRecords.answerVersions)} = ${value('answerVersions')}::jsonb,
        ${column(lifeRecords.version)} = ${lifeRecords.version} + 1,
        ${column(lifeRecords.submitted)} = ${lifeRecords.submitted} or ${value('submit')}::boolean,
        ${column(lifeRecords.updatedAt)} = now()
      where ${lifeRecords.id} = ${value('id')}::uuid and ${lifeRecords.version} = ${value('readVersion')}::int
      returning ${lifeRecords.id}, ${lifeRecords.updatedAt}, ${lifeRecords.version}, ${lifeRecords.inventoryTypeId}, ${lifeRecords.formVersion}`,
);

// Issue 39 §1: the same write when this server wrote the row last (mergeIntoKnown). Nothing was
// read, so the row's own conditions are checked here: still the owner's, not submitted, not erased.
const WRITE_INTO_KNOWN = prepared<Omit<SavedAnswersRow, 'conflicting_keys' | 'data'>>(
  'record-write-into-known',
  sql`update ${lifeRecords} set ${column(lifeRecords.data)} = ${value('data')}::bytea,
        ${column(lifeRecords.answerVersions)} = ${value('answerVersions')}::jsonb,
        ${column(lifeRecords.version)} = ${lifeRecords.version} + 1,
        ${column(lifeRecords.submitted)} = ${value('submit')}::boolean,
        ${column(lifeRecords.updatedAt)} = now()
      where ${lifeRecords.id} = ${value('id')}::uuid and ${lifeRecords.version} = ${value('readVersion')}::int
        and ${lifeRecords.clientId} = ${value('clientId')}::uuid and not ${lifeRecords.submitted}
        and ${lifeRecords.erasedAt} is null
      returning ${lifeRecords.id}, ${lifeRecords.updatedAt}, ${lifeRecords.version}, ${lifeRecords.inventoryTypeId}, ${lifeRecords.formVersion}`,
);

/** How often a save reads again after another server's write of the same record won (issue 30 §2). */
const MERGE_ATTEMPTS = 20;

/**
 * Saves of one record in this process run one after another, as they queued on the row lock before:
 * without it, many concurrent saves of one record would keep invalidating each other's read. Between
 * servers (PostgreSQL), the version condition and a short random back-off settle the rare collision.
 */
const recordQueues = new Map<string, Promise<void>>();
function oneAtATime<T>(recordId: string, run: () => Promise<T>): Promise<T> {
  const result = (recordQueues.get(recordId) ?? Promise.resolve()).then(run);
  const settled = result.then(
    () => {},
    () => {},
  );
  recordQueues.set(recordId, settled);
  void settled.then(() => {
    if (recordQueues.get(recordId) === settled) recordQueues.delete(recordId);
  });
  return result;
}

/**
 * Issue 30 §2 (decision 130): the merge rule of src/domain/record-answers.ts (mergeAnswers), run in
 * the server now that the database holds the answers sealed: read the row (version, sealed answers,
 * key versions), open, merge, check the record's caps, seal, and write only if the row is still at
 * the version read; another write in between makes this one read again and merge into its result,
 * as the row lock did before. Two round trips in the common case, no transaction held open.
 * Answers undefined when the policy's scope or the versions refuse the write (the service says why).
 */
function merge(
  writer: RecordWriter,
  input: MergeInput,
  submit: boolean,
): Promise<SavedAnswersRow | undefined> {
  return oneAtATime(input.id, () => mergeOnce(writer, input, submit));
}

async function mergeOnce(
  writer: RecordWriter,
  input: MergeInput,
  submit: boolean,
): Promise<SavedAnswersRow | undefined> {
  const changes = JSON.parse(input.answersJson) as Answers;
  const quick = await mergeIntoKnown(writer, input, changes, submit);
  if (quick !== 'read first') return quick;
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    const opened = openedAnswersOf(writer.vault);
    const known = opened.get(input.id);
    const [row] = await runPrepared(writer, READ_FOR_MERGE, {
      id: input.id,
      knownVersion: known?.version ?? -1,
    });
    // Issue 30 §6: an erased record takes no answers again (decision 131).
    if (!row || row.client !== input.scope.clientId || row.submitted || row.erased_at) return undefined;
    // The base version is null on submit: "as of now".
    const base = input.baseVersion ?? (submit ? row.version : 0);
    if (row.version < (input.baseVersion ?? 0)) return undefined;
    if (submit && base < row.form_changed_version) return undefined;
    const usedKnown = known !== undefined && known.version === row.version && !row.data;
    const stored = {
      data: usedKnown && known ? known.data : await openAnswers(writer, row.id, row.data),
      keyVersions: (row.answer_versions ?? {}) as Record<string, number>,
      version: row.version,
    };
    // Issue 26 §3: answers typed against a version before the record moved to another form were
    // typed against that other form: none is written, all come back as conflicting.
    const formMoved = base < row.form_changed_version;
    const merged = mergeAnswers(stored, formMoved ? {} : changes, base);
    if (!merged.ok) return undefined;
    const conflicting = formMoved ? Object.keys(changes) : merged.conflictingKeys;
    // Issue 39 §3: both written in slices, the event loop free between them (decision 155).
    const sizeHint =
      (usedKnown && known ? known.bytes : (row.data?.byteLength ?? 0)) + input.answersJson.length;
    if (await exceedsRecordCaps({ ...stored.data, ...changes }, sizeHint)) return undefined;
    const json = await stringifyInSlices(merged.stored.data, sizeHint);
    // A record with answers keeps its key: if it was destroyed (erasure), the save fails.
    const sealed = await writer.vault.seal(row.id, 'answers', json, !(row.data || usedKnown));
    const [written] = await runPrepared(writer, WRITE_MERGED, {
      id: row.id,
      readVersion: row.version,
      data: sealed,
      answerVersions: JSON.stringify(merged.stored.keyVersions),
      submit,
    });
    // The row read was not submitted (refused above), so it is now only if this was a submit.
    if (written)
      opened.remember(row.id, written.version, merged.stored.data, json.length, {
        keyVersions: merged.stored.keyVersions,
        formChangedVersion: row.form_changed_version,
        sealedBytes: sealed.byteLength,
        updatedAt: written.updated_at,
        submitted: submit,
      });
    if (written)
      return {
        ...written,
        ...(input.returnData ? { data: merged.stored.data } : {}),
        conflicting_keys: conflicting,
      };
  }
  throw new Error(`record ${input.id} kept changing during ${MERGE_ATTEMPTS} attempts to save into it`);
}

/**
 * Issue 39 §1: the common save, the next one of a record this server wrote last, in one statement
 * instead of two. The answers, their versions and the form's last move are those this server wrote
 * at that version (opened-answers-cache.ts); the write holds only if the row is still at it (and
 * still the owner's, not submitted, not erased). Anything else, or anything this shortcut would
 * refuse, is 'read first': the full path below reads the row and decides, as before.
 */
async function mergeIntoKnown(
  writer: RecordWriter,
  input: MergeInput,
  changes: Answers,
  submit: boolean,
): Promise<SavedAnswersRow | undefined | 'read first'> {
  const opened = openedAnswersOf(writer.vault);
  const known = opened.get(input.id);
  if (!known?.facts || (input.baseVersion ?? 0) > known.version) return 'read first';
  const base = input.baseVersion ?? (submit ? known.version : 0);
  const formMoved = base < known.facts.formChangedVersion;
  if (submit && formMoved) return 'read first';
  const stored = { data: known.data, keyVersions: known.facts.keyVersions, version: known.version };
  const merged = mergeAnswers(stored, formMoved ? {} : changes, base);
  const sizeHint = known.bytes + input.answersJson.length;
  if (!merged.ok || (await exceedsRecordCaps({ ...stored.data, ...changes }, sizeHint))) return 'read first';
  const json = await stringifyInSlices(merged.stored.data, sizeHint);
  let sealed: Buffer;
  try {
    sealed = await writer.vault.seal(input.id, 'answers', json, false);
  } catch (error) {
    // Its key destroyed on another server (erasure) since: the full path reads the row and refuses.
    if (error instanceof RecordUnreadableError) return 'read first';
    throw error;
  }
  const [written] = await runPrepared(writer, WRITE_INTO_KNOWN, {
    id: input.id,
    readVersion: known.version,
    clientId: input.scope.clientId,
    data: sealed,
    answerVersions: JSON.stringify(merged.stored.keyVersions),
    submit,
  });
  if (!written) return 'read first';
  // The write's condition held only for a record not yet submitted: it is now if this was a submit.
  opened.remember(input.id, written.version, merged.stored.data, json.length, {
    keyVersions: merged.stored.keyVersions,
    formChangedVersion: known.facts.formChangedVersion,
    sealedBytes: sealed.byteLength,
    updatedAt: written.updated_at,
    submitted: submit,
  });
  return {
    ...written,
    ...(input.returnData ? { data: merged.stored.data } : {}),
    conflicting_keys: formMoved ? Object.keys(changes) : merged.conflictingKeys,
  };
}

/** Issue 14 §1: a record stays within its caps (src/domain/answer-limits.ts), measured as JSON. */
async function exceedsRecordCaps(data: Answers, sizeHint?: number): Promise<boolean> {
  const size = await recordSize(data, sizeHint);
  return size.keys > MAX_RECORD_KEYS || size.bytes > MAX_RECORD_BYTES;
}

async function recordSize(data: Answers, sizeHint?: number) {
  return { bytes: await jsonBytesInSlices(data, sizeHint), keys: Object.keys(data).length };
}

/** The size a record's answers would have with `answersJson` merged in. */
export async function mergedRecordSize(database: Database, id: string, answersJson: string) {
  const [row] = await runPrepared(database, READ_FOR_MERGE, { id, knownVersion: -1 });
  if (!row) return undefined;
  return recordSize({
    ...(await openAnswers(database, id, row.data)),
    ...(JSON.parse(answersJson) as Answers),
  });
}

export interface MergeInput {
  id: string;
  baseVersion: number | null;
  answersJson: string;
  scope: AnswerWriteScope;
  /** Read the merged answers back; a record's data can be large. */
  returnData: boolean;
}

export async function saveAnswers(writer: RecordWriter, input: MergeInput) {
  return merge(writer, input, false);
}

export async function submitAnswers(writer: RecordWriter, input: MergeInput) {
  return merge(writer, input, true);
}
