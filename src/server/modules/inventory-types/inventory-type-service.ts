import { z } from 'zod';
import { cloneNameCandidates, duplicateInventoryTypeNameMessage } from '#domain/admin-inputs.ts';
import { parseFormTemplate, DETAILS_REQUIRED_MESSAGE as REQUIRED } from '#domain/form-template.ts';
import { describeTemplateProblem, findTemplateProblems } from '#domain/form-template-problems.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { InventoryTypeModel } from './inventory-type-model.ts';
import * as inventoryTypes from './inventory-type-repository.ts';

const NOT_FOUND = { notFound: 'Inventory type not found.' };
const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };

/** customer-app §7 call 4 and admin-app §7 List inventory types: customers and admins. */
export async function listInventoryTypes(
  deps: ServiceDeps,
  actor: Actor | null,
): Promise<Result<InventoryTypeModel[]>> {
  const refused = refusal(decide(actor, 'inventoryTypes.list'));
  return refused ?? ok(await inventoryTypes.listInventoryTypes(deps.database));
}

/** admin-app §7 Inventory type by id (the form builder and the datasync page). */
export async function getInventoryType(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
): Promise<Result<InventoryTypeModel>> {
  const refused = refusal(decide(actor, 'inventoryType.read'));
  if (refused) return refused;
  const found = isUuid(id) ? await inventoryTypes.findInventoryType(deps.database, id) : undefined;
  return found ? ok(found) : denial('not-found', NOT_FOUND);
}

const optionalText = z
  .string()
  .max(100_000)
  .nullish()
  .transform((value) => (value === undefined || value === null || value.trim() === '' ? null : value));
const inventoryTypeInput = z.object({
  name: z.string(REQUIRED).trim().min(1, REQUIRED).max(200, 'The form name is too long (at most 200).'),
  description: z.string(REQUIRED).trim().min(1, REQUIRED).max(5000, 'The description is too long.'),
  form: z.unknown(),
  reportQuery: optionalText,
  model: optionalText,
});

function parseInput(input: unknown): Result<inventoryTypes.InventoryTypeValues> {
  const parsed = inventoryTypeInput.safeParse(input);
  if (!parsed.success) return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? REQUIRED);
  const form = parseFormTemplate(parsed.data.form);
  if (!form.ok) return fail('BAD_USER_INPUT', form.error);
  // Issue 11 / decision 095: the builder lists these before save; the server refuses the same.
  const problem = findTemplateProblems(form.form)[0];
  if (problem) return fail('BAD_USER_INPUT', describeTemplateProblem(problem));
  return ok({ ...parsed.data, form: form.form });
}

/** admin-app §7 Insert inventory type. */
export async function createInventoryType(deps: ServiceDeps, actor: Actor | null, input: unknown) {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused) return refused;
  const values = parseInput(input);
  if (!values.ok) return values;
  const taken = await inventoryTypes.takenInventoryTypeNames(deps.database, [values.value.name]);
  if (taken.size > 0) return fail('BAD_USER_INPUT', duplicateInventoryTypeNameMessage(values.value.name));
  return ok(await inventoryTypes.insertInventoryType(deps.database, values.value));
}

/** admin-app §7 Update inventory type. */
export async function updateInventoryType(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<Result<InventoryTypeModel>> {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused) return refused;
  const values = parseInput(input);
  if (!values.ok) return values;
  if (!isUuid(id)) return denial('not-found', NOT_FOUND);
  const taken = await inventoryTypes.takenInventoryTypeNames(deps.database, [values.value.name], id);
  if (taken.size > 0) return fail('BAD_USER_INPUT', duplicateInventoryTypeNameMessage(values.value.name));
  const updated = isUuid(id)
    ? await inventoryTypes.updateInventoryType(deps.database, id, values.value)
    : undefined;
  return updated ? ok(updated) : denial('not-found', NOT_FOUND);
}

/** admin-app §7 Clone and §9: "{name} (2)" with description, report query and form. */
export async function cloneInventoryType(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
): Promise<Result<InventoryTypeModel>> {
  const refused = refusal(decide(actor, 'inventoryType.write'), adminsOnly);
  if (refused) return refused;
  const source = isUuid(id) ? await inventoryTypes.findInventoryType(deps.database, id) : undefined;
  if (!source) return denial('not-found', NOT_FOUND);
  const candidates = cloneNameCandidates(source.name);
  const taken = await inventoryTypes.takenInventoryTypeNames(deps.database, candidates);
  const name = candidates.find((candidate) => !taken.has(candidate.toLowerCase()));
  if (!name) return fail('BAD_USER_INPUT', duplicateInventoryTypeNameMessage(`${source.name} (2)`));
  return ok(
    await inventoryTypes.insertInventoryType(deps.database, {
      name,
      description: source.description ?? '',
      form: source.form,
      reportQuery: source.reportQuery,
      model: null,
    }),
  );
}

/** Templates for InventoryType.form, after the policy allowed each (decideInventoryTypeForm). */
export function formsOf(deps: ServiceDeps, ids: readonly string[]): Promise<Map<string, unknown>> {
  return inventoryTypes.formsOf(deps.database, ids);
}

/** The types of records the caller may read (their forms then count as reached through a record). */
export function inventoryTypesOf(deps: ServiceDeps, ids: readonly string[]) {
  return inventoryTypes.inventoryTypesByIds(deps.database, ids);
}

/** A type by id, for another module that has decided who may ask (form versions, reports, records). */
export function findInventoryType(database: Database, id: string) {
  return inventoryTypes.findInventoryType(database, id);
}
