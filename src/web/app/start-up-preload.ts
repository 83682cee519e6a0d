import type { ClientConfig } from '#domain/client-config.ts';
import { startRecordLoadEarly } from '#web/features/record/api/record-load.ts';
import { isExpiringSoon } from '#web/lib/auth/id-token-claims.ts';
import { readStoredUser } from '#web/lib/auth/stored-user.ts';
import { parseClientConfig } from '#web/lib/client-config.ts';
import { createGraphQLClient } from '#web/lib/graphql-client.ts';
import { preloadRecordScreen } from './record-screen-chunk.ts';

/** The route path of the address the app starts at ("#/record/abc?x" → "/record/abc"). */
export function startRoutePath(hash: string): string {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  const path = route.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

const RECORD_ROUTE = /^\/record\/([^/]+)\/?$/;

/** The configuration the server embedded in the page; null under the dev server (fetched later). */
function embeddedClientConfig(doc: Document): ClientConfig | null {
  try {
    const embedded = doc.getElementById('app-config')?.textContent;
    return embedded ? parseClientConfig(JSON.parse(embedded)) : null;
  } catch {
    return null; // main.tsx reports it when it loads the configuration itself
  }
}

/**
 * Issue 15 §2: on a visit straight to a record, the record screen's code, the record and the answers
 * this browser kept for it are asked for at once, before the rest of the app is evaluated. Only for
 * a person signed in in this tab whose ID token is good for a while yet; a token about to expire
 * is renewed by the session, on the ordinary path. Resolves when all of it has arrived or failed
 * (the screen sees a failure when it takes the load).
 */
export function startRecordVisitEarly(
  hash: string,
  { doc, storage, now }: { doc: Document; storage: Storage; now: () => number },
): Promise<void> {
  const recordId = RECORD_ROUTE.exec(startRoutePath(hash))?.[1];
  if (!recordId) return Promise.resolve();
  const screen = preloadRecordScreen().then(noop, noop);
  const config = embeddedClientConfig(doc);
  const user = config ? readStoredUser(storage, config) : null;
  const token = user?.id_token;
  if (!user || !token || isExpiringSoon(user.profile.exp, Math.floor(now() / 1000))) return screen;
  // A token given as it is, not a promise: the request leaves now, not after the entry's evaluation.
  const client = createGraphQLClient({ getIdToken: () => token });
  const data = startRecordLoadEarly(client, decodeURIComponent(recordId), user.profile.sub);
  return Promise.all([screen, data]).then(noop);
}

function noop() {}
