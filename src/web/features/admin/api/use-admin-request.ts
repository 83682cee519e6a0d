import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortOrder } from '#domain/admin-lists.ts';
import type { TypedDocumentString } from '#web/gql/graphql.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import type { GraphQLClient } from '#web/lib/graphql-client.ts';
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

/** What a tab asks of a list the server searches, sorts and pages (issue 10). */
export interface PageRequest {
  search: string;
  sort: SortOrder<string> | null;
  page: number;
}

/** The GraphQL input for one page: the sort only when the column is one the server sorts by. */
export function pageInput<TSort extends string>(request: PageRequest, sorts: Record<string, TSort>) {
  const sort = request.sort ? sorts[request.sort.column] : undefined;
  const direction = request.sort?.direction === 'descending' ? 'DESCENDING' : 'ASCENDING';
  return {
    search: request.search.trim(),
    page: Number.isInteger(request.page) ? request.page : 1,
    ...(sort ? { sort, direction: direction as 'DESCENDING' | 'ASCENDING' } : {}),
  };
}

/** One page of a server-paged list; the previous page stays on screen while the next one loads. */
export function useAdminPage<TInput, TPage>(
  name: string,
  input: TInput,
  fetchPage: (client: GraphQLClient, input: TInput, signal: AbortSignal) => Promise<TPage>,
) {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: [ADMIN_QUERY_KEY, name, user?.profile.sub, input],
    queryFn: ({ signal }) => fetchPage(client, input, signal),
    enabled: isAuthenticated,
    placeholderData: keepPreviousData,
  });
}

/**
 * A console change through GraphQL; once it has succeeded (or, with `reloadAfter: 'settled'`, in
 * any case) the console's queries under `reload` are asked again, so every list shows it.
 */
export function useAdminChange<TVariables, TResult>(
  change: (client: GraphQLClient, variables: TVariables) => Promise<TResult>,
  reload: readonly string[],
  reloadAfter: 'success' | 'settled' = 'success',
) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY, ...reload] });
  return useMutation({
    mutationFn: (variables: TVariables) => change(client, variables),
    ...(reloadAfter === 'success' ? { onSuccess: refetch } : { onSettled: refetch }),
  });
}

/** admin-app §7 Organizations and Products: an insert while there is no id yet, else an update. */
export function insertOrUpdate<TInput>(
  insert: TypedDocumentString<unknown, { input: TInput }>,
  update: TypedDocumentString<unknown, { id: string; input: TInput }>,
) {
  return async (client: GraphQLClient, { id, input }: { id: string | null; input: TInput }) => {
    if (id) await client.request(update, { id, input });
    else await client.request(insert, { input });
  };
}
