import { type Client, createClient } from 'graphql-ws/client';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { type SignInEndCause, signInEndCauseOf } from '#domain/sign-in-end.ts';
import type { TypedDocumentString } from '#web/gql/graphql.ts';

/** graphql-transport-ws "Unauthorized": the server's close code for a refused sign-in. */
const SIGN_IN_REFUSED_CLOSE = 4401;
const endedClients = new WeakSet<Client>();

/** Whether the server closed this client's connection because the sign-in ended elsewhere. */
export function liveUpdatesEnded(client: Client): boolean {
  return endedClients.has(client);
}

/** ws(s)://host/graphql for the page's own origin. */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
}

/**
 * A graphql-ws client (protocol graphql-transport-ws) whose connection_init carries the ID token
 * (customer-app §7 call 10). It connects on the first subscription and reconnects with a fresh token.
 * Websocket errors are only logged (customer-app §8). Issue 38 §5: when the server closes it
 * because the sign-in was ended elsewhere (4401 with the cause as reason), `onSignInEnded` hears
 * the cause at once, and nothing reconnects until the person has signed in again.
 */
export function createSubscriptionClient({
  getIdToken,
  onSignInEnded,
  url = graphqlWebSocketUrl(window.location),
}: {
  getIdToken: () => Promise<string | null>;
  onSignInEnded?: (cause: SignInEndCause) => void;
  url?: string;
}): Client {
  const client: Client = createClient({
    url,
    lazy: true,
    connectionParams: async () => {
      if (endedClients.has(client)) throw new Error('The sign-in has ended: sign in again.');
      const token = await getIdToken();
      if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
      return { authorization: `Bearer ${token}` };
    },
    on: {
      error: (error) => console.error('Live updates: connection error', error),
      closed: (event) => {
        const { code, reason } = event as { code?: number; reason?: string };
        const cause = code === SIGN_IN_REFUSED_CLOSE ? signInEndCauseOf(reason) : null;
        if (!cause) return;
        endedClients.add(client);
        onSignInEnded?.(cause);
      },
    },
  });
  return client;
}

/** Subscribes with a typed document; returns the function that ends the subscription. */
export function subscribeTo<TResult, TVariables extends Record<string, unknown>>(
  client: Client,
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  handlers: { next: (data: TResult) => void; error?: (error: Error) => void },
): () => void {
  return client.subscribe<TResult>(
    { query: document.toString(), variables },
    {
      next: (result) => {
        const firstError = result.errors?.[0]?.message;
        if (firstError) handlers.error?.(new Error(firstError));
        else if (result.data) handlers.next(result.data as TResult);
      },
      error: (error) => {
        console.error('Live updates: subscription error', error);
        handlers.error?.(error instanceof Error ? error : new Error('The live-update connection failed.'));
      },
      complete: () => {},
    },
  );
}
