import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { reportGenerations } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import type { ReportGenerationModel } from '../records/record-model.ts';

type InsertedRow = ColumnsOfRow<
  typeof reportGenerations,
  'id' | 'report_id' | 'date_generated' | 'response' | 'model'
>;

/**
 * Stores a generation (customer-app §3 report_generations: date, model, response) and tells the
 * record's subscribers, so open admin screens list it at once (customer-app §7 call 10).
 */
export async function insertReportGeneration(
  writer: RecordWriter,
  input: { recordId: string; response: string; model: string },
): Promise<ReportGenerationModel> {
  const [row] = await runPrepared<InsertedRow>(writer, {
    name: 'report-generation-insert',
    text: `insert into report_generations (report_id, response, model) values ($1::uuid, $2, $3)
           returning id, report_id, date_generated, response, model`,
    values: [input.recordId, input.response, input.model],
  });
  if (!row) throw new Error('The report generation was not stored.');
  return {
    id: row.id,
    recordId: row.report_id,
    dateGenerated: row.date_generated,
    response: row.response,
    model: row.model,
  };
}
