import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { AuthenticationError, bearerToken, refuseEndedSignIn } from '../kernel/authentication.ts';
import { loadOrCreateSigningKeys, publicJwks } from '../modules/identity/signing-keys.ts';
import {
  createTokenVerifier,
  databaseKeySet,
  discoveredKeySet,
  TokenError,
  type VerifiedIdentity,
} from '../modules/identity/token-verifier.ts';
import { resolveViewer, type Viewer } from '../modules/identity/viewer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks an ID token; throws an AuthenticationError (401) when it is not acceptable. */
    verifyToken(token: string): Promise<VerifiedIdentity>;
    /** The viewer behind a bearer token (WebSocket connection_init carries one too). */
    viewerForToken(token: string): Promise<Viewer>;
    /** The viewer of an HTTP request with `Authorization: Bearer <ID token>`, or a 401. */
    authenticate(request: FastifyRequest): Promise<Viewer>;
  }
  interface FastifyRequest {
    viewer?: Viewer;
  }
}

/** A token of a sign-in older than the absolute session lifetime (issue 29 §4). */
export const SESSION_TOO_OLD_MESSAGE = SIGN_IN_END_MESSAGES['time-limit'];

/**
 * Issue 29 §4 (OWASP ASVS V7.3): a sign-in lasts at most `maxMs` from the moment the person signed
 * in (`auth_time`, kept by renewed tokens), whatever the token's own `exp`; a token's life is cut
 * at that moment, so a live connection admitted with it closes then too. Issuers that do not say
 * when the person signed in are bounded by their tokens' expiry only.
 */
export function limitToSessionLifetime(identity: VerifiedIdentity, maxMs: number, now = Date.now()) {
  if (identity.authTime === null) return identity;
  const endsAt = identity.authTime + maxMs;
  if (endsAt <= now) throw new AuthenticationError(SESSION_TOO_OLD_MESSAGE);
  return { ...identity, expiresAt: Math.min(identity.expiresAt, endsAt) };
}

/**
 * The token check of every protected call (customer-app §5, DESIGN §5). Keys come from the
 * issuer's JWKS: for the embedded provider straight from the database it publishes them from; for
 * an external issuer (OIDC_ISSUER) through its discovery document.
 */
export const authPlugin = fp(
  async (app) => {
    const { oidc } = app.config;
    const db = app.database.db;
    const verify = createTokenVerifier({
      issuer: oidc.issuer,
      audience: oidc.clientId,
      claimsNamespace: oidc.claimsNamespace,
      keys: oidc.embedded
        ? databaseKeySet(async () => publicJwks(await loadOrCreateSigningKeys(db)))
        : discoveredKeySet(oidc.issuer),
    });

    const maxSessionMs = app.config.session.maxHours * 3_600_000;
    app.decorate('verifyToken', async (token: string) => {
      try {
        return limitToSessionLifetime(await verify(token), maxSessionMs);
      } catch (error) {
        if (error instanceof TokenError) throw new AuthenticationError(error.message);
        throw error;
      }
    });
    app.decorate('viewerForToken', async (token: string) => {
      const identity = await app.verifyToken(token);
      return refuseEndedSignIn(
        identity,
        await resolveViewer({ database: app.database, changes: app.recordChanges }, identity, oidc),
      );
    });
    app.decorate('authenticate', async (request: FastifyRequest) => {
      request.viewer ??= await app.viewerForToken(bearerToken(request.headers.authorization));
      return request.viewer;
    });
  },
  { name: 'auth', dependencies: ['database'] },
);
