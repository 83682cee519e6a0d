import { z } from 'zod';
import { AI_CONSENT_MISSING } from '#domain/audit.ts';
import { withoutHiddenAnswers } from '#domain/field-visibility.ts';
import { EMPTY_FORM } from '#domain/form-template.ts';
import { visibleWizardAnswers, WIZARD_FORM, wizardAnswersSchema } from '#domain/inventory-wizard.ts';
import { decide } from '#domain/permissions.ts';
import { parseAnswers } from '#domain/record-answers.ts';
import { prepareReportData } from '#domain/report-data.ts';
import { chooseModel, DEFAULT_MODEL } from '#domain/report-models.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, auditOwnAction } from '../audit/audit-service.ts';
import { formsOfVersions } from '../form-versions/form-version-service.ts';
import { findInventoryType } from '../inventory-types/inventory-type-service.ts';
import { openRecord, recordFormOf, recordReader } from '../records/open-records.ts';
import { requireAiConsent } from '../records/record-consent-service.ts';
import { findAnyRecord } from '../records/record-service.ts';
import { addReportGeneration } from '../records/report-generation-service.ts';
import { narrativeRequest, reportRequest } from './report-prompt.ts';
import type { ReportWriter, WritingResult } from './report-writer.ts';

export interface ReportDeps extends ServiceDeps {
  writer: ReportWriter;
}

// admin-app §8: the report service's own messages.
export const REPORT_NOT_FOUND = 'Report not found';
export const NO_ANSWERS = 'The record has no answers to write a report from yet.';
export const NO_WIZARD_ANSWERS = 'Please answer the questions before asking for the narrative.';

const reportInput = z.object({
  reportId: z.string({ error: 'reportId is required.' }),
  // Accepted for compatibility with the spec's body (customer-app §7); the prompt is built from
  // the stored record instead (decision 081).
  formData: z.unknown().optional(),
  model: z.unknown().optional(),
});

export interface GeneratedReport {
  report: string;
  generation: { id: string; dateGenerated: Date; model: string | null };
}

/**
 * POST /api/reports (customer-app §7 Report service, admin-app §7): admins only. The answers come
 * from the stored record, without those of hidden questions (decision 020 §10), prepared as
 * customer-app §5 and admin-app §5 say; the model is the one chosen, else the type's. The text is
 * stored as a new generation, which reaches the record's subscribers.
 */
export async function generateReport(
  deps: ReportDeps,
  request: AuditRequest | null,
  body: unknown,
): Promise<Result<GeneratedReport>> {
  const refused = refusal(decide(request?.viewer ?? null, 'report.generate'), {
    forbidden: ADMINS_ONLY_MESSAGE,
  });
  if (refused || !request) return refused ?? denial('unauthenticated');
  const input = reportInput.safeParse(body ?? {});
  if (!input.success) return fail('BAD_USER_INPUT', input.error.issues[0]?.message ?? 'Invalid request.');
  const { reportId } = input.data;
  if (!isUuid(reportId)) return fail('NOT_FOUND', REPORT_NOT_FOUND);

  const record = await findAnyRecord(deps, request.viewer, reportId);
  if (!record) return fail('NOT_FOUND', REPORT_NOT_FOUND);
  // Issue 30 §3: answers that do not open are said so, never sent to a model as nothing.
  if (record.unreadable) return fail('CONFLICT', record.unreadable);
  const type = await findInventoryType(deps.database, record.inventoryTypeId);
  if (!type) return fail('NOT_FOUND', REPORT_NOT_FOUND);
  const model = chooseModel(input.data.model, type.model);
  if (!model.ok) return fail('BAD_USER_INPUT', model.error);

  // Issue 12: the form the person answered (the record's version, or its own steps), not the draft.
  const versionKey = `${record.inventoryTypeId}/${record.formVersion}`;
  const versionForm = (await formsOfVersions(deps, [versionKey])).get(versionKey);
  const form = recordFormOf(versionForm, record.data).template ?? EMPTY_FORM;
  // Prepared inside the server and still withheld: it leaves only through the door below.
  const prepared = record.data.map((answers) => prepareReportData(withoutHiddenAnswers(form, answers)));
  if (prepared.isEmpty()) return fail('BAD_USER_INPUT', NO_ANSWERS);

  // Issue 29 §3: answers leave the machine only with their owner's yes (the offline generator
  // keeps them here); §1: the entry is written before they are sent, or nothing is sent.
  if (deps.writer.kind !== 'offline') {
    const consent = await requireAiConsent(deps, record.id);
    if (!consent.ok) return consent;
  }
  const send = {
    provider: deps.writer.kind,
    model: deps.writer.kind === 'offline' ? 'the offline generator' : model.model,
  };
  const answers = await openRecord(
    recordReader(deps, request),
    { recordId: record.id, ownerId: record.clientId, value: prepared },
    { generate: send },
  );
  const written = await deps.writer.write(
    reportRequest({
      model: model.model,
      typeName: type.name,
      reportQuery: type.reportQuery,
      form,
      prepared: answers,
    }),
  );
  if (!written.ok) return writingFailure(written);
  const generated = { recordId: record.id, response: written.text, model: written.model };
  const generation = await addReportGeneration(deps, generated);
  return ok({
    // The model's text, written for this admin just now (entered as report.generate above).
    report: generated.response,
    generation: { id: generation.id, dateGenerated: generation.dateGenerated, model: generation.model },
  });
}

