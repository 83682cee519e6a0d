import { QueryClient } from '@tanstack/react-query';
import type { AuthSession } from '#web/lib/auth/auth-session.ts';

/**
 * Server state for the screens. A refusal (a GraphQL error) is not retried; a network failure is,
 * once. Whatever was loaded for one person is dropped the moment nobody is signed in
 * (customer-app §4: logout clears the session's state; the answers are sensitive).
 */
export function createAppQueryClient(session: AuthSession): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 1 && error instanceof TypeError,
      },
    },
  });
  session.subscribe(() => {
    if (session.getSnapshot().status === 'signed-out') queryClient.clear();
  });
  return queryClient;
}
