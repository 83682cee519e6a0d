import type { FastifyRequest } from 'fastify';

// Secrets that travel in query strings: mailed link tokens, the ID token given as logout hint,
// authorization codes and PKCE verifiers. Logs must never hold them.
const SECRET_PARAMS = new Set([
  'token',
  'id_token_hint',
  'code',
  'code_verifier',
  'refresh_token',
  'login_hint',
]);

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = decodeURIComponentSafe(pair.split('=')[0] ?? '');
      return SECRET_PARAMS.has(name) ? `${pair.split('=')[0]}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request log line, with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What of an error may be logged: never a database error's context, which quotes the data. */
const LOGGED_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
] as const;

/**
 * Issue 14 §8: PostgreSQL errors carry `where`, `detail` and `hint`, which quote the values a
 * statement was given (a person's answer, say); pino's default error serializer logs them all.
 * Type, message, stack and a few harmless fields are kept, and the same for each cause.
 */
export function errorLogSerializer(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  return loggedError(error, depth);
}

/** Fastify's `err` serializer: errorLogSerializer for the errors Fastify logs. */
export function fastifyErrorSerializer(error: Error): { type: string; message: string; stack: string } {
  return loggedError(error, 0) as { type: string; message: string; stack: string };
}

function loggedError(error: Error, depth: number): Record<string, unknown> {
  const fields = error as unknown as Record<string, unknown>;
  const logged: Record<string, unknown> = {
    type: error.name,
    message: error.message,
    stack: error.stack ?? '',
  };
  for (const field of LOGGED_ERROR_FIELDS) if (fields[field] !== undefined) logged[field] = fields[field];
  if (error.cause !== undefined && depth < 3) logged.cause = errorLogSerializer(error.cause, depth + 1);
  return logged;
}
