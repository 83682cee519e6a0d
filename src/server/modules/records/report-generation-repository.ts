import { sql } from 'drizzle-orm';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { reportGenerations } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import { Withheld } from './open-records.ts';
import type { ReportGenerationModel } from './record-model.ts';

type InsertedRow = ColumnsOfRow<
  typeof reportGenerations,
  'id' | 'report_id' | 'date_generated' | 'response' | 'model'
>;

const g = reportGenerations;
const INSERT_GENERATION = prepared<InsertedRow>(
  'report-generation-insert',
  sql`insert into ${g} (${column(g.reportId)}, ${column(g.response)}, ${column(g.model)})
      values (${value('recordId')}::uuid, ${value('response')}::bytea, ${value('model')})
      returning ${g.id}, ${g.reportId}, ${g.dateGenerated}, ${g.response}, ${g.model}`,
);

/**
 * Stores a generation (customer-app §3 report_generations: date, model, response) and tells the
 * record's subscribers, so open admin screens list it at once (customer-app §7 call 10).
 */
export async function insertReportGeneration(
  writer: RecordWriter,
  input: { recordId: string; response: string; model: string },
): Promise<ReportGenerationModel> {
  // Issue 30 §1: the text is sealed under the record's data key; the caller has it in the clear.
  const response = await writer.vault.seal(input.recordId, 'generation', input.response);
  const [row] = await runPrepared(writer, INSERT_GENERATION, { ...input, response });
  if (!row) throw new Error('The report generation was not stored.');
  return {
    id: row.id,
    recordId: row.report_id,
    dateGenerated: row.date_generated,
    response: new Withheld(input.response),
    model: row.model,
  };
}
