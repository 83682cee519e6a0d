import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { ALLOWED_ROLES_KEY, ISSUED_AT_MS_KEY, SIGN_IN_SESSION_KEY } from '#domain/client-config.ts';

/** What the server takes from a verified ID token. */
export interface VerifiedIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  /** The allowed-roles claim; informational only: authorization reads roles from the database. */
  claimedRoles: string[];
  expiresAt: number;
  /** The start of the second the token was issued in (`iat` × 1000). */
  issuedAt: number;
  /**
   * The exact instant it was issued (ms), when the issuer says (our embedded provider does, issue
   * 25 §5); null for issuers that give `iat` only.
   */
  issuedAtMs: number | null;
  /**
   * When the person signed in (`auth_time` × 1000): tokens renewed later keep it, so the absolute
   * session lifetime is counted from it (issue 29 §4). Null when the issuer does not say.
   */
  authTime: number | null;
  /**
   * Which sign-in (device) the token belongs to (issue 38 §4): our provider's session uid (claim
   * `session` in our namespace), else an outside issuer's session id `sid`, else the token's own
   * SHA-256, so Logout ends this device's tokens and no other's.
   */
  signInId: string;
}

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  claimsNamespace: string;
  keys: JWTVerifyGetKey;
  now?: () => number;
}

// customer-app §5 and §9: ID-token leeway 60 s.
const LEEWAY_SECONDS = 60;

/**
 * Checks an ID token as customer-app §5 asks: issuer, audience, RS256 only (so HS256 and `none` are
 * refused whatever the header says), exp and iat numeric with 60 s leeway, sub present, and a
 * signature by a key of the issuer's JWKS.
 */
export function createTokenVerifier(
  options: TokenVerifierOptions,
): (token: string) => Promise<VerifiedIdentity> {
  return async (token) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ['sub', 'exp', 'iat'],
        ...(options.now ? { currentDate: new Date(options.now()) } : {}),
      }));
    } catch (error) {
      throw new TokenError(describeFailure(error));
    }
    // OpenID Connect Core §3.1.3.7: with several audiences the token names who it was issued to
    // (azp), and that must be us; an azp, when present, is always ours (issue 14 §13).
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== options.audience) {
      throw new TokenError('The sign-in token was issued to another application.');
    }
    const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
    if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + LEEWAY_SECONDS) {
      throw new TokenError('The sign-in token was issued in the future.');
    }
    if (typeof payload.sub !== 'string' || payload.sub.length === 0)
      throw new TokenError('The sign-in token has no subject.');
    // Issue 38 §2: the absolute session lifetime is counted from auth_time, so a value that is not
    // a number (a string once skipped the limit) or lies in the future is refused, never ignored.
    if (payload.auth_time !== undefined) {
      if (typeof payload.auth_time !== 'number' || !Number.isFinite(payload.auth_time))
        throw new TokenError('The sign-in token is invalid (auth_time).');
      if (payload.auth_time > nowSeconds + LEEWAY_SECONDS)
        throw new TokenError('The sign-in token says the sign-in happened in the future.');
    }
    const custom = payload[options.claimsNamespace] as Record<string, unknown> | undefined;
    const roles = custom?.[ALLOWED_ROLES_KEY];
    return {
      sub: payload.sub,
      email: typeof payload.email === 'string' ? payload.email : undefined,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : undefined,
      claimedRoles: Array.isArray(roles)
        ? roles.filter((role): role is string => typeof role === 'string')
        : [],
      expiresAt: (payload.exp as number) * 1000,
      issuedAt: payload.iat * 1000,
      issuedAtMs: exactIssueInstant(custom?.[ISSUED_AT_MS_KEY], payload.iat),
      authTime: typeof payload.auth_time === 'number' ? payload.auth_time * 1000 : null,
      signInId: signInIdOf(payload, custom?.[SIGN_IN_SESSION_KEY], token),
    };
  };
}

function signInIdOf(payload: JWTPayload, session: unknown, token: string): string {
  if (typeof session === 'string' && session.length > 0) return `session:${session}`;
  if (typeof payload.sid === 'string' && payload.sid.length > 0) return `sid:${payload.sid}`;
  return `token:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

/** The provider's ms issue instant, believed only if it agrees with `iat` (within the leeway). */
function exactIssueInstant(value: unknown, iat: number): number | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
  const start = iat * 1000;
  return value >= start - LEEWAY_SECONDS * 1000 && value < start + 1000 ? value : null;
}

function describeFailure(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The sign-in token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'The sign-in token was issued by an unknown issuer.';
    if (error.claim === 'aud') return 'The sign-in token is not meant for this application.';
    return `The sign-in token is invalid (${error.claim}).`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The sign-in token is not signed with RS256.';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'The sign-in token signature is invalid.';
  if (error instanceof errors.JWKSNoMatchingKey) return 'The sign-in token was signed by an unknown key.';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid)
    return 'The sign-in token is malformed.';
  return 'The sign-in token could not be verified.';
}

/**
 * Keys of the embedded provider, read from the database; re-read (at most every 30 s) when a token
 * names a key we have not seen, which is how a rotation by another instance is picked up.
 */
export function databaseKeySet(load: () => Promise<JSONWebKeySet>): JWTVerifyGetKey {
  let current: { keys: JWTVerifyGetKey; loadedAt: number } | undefined;
  const refresh = async () => {
    current = { keys: createLocalJWKSet(await load()), loadedAt: Date.now() };
    return current.keys;
  };
  return async (header, token) => {
    const keys = current?.keys ?? (await refresh());
    try {
      return await keys(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - (current?.loadedAt ?? 0) < 30_000)
        throw error;
      return (await refresh())(header, token);
    }
  };
}

/** Keys of an external issuer: its discovery document names the JWKS, fetched and cached by jose. */
export function discoveredKeySet(issuer: string, fetchImpl: typeof fetch = fetch): JWTVerifyGetKey {
  let remote: Promise<JWTVerifyGetKey> | undefined;
  const discover = async () => {
    const response = await fetchImpl(`${issuer}/.well-known/openid-configuration`);
    if (!response.ok)
      throw new TokenError(`The identity provider's discovery document is unavailable (${response.status}).`);
    const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
    if (!jwksUri) throw new TokenError('The identity provider publishes no jwks_uri.');
    return createRemoteJWKSet(new URL(jwksUri));
  };
  return async (header, token) => {
    remote ??= discover().catch((error) => {
      remote = undefined; // try again on the next request
      throw error;
    });
    return (await remote)(header, token);
  };
}
