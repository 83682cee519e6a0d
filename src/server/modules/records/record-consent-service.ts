import { z } from 'zod';
import { AI_CONSENT_MISSING, AI_CONSENT_OWNER_ONLY } from '#domain/audit.ts';
import { decideRecord, RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, aiConsentsOf, auditOwnAction } from '../audit/audit-service.ts';
import * as records from './record-repository.ts';

export interface AiConsentModel {
  recordId: string;
  agreed: boolean;
  /** When the owner last answered; null when they never did. */
  changedAt: Date | null;
}

const consentInput = z.object({
  recordId: z.string({ error: 'recordId is required.' }),
  agreed: z.boolean({ error: 'agreed must be true or false.' }),
});

/**
 * Issue 29 §3: the owner's answer to "Allow {organization} to use an AI service…", changeable at
 * any time. The audit holds it (decision 122): the entry is the consent, so giving and withdrawing
 * are audited by being recorded at all.
 */
export async function setAiConsent(
  deps: ServiceDeps,
  request: AuditRequest | null,
  input: unknown,
): Promise<Result<AiConsentModel>> {
  if (!request) return denial('unauthenticated');
  const parsed = consentInput.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid consent.');
  const { recordId, agreed } = parsed.data;
  const notFound = { notFound: RECORD_NOT_FOUND_MESSAGE, forbidden: AI_CONSENT_OWNER_ONLY };
  if (!isUuid(recordId)) return denial('not-found', notFound);
  const row = await records.findRecordFacts(deps.database, recordId);
  if (!row) return denial('not-found', notFound);
  const facts = { clientId: row.client, organizationId: row.organization_id, submitted: row.submitted };
  const refused = refusal(decideRecord(request.viewer, 'setAiConsent', facts), notFound);
  if (refused) return refused;
  await auditOwnAction(deps, request, {
    recordId,
    action: agreed ? 'ai-consent.given' : 'ai-consent.withdrawn',
  });
  return aiConsentOf(deps, recordId);
}

/** The record's consent as stored (no policy: callers read the record through it first). */
export async function aiConsentOf(deps: ServiceDeps, recordId: string): Promise<Result<AiConsentModel>> {
  const consent = (await aiConsentsOf(deps, [recordId])).get(recordId);
  return ok({ recordId, agreed: consent?.agreed ?? false, changedAt: consent?.at ?? null });
}

/** Issue 29 §3: before a record's answers go to an outside model, its owner must have said yes. */
export async function requireAiConsent(deps: ServiceDeps, recordId: string): Promise<Result<true>> {
  const consent = (await aiConsentsOf(deps, [recordId])).get(recordId);
  return consent?.agreed ? ok(true) : fail('FORBIDDEN', AI_CONSENT_MISSING);
}
