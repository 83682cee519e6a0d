import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { type SignInEndCause, signInEndCauseOf } from '#domain/sign-in-end.ts';
import type { TypedDocumentString } from '#web/gql/graphql.ts';

export interface GraphQLRequestOptions {
  signal?: AbortSignal;
  /** Aborts the request after this long (customer-app §7 call 7: 10 s for saves). */
  timeoutMs?: number;
}

export interface GraphQLClient {
  request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables?: TVariables,
    options?: GraphQLRequestOptions,
  ): Promise<TResult>;
}

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: { message: string; extensions?: { code?: unknown } }[];
  error?: string;
}

/**
 * A refusal or failure answered by the server: the message shown to people, plus the HTTP status and
 * the error's `extensions.code`, so callers (autosave) can tell a refusal from a passing failure
 * of the server (5xx, INTERNAL_SERVER_ERROR) that is worth retrying.
 */
export class GraphQLRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.status = status;
    this.code = code;
  }
}

/**
 * POSTs typed documents to /graphql with the ID token as bearer (customer-app §7). A GraphQL error
 * becomes a GraphQLRequestError with the FIRST error's message, as the screens show it. A time-out rejects with
 * the platform's "TimeoutError" and a network failure with its TypeError, so callers (autosave) can
 * tell them from refusals.
 */
export function createGraphQLClient({
  getIdToken,
  onSignInEnded,
  endpoint = '/graphql',
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
}: {
  /** A token given as it is (not a promise) lets the request leave in the same task as the call. */
  getIdToken: () => string | null | Promise<string | null>;
  /** Issue 38 §5: a 401 that names why the sign-in ended elsewhere. */
  onSignInEnded?: (cause: SignInEndCause) => void;
  endpoint?: string;
  fetch?: typeof fetch;
}): GraphQLClient {
  async function request<TResult, TVariables>(
    document: TypedDocumentString<TResult, TVariables>,
    variables?: TVariables,
    options: GraphQLRequestOptions = {},
  ): Promise<TResult> {
    const pending = getIdToken();
    const token = typeof pending === 'string' || pending === null ? pending : await pending;
    if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json, application/json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
      signal: combinedSignal(options),
    });
    const body = await readBody<TResult>(response);
    const first = body?.errors?.[0];
    const firstError = first?.message ?? body?.error;
    if (firstError) {
      const code = first?.extensions?.code;
      const cause = response.status === 401 ? signInEndCauseOf(firstError) : null;
      if (cause) onSignInEnded?.(cause);
      throw new GraphQLRequestError(firstError, response.status, typeof code === 'string' ? code : undefined);
    }
    if (!response.ok || body?.data == null) {
      throw new GraphQLRequestError(
        `The server answered ${response.status} ${response.statusText}`.trim(),
        response.status,
      );
    }
    return body.data;
  }
  return { request };
}

async function readBody<TResult>(response: Response): Promise<GraphQLResponse<TResult> | null> {
  try {
    return (await response.json()) as GraphQLResponse<TResult>;
  } catch {
    return null;
  }
}

function combinedSignal({ signal, timeoutMs }: GraphQLRequestOptions): AbortSignal | undefined {
  const signals = [signal, timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs)].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  if (signals.length <= 1) return signals[0];
  return AbortSignal.any(signals);
}
