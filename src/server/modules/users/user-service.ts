import { z } from 'zod';
import { firstInputProblem, USER_REQUIRED, userInputSchema } from '#domain/admin-inputs.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { endEverySignIn } from '../identity/session-end.ts';
import type { UserModel } from './user-model.ts';
import * as users from './user-repository.ts';

const adminsOnly = { forbidden: ADMINS_ONLY_MESSAGE };
const USER_NOT_FOUND = 'User not found.';

/** admin-app §7 Users list. */
export async function listUsers(deps: ServiceDeps, actor: Actor | null): Promise<Result<UserModel[]>> {
  const refused = refusal(decide(actor, 'users.list'), adminsOnly);
  return refused ?? ok(await users.listUsers(deps.database));
}

/** Roles of listed users (the policy allowed the list already). */
/** A role a user holds, and the owner of a record as a list shows them (rows of user-repository.ts). */
export type RoleRow = users.RoleRow;
export type RecordOwnerRow = users.RecordOwnerRow;

export function rolesOf(deps: ServiceDeps, userIds: readonly string[]) {
  return users.rolesOf(deps.database, userIds);
}

/** admin-app §7 Users update name and organization by id. */
export async function updateUser(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
  input: unknown,
): Promise<Result<UserModel>> {
  const refused = refusal(decide(actor, 'user.write'), adminsOnly);
  if (refused) return refused;
  const values = userInputSchema.safeParse(input);
  if (!values.success) return fail('BAD_USER_INPUT', firstInputProblem(values.error, USER_REQUIRED));
  if (!isUuid(id)) return denial('not-found', { notFound: USER_NOT_FOUND });
  if (!isUuid(values.data.organizationId)) return fail('NOT_FOUND', 'Organization not found.');
  const outcome = await users.updateUser(deps.database, id, values.data.name, values.data.organizationId);
  if (outcome === 'no-organization') return fail('NOT_FOUND', 'Organization not found.');
  if (outcome === 'no-user') return denial('not-found', { notFound: USER_NOT_FOUND });
  // The organization decides what the person may see (DESIGN §6): forget the cached viewer now.
  await deps.invalidateUser(id);
  const updated = await users.findUser(deps.database, id);
  return updated ? ok(updated) : denial('not-found', { notFound: USER_NOT_FOUND });
}

/**
 * Issue 29 §4: an admin ends every sign-in of a user (a lost phone, a shared computer): their
 * tokens stop working at once on every instance and their open live connections close.
 */
export async function signOutUserEverywhere(
  deps: ServiceDeps,
  actor: Actor | null,
  id: string,
): Promise<Result<{ userId: string }>> {
  const refused = refusal(decide(actor, 'user.write'), adminsOnly);
  if (refused) return refused;
  // Issue 38 §5: the person's screens say who ended their sign-in (an admin signing out themselves did it).
  const cause = actor?.userId === id ? 'everywhere' : 'admin';
  if (!isUuid(id) || !(await endEverySignIn(deps.database.db, id, cause)))
    return denial('not-found', { notFound: USER_NOT_FOUND });
  await deps.invalidateUser(id);
  return ok({ userId: id });
}

export interface UsersServiceListing {
  users: { user_id: string; roles: users.RoleRow[] }[];
  allRoles: users.RoleRow[];
}

/** admin-app §7 users service: GET /users → { users: [{ user_id, roles }], allRoles }. */
export async function listUserRoles(
  deps: ServiceDeps,
  actor: Actor | null,
): Promise<Result<UsersServiceListing>> {
  const refused = refusal(decide(actor, 'userRoles.read'), adminsOnly);
  if (refused) return refused;
  const [ids, roles, allRoles] = await Promise.all([
    users.listUserIds(deps.database),
    users.rolesOf(deps.database, 'all'),
    users.allRoles(deps.database),
  ]);
  return ok({
    users: ids.map(({ id }) => ({ user_id: id, roles: roles.get(id) ?? [] })),
    allRoles,
  });
}

const roleIds = z
  .array(z.string().max(64), 'new_roles and previous_roles must be lists of role ids.')
  .max(20);
const roleChange = z.strictObject(
  {
    user_id: z.string('user_id is required.').min(1, 'user_id is required.'),
    new_roles: roleIds,
    previous_roles: roleIds,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}.` : undefined,
  },
);

/**
 * admin-app §6–§7: role changes arrive as new and previous role ids. What the admin added
 * (new − previous) is granted and what they removed (previous − new) is revoked; roles someone
 * else changed meanwhile are left as they are.
 */
export async function changeUserRoles(
  deps: ServiceDeps,
  actor: Actor | null,
  body: unknown,
): Promise<Result<{ user_id: string; roles: users.RoleRow[] }>> {
  const refused = refusal(decide(actor, 'userRoles.write'), adminsOnly);
  if (refused) return refused;
  const parsed = roleChange.safeParse(body);
  if (!parsed.success)
    return fail('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid role change.');
  const { user_id: userId, new_roles: next, previous_roles: previous } = parsed.data;
  if (!isUuid(userId)) return denial('not-found', { notFound: USER_NOT_FOUND });
  const known = new Set((await users.allRoles(deps.database)).map((role) => role.id));
  const unknown = [...next, ...previous].find((id) => !known.has(id));
  if (unknown !== undefined) return fail('BAD_USER_INPUT', `Unknown role id: ${unknown}.`);

  const add = next.filter((id) => !previous.includes(id));
  const remove = previous.filter((id) => !next.includes(id));
  const outcome = await users.changeRoles(deps.database, userId, add, remove);
  if (!outcome.ok && outcome.error === 'no-user') return denial('not-found', { notFound: USER_NOT_FOUND });
  if (!outcome.ok) return fail('CONFLICT', 'At least one admin must remain: this is the last admin.');
  // Roles decide what a person may do (DESIGN §6): no instance may keep the old ones in memory.
  await deps.invalidateUser(userId);
  return ok({ user_id: userId, roles: outcome.roles });
}

/** Owners of records the caller may read; the record's field visibility decides what is shown. */
export function recordOwnersOf(deps: ServiceDeps, ids: readonly string[]) {
  return users.recordOwners(deps.database, ids);
}
