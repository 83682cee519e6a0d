import { useCallback } from 'react';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { useAuth } from './auth/auth-provider.tsx';

/**
 * The one JSON request helper for our /api services (issue 10): Invite, Resend, Checkout, Reports,
 * Narrative and the users service. GraphQL goes through graphql-client.ts.
 *
 * A refused or failed call to one of the /api services (customer-app §7: Invite service, Checkout).
 * `serverMessage` is the `{ error }` the server answered, if any; `status` 0 when the server could
 * not be reached (or no token was at hand), so a screen can fall back to the spec's own text.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  constructor(status: number, serverMessage?: string) {
    super(
      serverMessage ?? (status === 0 ? 'The server could not be reached.' : `The server answered ${status}.`),
    );
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  signal?: AbortSignal;
}

/** A JSON call with the ID token as bearer (customer-app §7: every call carries it). */
export async function requestApi<T>(
  path: string,
  getIdToken: () => Promise<string | null>,
  { method = 'POST', body, signal }: ApiRequestOptions = {},
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<T> {
  const token = await getIdToken();
  if (!token) throw new ApiRequestError(0, MISSING_TOKEN_MESSAGE);
  let response: Response;
  try {
    response = await fetchImpl(path, {
      method,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0);
  }
  const payload = (await response.json().catch(() => null)) as { error?: unknown } | null;
  // customer-app §7: "a failure reads error", whatever the status it came with.
  if (!response.ok || typeof payload?.error === 'string' || payload === null) {
    throw new ApiRequestError(
      response.status,
      typeof payload?.error === 'string' ? payload.error : undefined,
    );
  }
  return payload as T;
}

/** The server's message of a failed call, or the screen's fallback (customer-app §8). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

/** `requestApi` bound to the signed-in session. */
export function useApiRequest() {
  const { getIdToken } = useAuth();
  return useCallback(
    <T>(path: string, options?: ApiRequestOptions) => requestApi<T>(path, getIdToken, options),
    [getIdToken],
  );
}
