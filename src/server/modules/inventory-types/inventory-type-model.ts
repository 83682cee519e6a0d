/** An inventory type (form template, admin-app §3) as the services hand it to the schema. */
export interface InventoryTypeModel {
  id: string;
  name: string;
  description: string | null;
  model: string | null;
  reportQuery: string | null;
  /** The template when already read; absent means "load it when asked for". */
  form?: unknown;
  /**
   * Reached through a record the viewer may read: then its form is theirs to render even without
   * the customer or admin role (src/domain/permissions.ts decideInventoryTypeForm).
   */
  reachedThroughRecord: boolean;
}
