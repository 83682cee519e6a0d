import type { InventoryTypeModel } from '../inventory-types/inventory-type-model.ts';

/** customer-app §3 product; cost is a decimal string as PostgreSQL's numeric gives it. */
export interface ProductModel {
  id: string;
  name: string;
  description: string;
  cost: string;
  credits: number;
  inventoryType: InventoryTypeModel;
  stripeId: string | null;
  stripePaylink: string | null;
}
