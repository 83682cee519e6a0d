import { useQuery } from '@tanstack/react-query';
import type { TypedDocumentString } from '#web/gql/graphql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';

/** Every query of the console is cached under this prefix, so a change reloads what shows it. */
export const ADMIN_QUERY_KEY = 'admin';

/** A console query, asked once the admin's session is there, keyed per person. */
export function useAdminQuery<TResult>(
  name: string,
  document: TypedDocumentString<TResult, Record<string, never>>,
) {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: [ADMIN_QUERY_KEY, name, user?.profile.sub],
    queryFn: ({ signal }) => client.request(document, {}, { signal }),
    enabled: isAuthenticated,
  });
}
