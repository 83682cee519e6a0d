import type { InventoryTypeModel } from '../inventory-types/inventory-type-model.ts';

/** customer-app §3 organization. */
export interface OrganizationModel {
  id: string;
  name: string;
  phone: string | null;
  website: string | null;
  /** Issue 28 §6: the organization's own support line (all null: the configured default is shown). */
  supportText: string | null;
  supportPhone: string | null;
  supportUrl: string | null;
}

/** The organization named on a record ("Invited by"), with the support line its people see. */
export type OrganizationSummaryModel = Pick<
  OrganizationModel,
  'id' | 'name' | 'supportText' | 'supportPhone' | 'supportUrl'
>;

/** Unassigned records (credits) of one inventory type (customer-app §7 call 6). */
export interface CreditCountModel {
  inventoryType: InventoryTypeModel;
  count: number;
}
