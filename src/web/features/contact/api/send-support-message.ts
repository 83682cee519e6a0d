import { useMutation } from '@tanstack/react-query';
import type { SupportMessage } from '#domain/support-message.ts';

/** admin-app §8 Contact error: what a failed send shows, whatever went wrong. */
export const CONTACT_ERROR_MESSAGE = 'There was an error sending your message. Please try again.';

/** A refused or failed send; `status` 0 when the server could not be reached at all. */
export class SupportMessageError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(status: number, serverMessage?: string) {
    super(serverMessage ?? `Sending the support message failed (HTTP ${status}).`);
    this.name = 'SupportMessageError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** admin-app §7 POST /support (served at /api/support): no sign-in, so no token is sent. */
export async function postSupportMessage(
  message: SupportMessage,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  let response: Response;
  try {
    response = await fetchImpl('/api/support', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(message),
    });
  } catch {
    throw new SupportMessageError(0);
  }
  if (response.ok) return;
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  throw new SupportMessageError(response.status, typeof body?.error === 'string' ? body.error : undefined);
}

/**
 * The line shown under the form after a failed send: the spec's contact error, except when the
 * server refused because of its rate limit (429): then its message, which says why and how long to
 * wait, since "please try again" would be wrong advice (decision 041).
 */
export function contactFailureMessage(error: unknown): string {
  if (error instanceof SupportMessageError && error.status === 429 && error.serverMessage) {
    return error.serverMessage;
  }
  return CONTACT_ERROR_MESSAGE;
}

export function useSendSupportMessage() {
  return useMutation({ mutationFn: (message: SupportMessage) => postSupportMessage(message) });
}
