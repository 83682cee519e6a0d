import type { InventoryTypeModel } from '../inventory-types/inventory-type-model.ts';

/** customer-app §3 organization. */
export interface OrganizationModel {
  id: string;
  name: string;
  phone: string | null;
  website: string | null;
}

/** Unassigned records (credits) of one inventory type (customer-app §7 call 6). */
export interface CreditCountModel {
  inventoryType: InventoryTypeModel;
  count: number;
}
