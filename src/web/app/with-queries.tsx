import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useAuthSession } from '#web/lib/auth/auth-provider.tsx';
import type { AuthSession } from '#web/lib/auth/auth-session.ts';
import { createAppQueryClient } from './query-client.ts';

// Issue 15 §3 / issue 40: the record screen never asks TanStack Query for anything, so its ~7 KiB
// (gzipped) stay out of the main bundle. Each screen that uses it is wrapped in its provider when its
// chunk loads (router.tsx's lazyScreen, the record screen's lazy panels); all of them share the one
// client of the session, so the cache outlives a change of screen as it did with one provider at
// the root, and is cleared the moment nobody is signed in (query-client.ts).
const clients = new WeakMap<AuthSession, QueryClient>();

function useAppQueryClient(): QueryClient {
  const session = useAuthSession();
  let client = clients.get(session);
  if (!client) {
    client = createAppQueryClient(session);
    clients.set(session, client);
  }
  return client;
}

/** `Screen` inside the session's query client provider. */
export function withQueries<TProps extends object>(Screen: ComponentType<TProps>): ComponentType<TProps> {
  function WithQueries(props: TProps) {
    return (
      <QueryClientProvider client={useAppQueryClient()}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Screen.displayName ?? Screen.name})`;
  return WithQueries;
}