const narrativeInput = z.object({
  formData: z.unknown(),
  model: z.unknown().optional(),
  /** Issue 29 §3: the person's yes to an outside AI, asked on the wizard's review step. */
  aiConsent: z.boolean({ error: 'aiConsent must be true or false.' }).optional(),
});

/**
 * POST /api/narrative (customer-app §2 Inventory, §7 "AI service from the browser", moved to the
 * server so no key reaches the browser, DESIGN §8): customers and admins. The wizard's answers,
 * checked and without hidden follow-ups, go to gpt-4o-mini (customer-app §9) unless a listed model
 * is asked for. Nothing is stored.
 */
export async function generateNarrative(
  deps: ReportDeps,
  request: AuditRequest | null,
  body: unknown,
): Promise<Result<{ narrative: string; model: string }>> {
  const refused = refusal(decide(request?.viewer ?? null, 'narrative.generate'));
  if (refused || !request) return refused ?? denial('unauthenticated');
  const input = narrativeInput.safeParse(body ?? {});
  if (!input.success) {
    const issue = input.error.issues[0];
    return fail('BAD_USER_INPUT', issue?.path[0] === 'aiConsent' ? issue.message : 'formData is required.');
  }
  const raw = parseAnswers(input.data.formData ?? {});
  if (!raw.ok) return fail('BAD_USER_INPUT', raw.error);
  const answers = wizardAnswersSchema.safeParse(raw.answers);
  if (!answers.success) {
    const issue = answers.error.issues[0];
    return fail('BAD_USER_INPUT', `${issue?.path.join('.') || 'formData'}: ${issue?.message ?? 'invalid'}`);
  }
  const model = chooseModel(input.data.model, DEFAULT_MODEL);
  if (!model.ok) return fail('BAD_USER_INPUT', model.error);
  const prepared = prepareReportData(visibleWizardAnswers(answers.data));
  if (Object.keys(prepared).length === 0) return fail('BAD_USER_INPUT', NO_WIZARD_ANSWERS);
  // Issue 29 §3: the wizard's answers are the person's own; they say yes with the request.
  if (deps.writer.kind !== 'offline') {
    if (input.data.aiConsent !== true) return fail('FORBIDDEN', AI_CONSENT_MISSING);
    await auditOwnAction(deps, request, {
      recordId: null,
      action: 'narrative.generate',
      provider: deps.writer.kind,
      model: model.model,
    });
  }

  const written = await deps.writer.write(
    narrativeRequest({ model: model.model, form: WIZARD_FORM, answers: prepared }),
  );
  if (!written.ok) return writingFailure(written);
  return ok({ narrative: written.text, model: written.model });
}

function writingFailure(written: Extract<WritingResult, { ok: false }>) {
  return fail(written.timeout ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY', written.error);
}
