import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { prepared, runStatement, value } from '../db/prepared-query.ts';
import { bearerToken, refuseEndedSignIn } from '../kernel/authentication.ts';
import type { VerifiedIdentity } from '../modules/identity/token-verifier.ts';
import { resolveViewer, type Viewer } from '../modules/identity/viewer.ts';

export { SIGNED_OUT_MESSAGE } from '../kernel/authentication.ts';

declare module 'fastify' {
  interface FastifyInstance {
    viewers: ViewerCache;
  }
}

export interface ViewerCache {
  /** The viewer behind a bearer token; throws AuthenticationError (401) when it is not acceptable. */
  forToken(token: string): Promise<Viewer>;
  /** The viewer of a request's Authorization header, or null when the request carries none. */
  forRequest(request: FastifyRequest): Promise<Viewer | null>;
  /** Forgets what is cached about a user, here and on every other instance (roles or user changed). */
  invalidateUser(userId: string): Promise<void>;
  /** Called with the user id whenever what is known of a user is dropped (here or on another instance). */
  onUserChanged(listener: (userId: string) => void): void;
}

export const VIEWER_CHANGES_CHANNEL = 'life_record_viewers';
const NOTIFY_VIEWER_CHANGE = prepared<never>(
  'viewer-cache-notify',
  sql`select pg_notify(${value('channel')}, ${value('userId')})`,
);
/** How long a person's roles and organization are trusted from memory without asking the database. */
export const VIEWER_TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;

/**
 * The hot path's authentication (docs/decisions/014-viewer-cache.md): a verified token is kept
 * until it expires, so its RS256 signature is checked once; the person behind it (roles and
 * organization from the database, DESIGN §6) for at most VIEWER_TTL_MS, and dropped at once when
 * a role or user change goes through this API, on every instance (NOTIFY on PostgreSQL).
 */
export const viewerCachePlugin = fp(
  async (app) => {
    const db = app.database.db;
    // Records moved to a person as they sign in are published like any other write (issue 16 §2).
    const records = { database: app.database, changes: app.recordChanges };
    const identities = new Map<string, VerifiedIdentity>();
    const people = new Map<string, { viewer: Viewer; until: number }>();
    // Bumped by every invalidation: a lookup that started before it must not store its result.
    let generation = 0;

    const changeListeners = new Set<(userId: string) => void>();
    const dropUser = (userId: string) => {
      generation++;
      for (const [key, entry] of people) if (entry.viewer.userId === userId) people.delete(key);
      for (const listener of changeListeners) listener(userId);
    };

    async function verify(token: string): Promise<VerifiedIdentity> {
      const cached = identities.get(token);
      if (cached && cached.expiresAt > Date.now()) return cached;
      const identity = await app.verifyToken(token);
      remember(identities, token, identity);
      return identity;
    }

    async function forToken(token: string): Promise<Viewer> {
      const identity = await verify(token);
      return refuseEndedSignIn(identity, await personOf(identity));
    }

    async function personOf(identity: VerifiedIdentity): Promise<Viewer> {
      // The e-mail and its verification are part of the key: a newly verified address must reach
      // resolveViewer, which links invitations to it (DESIGN §4).
      const key = `${identity.sub}\n${identity.email ?? ''}\n${identity.emailVerified}`;
      const cached = people.get(key);
      const now = Date.now();
      if (cached && cached.until > now) return { ...cached.viewer, tokenExpiresAt: identity.expiresAt };
      const started = generation;
      const viewer = await resolveViewer(records, identity, app.config.oidc);
      if (started === generation) remember(people, key, { viewer, until: now + VIEWER_TTL_MS });
      return viewer;
    }

    const cache: ViewerCache = {
      forToken,
      onUserChanged: (listener) => {
        changeListeners.add(listener);
      },
      async forRequest(request) {
        const header = request.headers.authorization;
        if (header === undefined || header.trim() === '') return null;
        request.viewer ??= await forToken(bearerToken(header));
        return request.viewer;
      },
      async invalidateUser(userId) {
        dropUser(userId);
        if (app.database.kind === 'postgres') {
          await runStatement(db, NOTIFY_VIEWER_CHANGE, { channel: VIEWER_CHANGES_CHANNEL, userId });
        }
      },
    };
    app.decorate('viewers', cache);

    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [token, identity] of identities) if (identity.expiresAt <= now) identities.delete(token);
      for (const [key, entry] of people) if (entry.until <= now) people.delete(key);
    }, 60_000);
    sweep.unref();
    const stopListening =
      app.database.kind === 'postgres'
        ? await app.database.listen(VIEWER_CHANGES_CHANNEL, dropUser)
        : undefined;
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await stopListening?.();
    });
  },
  { name: 'viewer-cache', dependencies: ['auth', 'database'] },
);

/** Insertion-ordered maps forget their oldest entries first when full. */
function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
}
