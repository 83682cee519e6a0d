import { useQuery } from '@tanstack/react-query';
import { graphql } from '#web/gql/gql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';

// customer-app §7 calls 4–5: the viewer's organization, with its available records per type
// (only types with a count above 0).
export const AccountOrganizationQuery = graphql(`
  query AccountOrganization {
    viewer {
      id
      organization {
        id
        name
        phone
        website
        availableCredits {
          count
          inventoryType {
            id
            name
          }
        }
      }
    }
  }
`);

// customer-app §7 call 6: the organization's records (the screen shows those with a client).
export const OrganizationRecordsQuery = graphql(`
  query OrganizationRecords($organizationId: ID!) {
    organizationRecords(organizationId: $organizationId) {
      id
      unreadable
      createdAt
      updatedAt
      submitted
      clientId
      user {
        name
      }
      inventoryType {
        id
        name
      }
    }
  }
`);

export const ACCOUNT_QUERY_KEY = 'account';
// Credits change elsewhere (a payment completed in another tab, a colleague's invitation): fetched
// again whenever the screen is shown or the window regains focus.
const ALWAYS_REFRESH = { staleTime: 0, refetchOnWindowFocus: 'always' } as const;

export function useAccountOrganization() {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: [ACCOUNT_QUERY_KEY, 'organization', user?.profile.sub],
    queryFn: async ({ signal }) =>
      (await client.request(AccountOrganizationQuery, {}, { signal })).viewer.organization,
    enabled: isAuthenticated,
    ...ALWAYS_REFRESH,
  });
}

export function useOrganizationRecords(organizationId: string | undefined) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [ACCOUNT_QUERY_KEY, 'records', organizationId],
    queryFn: async ({ signal }) =>
      (await client.request(OrganizationRecordsQuery, { organizationId: organizationId ?? '' }, { signal }))
        .organizationRecords,
    enabled: Boolean(organizationId),
    ...ALWAYS_REFRESH,
  });
}
