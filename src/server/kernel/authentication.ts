import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { SIGN_IN_END_MESSAGES, SIGN_IN_ENDED_MESSAGE, storedEndCause } from '#domain/sign-in-end.ts';

/** A call whose sign-in is missing or not acceptable: answered 401 with its message. */
export class AuthenticationError extends Error {
  readonly statusCode = 401;
  constructor(message: string) {
    super(message);
    this.name = 'AuthenticationError';
  }
}

/** A token issued before the person's last password reset (issue 14 §3), when no other cause is known. */
export const SIGNED_OUT_MESSAGE = SIGN_IN_END_MESSAGES.password;

/**
 * The viewer, unless their token was issued before every sign-in of theirs was ended (issue 25
 * §5, to the millisecond), or its own sign-in was ended on its device (issue 38 §4: Logout). A token
 * that carries its exact issue instant is compared by it; one with a whole-second `iat` only is
 * refused when that second began at or before the end, since it may have been issued before it (a
 * sign-in through another issuer in that same second must sign in again). The refusal names the
 * cause (issue 38 §5), so the screen can say who ended it.
 */
export function refuseEndedSignIn<
  V extends {
    tokensValidAfter: number | null;
    signInEndedBy: string | null;
    endedSignIns: readonly string[];
  },
>(identity: { issuedAt: number; issuedAtMs: number | null; signInId: string }, viewer: V): V {
  if (viewer.endedSignIns.includes(identity.signInId))
    throw new AuthenticationError(SIGN_IN_END_MESSAGES.logout);
  const endedAt = viewer.tokensValidAfter;
  if (endedAt === null) return viewer;
  const ended = identity.issuedAtMs !== null ? identity.issuedAtMs <= endedAt : identity.issuedAt <= endedAt;
  if (ended) {
    const cause = storedEndCause(viewer.signInEndedBy);
    throw new AuthenticationError(cause ? SIGN_IN_END_MESSAGES[cause] : SIGN_IN_ENDED_MESSAGE);
  }
  return viewer;
}

export function bearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw new AuthenticationError(MISSING_TOKEN_MESSAGE);
  const match = /^Bearer ([A-Za-z0-9_.~+/=-]+)$/.exec(header.trim());
  if (!match?.[1])
    throw new AuthenticationError('Malformed Authorization header: expected "Bearer <token>".');
  return match[1];
}
