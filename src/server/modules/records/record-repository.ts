import { type SQL, sql } from 'drizzle-orm';
import { MAX_RECORD_BYTES, MAX_RECORD_KEYS } from '#domain/answer-limits.ts';
import type { AnswerWriteScope } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { reportGenerations, reports } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import { GENERATION_COLUMNS, type GenerationRow, toGeneration } from './record-read-repository.ts';

// The statements that change records (issue 16 §2): each takes a RecordWriter, so its caller goes
// through kernel/record-writes.ts writeRecords, which publishes the change once it has committed.

export type RecordFactsRow = ColumnsOfRow<
  typeof reports,
  'client' | 'organization_id' | 'submitted' | 'version' | 'form_changed_version'
>;

const RECORD_FACTS = prepared<RecordFactsRow>(
  'record-facts',
  sql`select ${reports.clientId}, ${reports.organizationId}, ${reports.submitted}, ${reports.version},
        ${reports.formChangedVersion}
      from ${reports} where ${reports.id} = ${value('id')}::uuid`,
);

/** What the policy needs to explain why a guarded write changed nothing. */
export async function findRecordFacts(database: Database, id: string) {
  const [row] = await runPrepared(database, RECORD_FACTS, { id });
  return row;
}

export type SavedAnswersRow = ColumnsOfRow<
  typeof reports,
  'id' | 'updated_at' | 'version' | 'inventory_type_id'
> &
  Partial<ColumnsOfRow<typeof reports, 'data'>> & {
    /** The form the record is answered against now (issue 26 §3: the client compares it with its own). */
    form_version: number;
    /** Keys of the save written by someone else after its base version. */
    conflicting_keys: string[];
  };

/**
 * The merge rule of src/domain/record-answers.ts (mergeAnswers) as ONE statement (DESIGN §7): the
 * changed answers are merged into the stored ones (`data || accepted`), each accepted key stamped
 * with the new version, keys written after `baseVersion` left alone and returned as conflicting.
 * The WHERE clause is the policy's answer-write scope (owner, not submitted). Concurrent saves of
 * one record queue on its row lock and each merges into the other's result.
 */
// src/domain/record-answers.ts mergedValue: a sent `flattened` map is merged into the stored one.
const FLATTENED_MERGED = sql`case when a.key = 'flattened' and jsonb_typeof(a.value) = 'object'
      and jsonb_typeof(${reports.data} -> 'flattened') = 'object' then (${reports.data} -> 'flattened') || a.value
    else a.value end`;
const ANSWERS = sql`${value('answers')}::jsonb`;

function mergeStatement(name: string, submit: boolean, returnData: boolean) {
  // The base version is null on submit: "as of now".
  const base = submit
    ? sql`coalesce(${value('baseVersion')}::int, ${reports.version})`
    : sql`${value('baseVersion')}::int`;
  // Issue 26 §3: answers typed against a version before the record moved to another form were
  // typed against that other form: none is written (all come back as conflicting), so no answer
  // lands under a key no question of the record's form shows; the client maps and re-sends them.
  const accepted = (answer: SQL) => sql`coalesce((
      select jsonb_object_agg(a.key, ${answer}) from jsonb_each(${ANSWERS}) a
      where coalesce((${reports.answerVersions} ->> a.key)::int, 0) <= ${base}
        and ${base} >= ${reports.formChangedVersion}), '{}'::jsonb)`;
  return prepared<SavedAnswersRow>(
    name,
    sql`update ${reports} set
      ${column(reports.data)} = ${reports.data} || ${accepted(FLATTENED_MERGED)},
      ${column(reports.answerVersions)} = ${reports.answerVersions} || ${accepted(sql`to_jsonb(${reports.version} + 1)`)},
      ${column(reports.version)} = ${reports.version} + 1,
      ${submit ? sql`${column(reports.submitted)} = true,` : sql``}
      ${column(reports.updatedAt)} = now()
    where ${reports.id} = ${value('id')}::uuid and ${reports.clientId} = ${value('owner')}::uuid
      and ${reports.submitted} = false and ${reports.erasedAt} is null
      and ${reports.version} >= ${submit ? sql`coalesce(${value('baseVersion')}::int, 0)` : sql`${value('baseVersion')}::int`}
      ${submit ? sql`and coalesce(${value('baseVersion')}::int, ${reports.version}) >= ${reports.formChangedVersion}` : sql``}
      and ${withinRecordCaps(sql`${reports.data} || ${ANSWERS}`)}
    returning ${reports.id}, ${returnData ? sql`${reports.data},` : sql``} ${reports.updatedAt}, ${reports.version},
      ${reports.inventoryTypeId}, ${reports.formVersion},
      array(select k from jsonb_object_keys(${ANSWERS}) k
            where (${reports.answerVersions} ->> k)::int is distinct from ${reports.version}) as conflicting_keys`,
  );
}

