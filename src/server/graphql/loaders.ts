import DataLoader from 'dataloader';
import type { ServiceDeps } from '../kernel/service-deps.ts';
import { formsOfVersions } from '../modules/form-versions/form-version-service.ts';
import type { InventoryTypeModel } from '../modules/inventory-types/inventory-type-model.ts';
import { formsOf, inventoryTypesOf } from '../modules/inventory-types/inventory-type-service.ts';
import type {
  CreditCountModel,
  OrganizationSummaryModel,
} from '../modules/organizations/organization-model.ts';
import { creditsOf, organizationSummariesOf } from '../modules/organizations/organization-service.ts';
import type { ReportGenerationModel } from '../modules/records/record-model.ts';
import { invitedNamesOf } from '../modules/records/record-service.ts';
import { reportGenerationsOf } from '../modules/records/report-generation-service.ts';
import { type RecordOwnerRow, type RoleRow, recordOwnersOf, rolesOf } from '../modules/users/user-service.ts';

/**
 * The lookups a field of a list asks for once per item, each answered for the whole list at once.
 * Field resolvers ask the policy first (or read a record's `visible`); a loader only fetches.
 */
export interface Loaders {
  recordOwner(userId: string): Promise<RecordOwnerRow | undefined>;
  organizationSummary(organizationId: string): Promise<OrganizationSummaryModel | undefined>;
  inventoryType(inventoryTypeId: string): Promise<InventoryTypeModel | undefined>;
  reportGenerations(recordId: string): Promise<ReportGenerationModel[] | undefined>;
  invitedName(recordId: string): Promise<string | null | undefined>;
  inventoryTypeForm(inventoryTypeId: string): Promise<unknown>;
  /** A published version's form, by "typeId/number" (issue 12: a record reads its own version). */
  versionForm(key: string): Promise<unknown>;
  organizationCredits(organizationId: string): Promise<CreditCountModel[] | undefined>;
  userRoles(userId: string): Promise<RoleRow[] | undefined>;
}

/**
 * DataLoader (issue 27 §6) over a service's "many at once" read: every `load(key)` made while the
 * current resolvers run is answered by one call. No cache, so a loader may live as long as a
 * WebSocket connection without ever serving stale data; a key asked for twice is fetched once.
 */
function batched<V>(
  many: (keys: readonly string[]) => Promise<Map<string, V>>,
): (key: string) => Promise<V | undefined> {
  const loader = new DataLoader<string, V | undefined>(
    async (keys) => {
      const values = await many([...new Set(keys)]);
      return keys.map((key) => values.get(key));
    },
    { cache: false },
  );
  return (key) => loader.load(key);
}

export function createLoaders(deps: ServiceDeps): Loaders {
  return {
    recordOwner: batched((ids) => recordOwnersOf(deps, ids)),
    organizationSummary: batched((ids) => organizationSummariesOf(deps, ids)),
    inventoryType: batched((ids) => inventoryTypesOf(deps, ids)),
    reportGenerations: batched((ids) => reportGenerationsOf(deps, ids)),
    invitedName: batched((ids) => invitedNamesOf(deps, ids)),
    inventoryTypeForm: batched((ids) => formsOf(deps, ids)),
    versionForm: batched((keys) => formsOfVersions(deps, keys)),
    organizationCredits: batched((ids) => creditsOf(deps, ids)),
    userRoles: batched((ids) => rolesOf(deps, ids)),
  };
}
