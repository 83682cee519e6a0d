import type { WizardAnswers } from '#domain/inventory-wizard.ts';
import { ApiRequestError, requestApi } from '#web/lib/api-request.ts';

// customer-app §8 Alerts: what a failed narrative shows (the wizard stays on the review step).
export const NARRATIVE_FAILED_MESSAGE = 'An error occurred while generating the narrative. Please try again.';

/**
 * customer-app §7 "AI service from the browser", made by the server (DESIGN §8: no key in the
 * browser): POST /api/narrative with the answers as JSON; the narrative is the model's text.
 */
export async function generateNarrative(
  answers: Partial<WizardAnswers>,
  getIdToken: () => Promise<string | null>,
  aiConsent = false,
): Promise<string> {
  const { narrative } = await requestApi<{ narrative: string }>('/api/narrative', getIdToken, {
    // Issue 29 §3: the person's yes to an outside AI, asked on the review step when there is one.
    body: { formData: JSON.stringify(answers), ...(aiConsent ? { aiConsent } : {}) },
  });
  return narrative;
}

/**
 * The alert after a failure: the spec's, except when the server refused for its rate limit, whose
 * message says how long to wait ("please try again" at once would fail again; decision 083).
 */
export function narrativeFailureMessage(error: unknown): string {
  if (
    error instanceof ApiRequestError &&
    (error.status === 429 || error.status === 403) &&
    error.serverMessage
  )
    return error.serverMessage;
  return NARRATIVE_FAILED_MESSAGE;
}
