import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords, reportGenerations } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
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

export {
  type MergeInput,
  mergedRecordSize,
  type SavedAnswersRow,
  saveAnswers,
  submitAnswers,
} from './record-answer-merge.ts';

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
