import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '#domain/admin-inputs.ts';
import { useGraphQLClient } from '#web/lib/graphql-client-context.tsx';
import { AdminProductsQuery, CreateProductMutation, UpdateProductMutation } from './admin-documents.ts';
import { ADMIN_QUERY_KEY, useAdminQuery } from './use-admin-request.ts';

export const useAdminProducts = () => useAdminQuery('products', AdminProductsQuery);

/** admin-app §7 Products insert or update by id. */
export function useSaveProduct() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: ProductInput }) =>
      id
        ? void (await client.request(UpdateProductMutation, { id, input }))
        : void (await client.request(CreateProductMutation, { input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_KEY, 'products'] }),
  });
}
