import type { OrganizationInput, ProductInput } from '#domain/admin-inputs.ts';
import {
  AdminInventoryTypesQuery,
  AdminOrganizationsQuery,
  AdminProductsQuery,
  AdminPurchasesQuery,
  AdminSupportMessagesQuery,
  CloneInventoryTypeMutation,
  CreateOrganizationMutation,
  CreateProductMutation,
  MigrateRecordsMutation,
  UpdateOrganizationMutation,
  UpdateProductMutation,
} from './admin-documents.ts';
import { insertOrUpdate, useAdminChange, useAdminQuery } from './use-admin-request.ts';

// The console's short lists, sent whole and searched, sorted and paged in the browser (decision
// 090), and the changes made from them. Records and users are paged by the server (records.ts, users.ts).

export const useAdminOrganizations = () => useAdminQuery('organizations', AdminOrganizationsQuery);
export const useAdminInventoryTypes = () => useAdminQuery('inventory-types', AdminInventoryTypesQuery);
export const useAdminProducts = () => useAdminQuery('products', AdminProductsQuery);
export const useAdminPurchases = () => useAdminQuery('purchases', AdminPurchasesQuery);
export const useAdminSupportMessages = () => useAdminQuery('support-messages', AdminSupportMessagesQuery);

/** admin-app §7 Organizations insert or update by id; every list that names organizations reloads. */
export const useSaveOrganization = () =>
  useAdminChange(
    insertOrUpdate<OrganizationInput>(CreateOrganizationMutation, UpdateOrganizationMutation),
    [],
  );

/** admin-app §7 Products insert or update by id. */
export const useSaveProduct = () =>
  useAdminChange(insertOrUpdate<ProductInput>(CreateProductMutation, UpdateProductMutation), ['products']);

/** admin-app §7 Clone: a new type named "{name} (2)". */
export const useCloneInventoryType = () =>
  useAdminChange((client, id: string) => client.request(CloneInventoryTypeMutation, { id }), []);

/** admin-app §5 Migration: unassigned records of the source type move to the target type. */
export const useMigrateRecords = () =>
  useAdminChange(
    async (client, input: { sourceTypeId: string; targetTypeId: string }) =>
      (await client.request(MigrateRecordsMutation, input)).migrateRecords,
    ['records'],
    'settled',
  );
