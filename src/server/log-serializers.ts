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
