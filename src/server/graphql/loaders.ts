import type { ServiceDeps } from '../kernel/service-deps.ts';
import { formsOfVersions } from '../modules/form-versions/form-version-service.ts';
import type { InventoryTypeModel } from '../modules/inventory-types/inventory-type-model.ts';
import { formsOf, inventoryTypesOf } from '../modules/inventory-types/inventory-type-service.ts';
import type { CreditCountModel } from '../modules/organizations/organization-model.ts';
import { creditsOf, organizationSummariesOf } from '../modules/organizations/organization-service.ts';
import type { ReportGenerationModel } from '../modules/records/record-model.ts';
import { invitedNamesOf, reportGenerationsOf } from '../modules/records/record-service.ts';
import type { RecordOwnerRow, RoleRow } from '../modules/users/user-repository.ts';
import { recordOwnersOf, rolesOf } from '../modules/users/user-service.ts';
import { createBatchLoader } from './batch-loader.ts';

/**
 * The lookups a field of a list asks for once per item, each answered for the whole list at once.
 * Field resolvers ask the policy first (or read a record's `visible`); a loader only fetches.
 */
export interface Loaders {
  recordOwner(userId: string): Promise<RecordOwnerRow | undefined>;
  organizationSummary(organizationId: string): Promise<{ id: string; name: string } | undefined>;
  inventoryType(inventoryTypeId: string): Promise<InventoryTypeModel | undefined>;
  reportGenerations(recordId: string): Promise<ReportGenerationModel[] | undefined>;
  invitedName(recordId: string): Promise<string | null | undefined>;
  inventoryTypeForm(inventoryTypeId: string): Promise<unknown>;
  /** A published version's form, by "typeId/number" (issue 12: a record reads its own version). */
  versionForm(key: string): Promise<unknown>;
  organizationCredits(organizationId: string): Promise<CreditCountModel[] | undefined>;
  userRoles(userId: string): Promise<RoleRow[] | undefined>;
}

export function createLoaders(deps: ServiceDeps): Loaders {
  return {
    recordOwner: createBatchLoader((ids) => recordOwnersOf(deps, ids)),
    organizationSummary: createBatchLoader((ids) => organizationSummariesOf(deps, ids)),
    inventoryType: createBatchLoader((ids) => inventoryTypesOf(deps, ids)),
    reportGenerations: createBatchLoader((ids) => reportGenerationsOf(deps, ids)),
    invitedName: createBatchLoader((ids) => invitedNamesOf(deps, ids)),
    inventoryTypeForm: createBatchLoader((ids) => formsOf(deps, ids)),
    versionForm: createBatchLoader((keys) => formsOfVersions(deps, keys)),
    organizationCredits: createBatchLoader((ids) => creditsOf(deps, ids)),
    userRoles: createBatchLoader((ids) => rolesOf(deps, ids)),
  };
}
