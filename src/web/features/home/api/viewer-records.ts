import { useQuery } from '@tanstack/react-query';
import { graphql } from '#web/gql/gql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';

// customer-app §6: the home list shows the records whose client is the signed-in person.
export const HomeRecordsQuery = graphql(`
  query HomeRecords {
    viewer {
      id
      name
      records {
        id
        createdAt
        updatedAt
        submitted
        inventoryType {
          name
        }
      }
    }
  }
`);

/** customer-app §4: when logged in becomes true, the person's records are loaded. */
export function useViewerRecords() {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    // A newly verified address links invited records on the server (DESIGN §4): ask again then.
    queryKey: ['viewer-records', user?.profile.sub, user?.profile.email_verified],
    queryFn: async ({ signal }) => (await client.request(HomeRecordsQuery, {}, { signal })).viewer.records,
    enabled: isAuthenticated,
  });
}
