import type { ClientConfig } from '#domain/client-config.ts';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { startRecordLoadEarly } from '#web/features/record/api/record-load.ts';
import { readStoredUser } from '#web/lib/auth/stored-user.ts';
import type { GraphQLClient } from '#web/lib/graphql-client.ts';

/** The route path of the address the app starts at ("#/record/abc?x" → "/record/abc"). */
export function startRoutePath(hash: string): string {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  const path = route.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

const RECORD_ROUTE = /^\/record\/([^/]+)\/?$/;

/**
 * Issue 15 §2: on a visit straight to a record, its data is asked for at start-up, in parallel with
 * the screen's code, rather than after the code has arrived and rendered. Only for a person already
 * signed in in this tab; everyone else takes the ordinary path. Resolves when the data is in (or
 * failed), so the first render can wait for it briefly.
 */
export function preloadStartRouteData(
  path: string,
  {
    config,
    graphqlClient,
    storage,
  }: { config: ClientConfig; graphqlClient: GraphQLClient; storage: Storage },
): Promise<void> {
  const recordId = RECORD_ROUTE.exec(path)?.[1];
  const owner = readStoredUser(storage, config)?.profile.sub;
  if (!recordId || !owner) return Promise.resolve();
  const loaded = startRecordLoadEarly(graphqlClient, decodeURIComponent(recordId), owner);
  // The record heading's first date format loads the locale's data (about 15 ms): done now, while
  // the page waits for the network anyway, rather than in the first render.
  formatLocalDateTime(new Date());
  return loaded;
}
