import type { ClientConfig } from '#domain/client-config.ts';
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
 * signed in in this tab; everyone else takes the ordinary path.
 */
export function preloadStartRouteData(
  path: string,
  {
    config,
    graphqlClient,
    storage,
  }: { config: ClientConfig; graphqlClient: GraphQLClient; storage: Storage },
): void {
  const recordId = RECORD_ROUTE.exec(path)?.[1];
  if (!recordId) return;
  const owner = readStoredUser(storage, config)?.profile.sub;
  if (owner) startRecordLoadEarly(graphqlClient, decodeURIComponent(recordId), owner);
}