/**
 * Issue 14 §1: a record stays within its caps (src/domain/answer-limits.ts); a save that would pass
 * them changes nothing, and recordSize tells the service why.
 */
function withinRecordCaps(data: SQL): SQL {
  return sql`octet_length((${data})::text) <= ${sql.raw(String(MAX_RECORD_BYTES))}
      and (select count(*) from jsonb_object_keys(${data})) <= ${sql.raw(String(MAX_RECORD_KEYS))}`;
}

const MERGED_SIZE = prepared<{ bytes: number; keys: number }>(
  'record-merged-size',
  sql`select octet_length((${reports.data} || ${ANSWERS})::text)::int as bytes,
        (select count(*) from jsonb_object_keys(${reports.data} || ${ANSWERS}))::int as keys
      from ${reports} where ${reports.id} = ${value('id')}::uuid`,
);

/** The size a record's answers would have with `answersJson` merged in. */
export async function mergedRecordSize(database: Database, id: string, answersJson: string) {
  const [row] = await runPrepared(database, MERGED_SIZE, { id, answers: answersJson });
  return row;
}

const SAVE_ANSWERS = mergeStatement('record-save-answers', false, true);
const SAVE_ANSWERS_NO_DATA = mergeStatement('record-save-answers-lean', false, false);
const SUBMIT_ANSWERS = mergeStatement('record-submit', true, false);

export interface MergeInput {
  id: string;
  baseVersion: number | null;
  answersJson: string;
  scope: AnswerWriteScope;
  /** Read the merged answers back (RETURNING data); a record's data can be large. */
  returnData: boolean;
}

export async function saveAnswers(writer: RecordWriter, input: MergeInput) {
  return merge(writer, input.returnData ? SAVE_ANSWERS : SAVE_ANSWERS_NO_DATA, input);
}

export async function submitAnswers(writer: RecordWriter, input: MergeInput) {
  return merge(writer, SUBMIT_ANSWERS, input);
}

async function merge(
  writer: RecordWriter,
  statement: typeof SAVE_ANSWERS,
  input: MergeInput,
): Promise<SavedAnswersRow | undefined> {
  const [row] = await runPrepared(writer, statement, {
    id: input.id,
    baseVersion: input.baseVersion,
    answers: input.answersJson,
    owner: input.scope.clientId,
  });
  return row;
}

const SET_SUBMITTED = prepared<ColumnsOfRow<typeof reports, 'id'>>(
  'record-set-submitted',
  sql`update ${reports} set ${column(reports.submitted)} = ${value('submitted')}::boolean,
        ${column(reports.version)} = ${reports.version} + 1, ${column(reports.updatedAt)} = now()
      where ${reports.id} = ${value('id')}::uuid returning ${reports.id}`,
);

/** admin-app §4: the admin's Submitted select. */
export async function setSubmitted(writer: RecordWriter, id: string, submitted: boolean) {
  const rows = await runPrepared(writer, SET_SUBMITTED, { id, submitted });
  return rows.map((row) => row.id);
}

const UPDATE_GENERATION = prepared<GenerationRow>(
  'report-generation-update',
  sql`update ${reportGenerations} set ${column(reportGenerations.response)} = ${value('response')}
      where ${reportGenerations.id} = ${value('id')}::uuid returning ${GENERATION_COLUMNS}`,
);

/** customer-app §7 call 12: the admin's edit of a generation's text. */
export async function updateReportGeneration(writer: RecordWriter, id: string, response: string) {
  const [row] = await runPrepared(writer, UPDATE_GENERATION, { id, response });
  return row ? toGeneration(row) : undefined;
}

// form_version null: the trigger pins each to the target's latest version (decision 100).
const MIGRATE_UNASSIGNED = prepared<ColumnsOfRow<typeof reports, 'id'>>(
  'records-migrate',
  sql`update ${reports} set ${column(reports.inventoryTypeId)} = ${value('targetTypeId')}::uuid,
        ${column(reports.formVersion)} = null,
        ${column(reports.data)} = jsonb_set(${reports.data}, '{steps}', ${value('steps')}::jsonb),
        ${column(reports.version)} = ${reports.version} + 1,
        ${column(reports.formChangedVersion)} = ${reports.version} + 1, ${column(reports.updatedAt)} = now()
      where ${reports.inventoryTypeId} = ${value('sourceTypeId')}::uuid and ${reports.clientId} is null
      returning ${reports.id}`,
);

/**
 * admin-app §5 Migration: every unassigned record (client null) of the source type moves to the
 * target type and takes the target form's steps, in one statement (all or nothing).
 */
export async function migrateUnassignedRecords(
  writer: RecordWriter,
  input: { sourceTypeId: string; targetTypeId: string; stepsJson: string },
) {
  const rows = await runPrepared(writer, MIGRATE_UNASSIGNED, {
    sourceTypeId: input.sourceTypeId,
    targetTypeId: input.targetTypeId,
    steps: input.stepsJson,
  });
  return rows.map((row) => row.id);
}
