import { useQuery } from '@tanstack/react-query';
import { graphql } from '#web/gql/gql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';

// customer-app §7 call 3: the products, ordered by inventory type name then credits, and the
// viewer's organization (appended to the payment link as the client reference).
export const ProductsQuery = graphql(`
  query Products {
    viewer {
      id
      organization {
        id
      }
    }
    products {
      id
      name
      description
      cost
      credits
      paymentLink
      inventoryType {
        name
      }
    }
  }
`);

export function useProducts() {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: ['products', user?.profile.sub],
    queryFn: ({ signal }) => client.request(ProductsQuery, {}, { signal }),
    enabled: isAuthenticated,
  });
}
