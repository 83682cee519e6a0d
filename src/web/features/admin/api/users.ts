import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInput } from '#domain/admin-inputs.ts';
import type { SortOrder } from '#domain/admin-lists.ts';
import type { UserSort } from '#web/gql/graphql.ts';
import { ApiRequestError, useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { AdminUsersQuery, OrganizationChoicesQuery, UpdateUserMutation } from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export interface RoleItem {
  id: string;
  name: string;
}

const USER_SORTS: Record<string, UserSort> = { name: 'NAME', email: 'EMAIL', organization: 'ORGANIZATION' };

/** One page of the Users tab, with roles; the previous page stays on screen while the next loads. */
export function useAdminUsers(request: { search: string; sort: SortOrder<string> | null; page: number }) {
  const client = useGraphQLClient();
  const { isAuthenticated, user } = useAuth();
  const sort = request.sort ? USER_SORTS[request.sort.column] : undefined;
  const input = {
    search: request.search.trim(),
    page: Number.isInteger(request.page) ? request.page : 1,
    ...(sort && request.sort
      ? {
          sort,
          direction:
            request.sort.direction === 'descending' ? ('DESCENDING' as const) : ('ASCENDING' as const),
        }
      : {}),
  };
  return useQuery({
    queryKey: [ADMIN_QUERY_KEY, 'users', user?.profile.sub, input],
    queryFn: async ({ signal }) => (await client.request(AdminUsersQuery, { input }, { signal })).usersPage,
    enabled: isAuthenticated,
    placeholderData: keepPreviousData,
  });
}

export const useOrganizationChoices = () => useAdminQuery('organization-choices', OrganizationChoicesQuery);

/**
 * admin-app §4/§6 User edit: name and organization by id, then the role change through the users
 * service as new and previous role ids. Each step's failure is told with its own message.
 */
export function useSaveUser() {
  const client = useGraphQLClient();
  const request = useApiRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: {
      id: string;
      input: UserInput;
      newRoles: string[];
      previousRoles: string[];
    }) => {
      await client.request(UpdateUserMutation, { id: change.id, input: change.input });
      const same =
        change.newRoles.length === change.previousRoles.length &&
        change.newRoles.every((role) => change.previousRoles.includes(role));
      if (same) return;
      try {
        await request('/api/users', {
          method: 'PUT',
          body: { user_id: change.id, new_roles: change.newRoles, previous_roles: change.previousRoles },
        });
      } catch (error) {
        throw new RoleUpdateError(error instanceof ApiRequestError ? (error.serverMessage ?? '') : '');
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY] }),
  });
}

/** The role step failed after the name and organization were saved. */
export class RoleUpdateError extends Error {}
