import { sql } from 'drizzle-orm';
import { MAX_RECORD_BYTES, MAX_RECORD_KEYS } from '#domain/answer-limits.ts';
import type { AnswerWriteScope } from '#domain/permissions.ts';
import { type Answers, mergeAnswers } from '#domain/record-answers.ts';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords, reportGenerations } from '../../db/schema.ts';
import { jsonBytesInSlices, stringifyInSlices } from '../../kernel/json-in-slices.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import { openedAnswersOf } from './opened-answers-cache.ts';
import { GENERATION_COLUMNS, type SealedGenerationRow, toGeneration } from './record-read-repository.ts';
import { openAnswers, openGenerationRows, sealAnswers, sealText } from './record-sealing.ts';

// The statements that change records (issue 16 §2): each takes a RecordWriter, so its caller goes
// through kernel/record-writes.ts writeRecords, which publishes the change once it has committed.

export type RecordFactsRow = ColumnsOfRow<
  typeof lifeRecords,
  'client' | 'organization_id' | 'submitted' | 'version' | 'form_changed_version'
>;

const RECORD_FACTS = prepared<RecordFactsRow>(
  'record-facts',
  sql`select ${lifeRecords.clientId}, ${lifeRecords.organizationId}, ${lifeRecords.submitted}, ${lifeRecords.version},
        ${lifeRecords.formChangedVersion}
      from ${lifeRecords} where ${lifeRecords.id} = ${value('id')}::uuid`,
);

/** What the policy needs to explain why a guarded write changed nothing. */
export async function findRecordFacts(database: Database, id: string) {
  const [row] = await runPrepared(database, RECORD_FACTS, { id });
  return row;
}

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
    if (await exceedsRecordCaps({ ...stored.data, ...changes })) return undefined;
    const json = await stringifyInSlices(merged.stored.data);
    const [written] = await runPrepared(writer, WRITE_MERGED, {
      id: row.id,
      readVersion: row.version,
      // A record with answers keeps its key: if it was destroyed (erasure), the save fails.
      data: await writer.vault.seal(row.id, 'answers', json, !(row.data || usedKnown)),
      answerVersions: JSON.stringify(merged.stored.keyVersions),
      submit,
    });
    if (written) opened.remember(row.id, written.version, merged.stored.data, json.length);
    if (written)
      return {
        ...written,
        ...(input.returnData ? { data: merged.stored.data } : {}),
        conflicting_keys: conflicting,
      };
  }
  throw new Error(`record ${input.id} kept changing during ${MERGE_ATTEMPTS} attempts to save into it`);
}

/** Issue 14 §1: a record stays within its caps (src/domain/answer-limits.ts), measured as JSON. */
async function exceedsRecordCaps(data: Answers): Promise<boolean> {
  const size = await recordSize(data);
  return size.keys > MAX_RECORD_KEYS || size.bytes > MAX_RECORD_BYTES;
}

async function recordSize(data: Answers) {
  return { bytes: await jsonBytesInSlices(data), keys: Object.keys(data).length };
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

const SET_SUBMITTED = prepared<ColumnsOfRow<typeof lifeRecords, 'id'>>(
  'record-set-submitted',
  sql`update ${lifeRecords} set ${column(lifeRecords.submitted)} = ${value('submitted')}::boolean,
        ${column(lifeRecords.version)} = ${lifeRecords.version} + 1, ${column(lifeRecords.updatedAt)} = now()
      where ${lifeRecords.id} = ${value('id')}::uuid returning ${lifeRecords.id}`,
);

/** admin-app §4: the admin's Submitted select. */
export async function setSubmitted(writer: RecordWriter, id: string, submitted: boolean) {
  const rows = await runPrepared(writer, SET_SUBMITTED, { id, submitted });
  return rows.map((row) => row.id);
}

const GENERATION_RECORD = prepared<ColumnsOfRow<typeof reportGenerations, 'report_id'>>(
  'report-generation-record',
  sql`select ${reportGenerations.reportId} from ${reportGenerations} where ${reportGenerations.id} = ${value('id')}::uuid`,
);
const UPDATE_GENERATION = prepared<SealedGenerationRow>(
  'report-generation-update',
  sql`update ${reportGenerations} set ${column(reportGenerations.response)} = ${value('response')}::bytea
      where ${reportGenerations.id} = ${value('id')}::uuid returning ${GENERATION_COLUMNS}`,
);

/** customer-app §7 call 12: the admin's edit of a generation's text (sealed, issue 30). */
export async function updateReportGeneration(writer: RecordWriter, id: string, response: string) {
  const [generation] = await runPrepared(writer, GENERATION_RECORD, { id });
  if (!generation) return undefined;
  const sealed = await sealText(writer, generation.report_id, 'generation', response);
  const [row] = await openGenerationRows(
    writer,
    await runPrepared(writer, UPDATE_GENERATION, { id, response: sealed }),
  );
  return row ? toGeneration(row) : undefined;
}

type UnassignedRow = ColumnsOfRow<typeof lifeRecords, 'id' | 'data'>;

const UNASSIGNED_OF_TYPE = prepared<UnassignedRow>(
  'record-unassigned-of-type',
  sql`select ${lifeRecords.id}, ${lifeRecords.data} from ${lifeRecords}
      where ${lifeRecords.inventoryTypeId} = ${value('sourceTypeId')}::uuid and ${lifeRecords.clientId} is null
      order by ${lifeRecords.id} for update`,
);
const MOVE_UNASSIGNED = prepared<never>(
  'record-move-unassigned',
  sql`update ${lifeRecords} set ${column(lifeRecords.inventoryTypeId)} = ${value('targetTypeId')}::uuid,
        ${column(lifeRecords.formVersion)} = null, ${column(lifeRecords.data)} = ${value('sealed')}::bytea,
        ${column(lifeRecords.version)} = ${lifeRecords.version} + 1,
        ${column(lifeRecords.formChangedVersion)} = ${lifeRecords.version} + 1, ${column(lifeRecords.updatedAt)} = now()
      where ${lifeRecords.id} = ${value('id')}::uuid`,
);

/**
 * admin-app §5 Migration: every unassigned record (client null) of the source type moves to the
 * target type and takes the target form's steps, all or nothing (one transaction). The steps are
 * set inside each record's sealed answers (issue 30), so the server opens, sets and seals each.
 * form_version null: the trigger pins each to the target's latest version (decision 100).
 */
export async function migrateUnassignedRecords(
  writer: RecordWriter,
  input: { sourceTypeId: string; targetTypeId: string; stepsJson: string },
) {
  const steps = JSON.parse(input.stepsJson) as unknown;
  return writer.db.transaction(async (tx) => {
    const rows = await runStatement(tx, UNASSIGNED_OF_TYPE, { sourceTypeId: input.sourceTypeId });
    for (const row of rows) {
      const data = { ...(await openAnswers(writer, row.id, row.data)), steps };
      const sealed = await sealAnswers(writer, row.id, data);
      await runStatement(tx, MOVE_UNASSIGNED, { id: row.id, targetTypeId: input.targetTypeId, sealed });
    }
    return rows.map((row) => row.id);
  });
}
