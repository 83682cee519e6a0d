import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import {
  AdminInventoryTypesQuery,
  CloneInventoryTypeMutation,
  MigrateRecordsMutation,
} from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export const useAdminInventoryTypes = () => useAdminQuery('inventory-types', AdminInventoryTypesQuery);

/** admin-app §7 Clone: a new type named "{name} (2)". */
export function useCloneInventoryType() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.request(CloneInventoryTypeMutation, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY] }),
  });
}

/** admin-app §5 Migration: unassigned records of the source type move to the target type. */
export function useMigrateRecords() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sourceTypeId: string; targetTypeId: string }) =>
      (await client.request(MigrateRecordsMutation, input)).migrateRecords,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY, 'records'] }),
  });
}
