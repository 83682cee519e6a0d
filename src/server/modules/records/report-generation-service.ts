import { z } from 'zod';
import type { Actor } from '#domain/permissions.ts';
import { decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { writeRecords } from '../../kernel/record-writes.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { ReportGenerationModel } from './record-model.ts';
import * as reads from './record-read-repository.ts';
import * as records from './record-repository.ts';
import * as generations from './report-generation-repository.ts';

// customer-app §3 report_generations as a record shows them: listed, the latest, and the admin's edit.
const GENERATION_NOT_FOUND = 'Report generation not found.';

/**
 * Issue 40 §1 (decision 202): the command another module (reports) calls to add a generation to a
 * record it has decided may have one; stored sealed, and the record's subscribers told after commit.
 */
export function addReportGeneration(
  deps: ServiceDeps,
  input: { recordId: string; response: string; model: string },
): Promise<ReportGenerationModel> {
  return writeRecords(deps, async (writer) => ({
    value: await generations.insertReportGeneration(writer, input),
    changed: [input.recordId],
  }));
}

/** Generations of records whose `visible.reportGenerations` the policy already granted. */
export function reportGenerationsOf(deps: ServiceDeps, recordIds: readonly string[]) {
  return reads.listReportGenerations(deps.database, recordIds);
}

/** admin-app §7 Latest generation for a report. */
export async function latestReportGeneration(
  deps: ServiceDeps,
  actor: Actor | null,
  recordId: string,
): Promise<Result<ReportGenerationModel | null>> {
  const refused = refusal(decide(actor, 'reportGeneration.read'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  if (!isUuid(recordId)) return ok(null);
  return ok((await reads.latestReportGeneration(deps.database, recordId)) ?? null);
}

const generationText = z
  .string()
  .max(1_000_000, 'The report text is too long (at most 1,000,000 characters).');

/** customer-app §7 call 12: an admin edits a generation's text; its record's viewers see it live. */
export async function updateReportGeneration(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  response: unknown,
): Promise<Result<ReportGenerationModel>> {
  const refused = refusal(decide(actor, 'reportGeneration.write'), { forbidden: ADMINS_ONLY_MESSAGE });
  if (refused) return refused;
  const text = generationText.safeParse(response);
  if (!text.success) return fail('BAD_USER_INPUT', text.error.issues[0]?.message ?? 'Invalid report text.');
  if (!isUuid(id)) return denial('not-found', { notFound: GENERATION_NOT_FOUND });
  const updated = await writeRecords(deps, async (writer) => {
    const generation = await records.updateReportGeneration(writer, id, text.data);
    return { value: generation, changed: generation ? [generation.recordId] : [] };
  });
  return updated ? ok(updated) : denial('not-found', { notFound: GENERATION_NOT_FOUND });
}
