import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserInput } from '#domain/admin-inputs.ts';
import type { UserSort } from '#web/gql/graphql.ts';
import { ApiRequestError, useApiRequest } from '#web/lib/api-request.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { AdminUsersQuery, OrganizationChoicesQuery, UpdateUserMutation } from './admin-documents.ts';
import {
  ADMIN_QUERY_KEY,
  type PageRequest,
  pageInput,
  useAdminPage,
  useAdminQuery,
} from './use-admin-request.ts';

export interface RoleItem {
  id: string;
  name: string;
}

const USER_SORTS: Record<string, UserSort> = { name: 'NAME', email: 'EMAIL', organization: 'ORGANIZATION' };

/** One page of the Users tab, with roles; the previous page stays on screen while the next loads. */
export function useAdminUsers(request: PageRequest) {
  return useAdminPage(
    'users',
    pageInput(request, USER_SORTS),
    async (client, input, signal) => (await client.request(AdminUsersQuery, { input }, { signal })).usersPage,
  );
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

/** Issue 29 §4: an admin signs a user out of all devices (their tokens and live connections end). */
export function useSignOutUserEverywhere() {
  const request = useApiRequest();
  return useMutation({
    mutationFn: (userId: string) =>
      request(`/api/users/${encodeURIComponent(userId)}/sign-out-everywhere`, { method: 'POST' }),
  });
}

/** Issue 30 §6: an admin erases a person and their story (the typed word is checked again there). */
export function useEraseUser() {
  const request = useApiRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, confirmation }: { userId: string; confirmation: string }) =>
      request(`/api/users/${encodeURIComponent(userId)}/erase`, { method: 'POST', body: { confirmation } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY] }),
  });
}
