import { type Client, createClient } from 'graphql-ws/client';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import type { TypedDocumentString } from '#web/gql/graphql.ts';

/** ws(s)://host/graphql for the page's own origin. */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`;
}

/**
 * A graphql-ws client (protocol graphql-transport-ws) whose connection_init carries the ID token
 * (customer-app §7 call 10). It connects on the first subscription and reconnects with a fresh token.
 * Websocket errors are only logged (customer-app §8).
 */
export function createSubscriptionClient({
  getIdToken,
  url = graphqlWebSocketUrl(window.location),
}: {
  getIdToken: () => Promise<string | null>;
  url?: string;
}): Client {
  return createClient({
    url,
    lazy: true,
    connectionParams: async () => {
      const token = await getIdToken();
      if (!token) throw new Error(MISSING_TOKEN_MESSAGE);
      return { authorization: `Bearer ${token}` };
    },
    on: {
      error: (error) => console.error('Live updates: connection error', error),
    },
  });
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
