import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationInput } from '#domain/admin-inputs.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import {
  AdminOrganizationsQuery,
  CreateOrganizationMutation,
  UpdateOrganizationMutation,
} from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export const useAdminOrganizations = () => useAdminQuery('organizations', AdminOrganizationsQuery);

/** admin-app §7 Organizations insert or update by id; every list that names organizations reloads. */
export function useSaveOrganization() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: OrganizationInput }) =>
      id
        ? void (await client.request(UpdateOrganizationMutation, { id, input }))
        : void (await client.request(CreateOrganizationMutation, { input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY] }),
  });
}
