import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInput } from '#domain/admin-inputs.ts';
import { ApiRequestError, useApiRequest } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { usersEndpointFailedMessage } from '../admin-messages.ts';
import { AdminUsersQuery, UpdateUserMutation } from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export interface RoleItem {
  id: string;
  name: string;
}

export interface UsersServiceListing {
  users: { user_id: string; roles: RoleItem[] }[];
  allRoles: RoleItem[];
}

export const useAdminUsers = () => useAdminQuery('users', AdminUsersQuery);

/** admin-app §7 users service GET /users: every user's roles and all roles. */
export function useUserRoles() {
  const request = useApiRequest();
  const { isAuthenticated, user } = useAuth();
  return useQuery({
    queryKey: [ADMIN_QUERY_KEY, 'user-roles', user?.profile.sub],
    queryFn: async ({ signal }) => {
      try {
        return await request<UsersServiceListing>('/api/users', { method: 'GET', signal });
      } catch (error) {
        if (error instanceof ApiRequestError && !error.serverMessage && error.status > 0)
          throw new Error(usersEndpointFailedMessage(error.status));
        throw error;
      }
    },
    enabled: isAuthenticated,
  });
}

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
