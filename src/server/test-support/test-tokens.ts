import { importJWK, type JWTPayload, SignJWT } from 'jose';
import { ALLOWED_ROLES_KEY } from '#domain/client-config.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { loadOrCreateSigningKeys } from '../modules/identity/signing-keys.ts';

export interface TestTokenOptions {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  roles?: string[];
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  extra?: JWTPayload;
}

/**
 * An ID token signed with the embedded provider's own key, exactly as it would issue one. For
 * server tests that need a signed-in caller without driving the sign-in pages.
 */
export async function signTestIdToken(db: Db, config: Config, options: TestTokenOptions): Promise<string> {
  const { keys } = await loadOrCreateSigningKeys(db);
  const jwk = keys[0];
  if (!jwk) throw new Error('no signing key');
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  // One payload object, so `extra` can override or remove (undefined) any standard claim.
  const payload: JWTPayload = {
    iss: options.issuer ?? config.oidc.issuer,
    aud: options.audience ?? config.oidc.clientId,
    sub: options.sub,
    iat: now,
    exp: now + (options.expiresIn ?? 3600),
    email: options.email,
    email_verified: options.emailVerified ?? true,
    name: options.name,
    [config.oidc.claimsNamespace]: { [ALLOWED_ROLES_KEY]: options.roles ?? [] },
    ...options.extra,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: jwk.kid ?? '' }).sign(key);
}
