import { MISSING_TOKEN_MESSAGE } from './graphql-client.ts';

/** A refusal or failure of a service endpoint: `message` is the server's `{ error }` when it sent one. */
export class ServiceError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ServiceError';
    this.status = status;
  }
}

/**
 * POSTs JSON to a service endpoint under /api with the ID token as bearer (customer-app §7: every
 * call carries it; without one the spec's message). The answer's body, or a ServiceError whose
 * message is the server's `error` field (customer-app §7: "a failure reads error").
 */
export async function postToService<TResult>(
  path: string,
  body: unknown,
  { getIdToken, signal }: { getIdToken: () => Promise<string | null>; signal?: AbortSignal },
): Promise<TResult> {
  const token = await getIdToken();
  if (!token) throw new ServiceError(401, MISSING_TOKEN_MESSAGE);
  const response = await fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  if (!response.ok || answer === null) {
    const message = typeof answer?.error === 'string' ? answer.error : '';
    throw new ServiceError(response.status, message);
  }
  if (typeof answer.error === 'string') throw new ServiceError(response.status, answer.error);
  return answer as TResult;
}
