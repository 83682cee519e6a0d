import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import type { BuilderDocument } from '../builder-state.ts';
import {
  BuilderInventoryTypeQuery,
  CreateBuilderInventoryTypeMutation,
  UpdateBuilderInventoryTypeMutation,
} from './formbuilder-documents.ts';

export function useBuilderInventoryType(id: string | undefined) {
  const client = useGraphQLClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: ['formbuilder', id],
    queryFn: async ({ signal }) =>
      (await client.request(BuilderInventoryTypeQuery, { id: id ?? '' }, { signal })).inventoryType,
    enabled: isAuthenticated && id !== undefined,
    // The builder holds its own copy while editing; a background refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** admin-app §4: a new form is inserted and then has an id, so later saves update it. */
export function useSaveInventoryType() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, document }: { id: string | undefined; document: BuilderDocument }) => {
      const input = {
        name: document.name,
        description: document.description,
        form: document.form,
        reportQuery: document.reportQuery,
        model: document.model,
      };
      if (id)
        return (await client.request(UpdateBuilderInventoryTypeMutation, { id, input })).updateInventoryType
          .id;
      return (await client.request(CreateBuilderInventoryTypeMutation, { input })).createInventoryType.id;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
