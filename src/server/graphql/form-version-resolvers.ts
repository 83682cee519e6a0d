import {
  getFormVersionForm,
  listFormVersions,
  migrationBatches,
  publishFormVersion,
} from '../modules/form-versions/form-version-service.ts';
import {
  migrateRecordsMapped,
  previewRecordMigration,
  undoRecordMigration,
} from '../modules/form-versions/mapped-migration-service.ts';
import type { MutationResolvers, QueryResolvers } from './generated-types.ts';
import { orThrow } from './graphql-errors.ts';
import { charge } from './response-budget.ts';

export const formVersionQueries: Pick<
  QueryResolvers,
  'formVersions' | 'formVersionForm' | 'previewRecordMigration' | 'recordMigrationBatches'
> = {
  formVersions: async (_root, { inventoryTypeId }, { deps, viewer }) =>
    orThrow(await listFormVersions(deps, viewer, inventoryTypeId)),
  formVersionForm: async (_root, { inventoryTypeId, number }, { deps, viewer, responseBudget }) =>
    charge(responseBudget, orThrow(await getFormVersionForm(deps, viewer, inventoryTypeId, number))),
  previewRecordMigration: async (_root, { input }, { deps, viewer }) =>
    orThrow(await previewRecordMigration(deps, viewer, input)),
  recordMigrationBatches: async (_root, { inventoryTypeId }, { deps, viewer }) =>
    orThrow(await migrationBatches(deps, viewer, inventoryTypeId)),
};

export const formVersionMutations: Pick<
  MutationResolvers,
  'publishFormVersion' | 'migrateRecordsMapped' | 'undoRecordMigration'
> = {
  publishFormVersion: async (_root, { inventoryTypeId }, { deps, viewer }) =>
    orThrow(await publishFormVersion(deps, viewer, inventoryTypeId)),
  migrateRecordsMapped: async (_root, { input }, { deps, viewer }) =>
    orThrow(await migrateRecordsMapped(deps, viewer, input)),
  undoRecordMigration: async (_root, { batchId }, { deps, viewer }) =>
    orThrow(await undoRecordMigration(deps, viewer, batchId)),
};
