import { parseFormTemplate } from '#domain/form-template.ts';
import { decide, decideInventoryTypeForm } from '#domain/permissions.ts';
import { refusal } from '../kernel/result.ts';
import {
  cloneInventoryType,
  createInventoryType,
  getInventoryType,
  listInventoryTypes,
  updateInventoryType,
} from '../modules/inventory-types/inventory-type-service.ts';
import { migrateRecords } from '../modules/records/record-migration-service.ts';
import type { InventoryTypeResolvers, MutationResolvers, QueryResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';
import { charge } from './response-budget.ts';

export const inventoryTypeQueries: Pick<QueryResolvers, 'inventoryTypes' | 'inventoryType'> = {
  inventoryTypes: async (_root, _args, { deps, viewer }) => orThrow(await listInventoryTypes(deps, viewer)),
  inventoryType: async (_root, { id }, { deps, viewer }) => orThrow(await getInventoryType(deps, viewer, id)),
};

export const inventoryTypeMutations: Pick<
  MutationResolvers,
  'createInventoryType' | 'updateInventoryType' | 'cloneInventoryType' | 'migrateRecords'
> = {
  createInventoryType: async (_root, { input }, { deps, viewer }) =>
    orThrow(await createInventoryType(deps, viewer, input)),
  updateInventoryType: async (_root, { id, input }, { deps, viewer }) =>
    orThrow(await updateInventoryType(deps, viewer, id, input)),
  cloneInventoryType: async (_root, { id }, { deps, viewer }) =>
    orThrow(await cloneInventoryType(deps, viewer, id)),
  migrateRecords: async (_root, { sourceTypeId, targetTypeId }, { deps, viewer }) =>
    orThrow(await migrateRecords(deps, viewer, sourceTypeId, targetTypeId)),
};

export const inventoryTypeResolvers: InventoryTypeResolvers = {
  /** Always an object (admin-app §3: "it may arrive as a string and must be parsed"). */
  form: async (type, _args, { loaders, viewer, responseBudget }) => {
    const refused = refusal(decideInventoryTypeForm(viewer, type.reachedThroughRecord));
    if (refused) return orThrow(refused);
    const stored = type.form !== undefined ? type.form : await loaders.inventoryTypeForm(type.id);
    const form = parseFormTemplate(stored);
    return charge(responseBudget, form.ok ? form.form : stored);
  },
  // The AI prompt of the type is the admins' (admin-app Inventory Types tab).
  reportQuery: (type, _args, { viewer }) =>
    decide(viewer, 'inventoryType.readReportQuery').allowed ? type.reportQuery : null,
};
