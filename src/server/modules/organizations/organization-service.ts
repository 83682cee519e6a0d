import {
  firstInputProblem,
  ORGANIZATION_NAME_REQUIRED,
  organizationInputSchema,
} from '#domain/admin-inputs.ts';
import { type Actor, decide, decideOrganization } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { ALL_ANSWERS, type AnswerRead, type RecordModel } from '../records/record-model.ts';
import { listRecordsOfOrganization } from '../records/record-service.ts';
import type { CreditCountModel, OrganizationModel } from './organization-model.ts';
import * as organizations from './organization-repository.ts';

// customer-app §8: "User organization not found."; the same for any id the caller may not see.
export const ORGANIZATION_NOT_FOUND = 'Organization not found.';
const NOT_FOUND = { notFound: ORGANIZATION_NOT_FOUND };
const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };

/** customer-app §7 call 5: members see their own organization, admins any. */
export async function getOrganization(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
): Promise<Result<OrganizationModel>> {
  if (!isUuid(id)) return actor ? denial('not-found', NOT_FOUND) : denial('unauthenticated');
  const refused = refusal(decideOrganization(actor, 'read', id), NOT_FOUND);
  if (refused) return refused;
  const found = await organizations.findOrganization(deps.database, id);
  return found ? ok(found) : denial('not-found', NOT_FOUND);
}

/** customer-app §7 call 6: the organization's records, credits included, for its customers. */
export async function getOrganizationRecords(
  deps: ServiceDeps,
  actor: Actor | null,
  organizationId: string,
  answers: AnswerRead = ALL_ANSWERS,
): Promise<Result<RecordModel[]>> {
  if (!isUuid(organizationId)) return actor ? denial('not-found', NOT_FOUND) : denial('unauthenticated');
  const refused = refusal(decideOrganization(actor, 'readRecords', organizationId), NOT_FOUND);
  if (refused || !actor) return refused ?? denial('unauthenticated');
  if (!(await organizations.findOrganization(deps.database, organizationId)))
    return denial('not-found', NOT_FOUND);
  return ok(await listRecordsOfOrganization(deps, actor, organizationId, answers));
}

/** Credits are the customers' business (customer-app §6); anyone else sees none. */
export function mayReadCredits(actor: Actor | null, organizationId: string): boolean {
  return decideOrganization(actor, 'readCredits', organizationId).allowed;
}

export function creditsOf(
  deps: ServiceDeps,
  organizationIds: readonly string[],
): Promise<Map<string, CreditCountModel[]>> {
  return organizations.creditsOf(deps.database, organizationIds);
}

/** admin-app §7 Organizations list. */
export async function listOrganizations(
  deps: ServiceDeps,
  actor: Actor | null,
): Promise<Result<OrganizationModel[]>> {
  const refused = refusal(decide(actor, 'organizations.list'), adminsOnly);
  return refused ?? ok(await organizations.listOrganizations(deps.database));
}

export async function createOrganization(deps: ServiceDeps, actor: Actor | null, input: unknown) {
  const refused = refusal(decide(actor, 'organization.write'), adminsOnly);
  if (refused) return refused;
  const values = organizationInputSchema.safeParse(input);
  if (!values.success)
    return fail('BAD_USER_INPUT', firstInputProblem(values.error, ORGANIZATION_NAME_REQUIRED));
  return ok(await organizations.insertOrganization(deps.database, values.data));
}

export async function updateOrganization(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<Result<OrganizationModel>> {
  const refused = refusal(decide(actor, 'organization.write'), adminsOnly);
  if (refused) return refused;
  const values = organizationInputSchema.safeParse(input);
  if (!values.success)
    return fail('BAD_USER_INPUT', firstInputProblem(values.error, ORGANIZATION_NAME_REQUIRED));
  const updated = isUuid(id)
    ? await organizations.updateOrganization(deps.database, id, values.data)
    : undefined;
  return updated ? ok(updated) : denial('not-found', NOT_FOUND);
}

/** The organization named on records the caller may read ("Invited by", customer-app §2 Record). */
export function organizationSummariesOf(deps: ServiceDeps, ids: readonly string[]) {
  return organizations.organizationSummaries(deps.database, ids);
}

/** An organization by id, for another module that has decided who may ask (payments). */
export function findOrganization(database: Database, id: string) {
  return organizations.findOrganization(database, id);
}
