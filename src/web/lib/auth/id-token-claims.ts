import { ALLOWED_ROLES_KEY } from '#domain/client-config.ts';
import { isRole, type Role } from '#domain/roles.ts';

// customer-app §9: ID-token leeway 60 s (also the "cache expiry margin" before a token is renewed).
export const ID_TOKEN_LEEWAY_SECONDS = 60;

/**
 * The roles in the ID token's custom claims object (customer-app §3: `{ "allowed-roles": [...] }`
 * under the configured namespace). A token without the object gives no roles; §8 says that is
 * only logged.
 */
export function rolesFromClaims(claims: Record<string, unknown>, claimsNamespace: string): Role[] {
  const custom = claims[claimsNamespace];
  if (typeof custom !== 'object' || custom === null) {
    console.error(`Sign-in: the ID token lacks the required claims object "${claimsNamespace}".`);
    return [];
  }
  const allowed = (custom as Record<string, unknown>)[ALLOWED_ROLES_KEY];
  return Array.isArray(allowed) ? allowed.filter(isRole) : [];
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  /** Seconds since the epoch. */
  now: number;
}

/**
 * The checks of customer-app §5 that a browser can make on the token it just received: RS256,
 * issuer, audience, subject, numeric exp/iat with 60 s leeway. oidc-client-ts checks the state and
 * nonce itself; the signature is checked by the server on every call (the token is our bearer).
 * Returns the problem, or null when the token is acceptable.
 */
export function idTokenProblem(idToken: string, expected: IdTokenExpectations): string | null {
  const [headerPart, payloadPart] = idToken.split('.');
  if (!headerPart || !payloadPart) return 'Invalid token format. Missing payload.';
  const header = decodeJsonPart(headerPart);
  const claims = decodeJsonPart(payloadPart);
  if (!header || !claims) return 'Invalid token format. Missing payload.';
  if (header.alg !== 'RS256') return `Unexpected signature algorithm "${String(header.alg)}".`;
  if (trimSlash(String(claims.iss)) !== trimSlash(expected.issuer)) return 'Issuer does not match.';
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) return 'Audience does not match.';
  if (typeof claims.sub !== 'string' || claims.sub === '') return 'User ID (sub) not found in token.';
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return 'exp and iat must be numbers.';
  if (claims.exp + ID_TOKEN_LEEWAY_SECONDS < expected.now) return 'The ID token has expired.';
  if (claims.iat - ID_TOKEN_LEEWAY_SECONDS > expected.now) return 'The ID token was issued in the future.';
  return null;
}

/** Whether a token expiring at `exp` should be renewed before use (within the 60 s margin). */
export function isExpiringSoon(exp: unknown, now: number): boolean {
  return typeof exp !== 'number' || exp - ID_TOKEN_LEEWAY_SECONDS <= now;
}

function decodeJsonPart(part: string): Record<string, unknown> | null {
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
