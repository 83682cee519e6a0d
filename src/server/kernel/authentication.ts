import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';

/** A call whose sign-in is missing or not acceptable: answered 401 with its message. */
export class AuthenticationError extends Error {
  readonly statusCode = 401;
  constructor(message: string) {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/** A token issued before the person's last logout or password reset (issue 14 §3). */
export const SIGNED_OUT_MESSAGE =
  'This sign-in has ended (you logged out or changed your password). Sign in again.';

/**
 * The viewer, unless their token was issued before their last logout or password reset (issue 25
 * §5, to the millisecond). A token that carries its exact issue instant is compared by it; one with
 * a whole-second `iat` only is refused when that second began at or before the logout, since it may
 * have been issued before it (a sign-in through another issuer in that same second must sign in again).
 */
export function refuseEndedSignIn<V extends { tokensValidAfter: number | null }>(
  identity: { issuedAt: number; issuedAtMs: number | null },
  viewer: V,
): V {
  const endedAt = viewer.tokensValidAfter;
  if (endedAt === null) return viewer;
  const ended = identity.issuedAtMs !== null ? identity.issuedAtMs <= endedAt : identity.issuedAt <= endedAt;
  if (ended) throw new AuthenticationError(SIGNED_OUT_MESSAGE);
  return viewer;
}

export function bearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw new AuthenticationError(MISSING_TOKEN_MESSAGE);
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header.trim());
  if (!match?.[1])
    throw new AuthenticationError('Malformed Authorization header: expected "Bearer <token>".');
  return match[1];
}
