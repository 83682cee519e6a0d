import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import type { organizations, roles, userRoles, users } from '../../db/schema.ts';
import type { UserModel } from './user-model.ts';

export type RoleRow = ColumnsOfRow<typeof roles, 'id' | 'name'>;

type UserRow = ColumnsOfRow<typeof users, 'id' | 'name' | 'email' | 'federated_id' | 'organization_id'> & {
  /** organizations.name, null when the user has none. */
  organization_name: RowOf<typeof organizations>['name'] | null;
};

const SELECT_USERS = `
  select u.id, u.name, u.email, u.federated_id, o.id as organization_id, o.name as organization_name
  from users u left join organizations o on o.id = u.organization_id`;

function toUser(row: UserRow): UserModel {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    federatedId: row.federated_id,
    organization:
      row.organization_id && row.organization_name !== null
        ? { id: row.organization_id, name: row.organization_name }
        : null,
  };
}

export async function listUsers(database: Database) {
  const rows = await runPrepared<UserRow>(database, {
    name: 'users-all',
    text: `${SELECT_USERS} order by lower(u.name) nulls last, u.id`,
    values: [],
  });
  return rows.map(toUser);
}

export async function findUser(database: Database, id: string) {
  const [row] = await runPrepared<UserRow>(database, {
    name: 'user-by-id',
    text: `${SELECT_USERS} where u.id = $1::uuid`,
    values: [id],
  });
  return row ? toUser(row) : undefined;
}

export type UserUpdateOutcome = 'updated' | 'no-user' | 'no-organization';

/** admin-app §7 Users update name and organization by id. */
export async function updateUser(database: Database, id: string, name: string, organizationId: string) {
  const [row] = await runPrepared<{ updated: boolean; organization_exists: boolean }>(database, {
    name: 'user-update',
    text: `with org as (select id from organizations where id = $3::uuid),
           updated as (
             update users set name = $2, organization_id = (select id from org), updated_at = now()
             where id = $1::uuid and exists (select 1 from org) returning id)
           select exists (select 1 from updated) as updated, exists (select 1 from org) as organization_exists`,
    values: [id, name, organizationId],
  });
  if (!row?.organization_exists) return 'no-organization' as const;
  return row.updated ? ('updated' as const) : ('no-user' as const);
}

export function allRoles(database: Database) {
  return runPrepared<RoleRow>(database, {
    name: 'roles-all',
    text: 'select id, name from roles order by name',
    values: [],
  });
}

/** The roles of several users in one statement; every asked id gets a list, maybe empty. */
export async function rolesOf(database: Database, userIds: readonly string[] | 'all') {
  const rows = await runPrepared<ColumnsOfRow<typeof userRoles, 'user_id'> & RoleRow>(database, {
    name: userIds === 'all' ? 'user-roles-all' : 'user-roles-of',
    text: `select ur.user_id, r.id, r.name from user_roles ur join roles r on r.id = ur.role_id
           ${userIds === 'all' ? '' : 'where ur.user_id = any($1::uuid[])'} order by r.name`,
    values: userIds === 'all' ? [] : [userIds],
  });
  const byUser = new Map<string, RoleRow[]>(userIds === 'all' ? [] : userIds.map((id) => [id, []]));
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

export function listUserIds(database: Database) {
  return runPrepared<ColumnsOfRow<typeof users, 'id'>>(database, {
    name: 'user-ids-all',
    text: 'select id from users order by lower(name) nulls last, id',
    values: [],
  });
}

export type RoleChangeOutcome =
  | { ok: true; roles: RoleRow[] }
  | { ok: false; error: 'no-user' | 'last-admin' };

/**
 * Adds and removes roles of one user in one transaction. Removing the admin role from the last
 * admin is refused: nobody could ever manage roles again. The admin rows are locked first, so two
 * admins demoting each other at once cannot both succeed.
 */
export async function changeRoles(
  database: Database,
  userId: string,
  add: readonly string[],
  remove: readonly string[],
): Promise<RoleChangeOutcome> {
  return database.db.transaction(async (tx) => {
    const [user] = await queryRows<ColumnsOfRow<typeof users, 'id'>>(
      tx,
      sql`select id from users where id = ${userId} for update`,
    );
    if (!user) return { ok: false, error: 'no-user' } as const;
    const admins = await queryRows<ColumnsOfRow<typeof userRoles, 'user_id' | 'role_id'>>(
      tx,
      sql`select ur.user_id, ur.role_id from user_roles ur join roles r on r.id = ur.role_id
          where r.name = 'admin' for update of ur`,
    );
    const adminRoleId = admins[0]?.role_id;
    const demotesAdmin = adminRoleId !== undefined && remove.includes(adminRoleId);
    if (demotesAdmin && admins.every((row) => row.user_id === userId))
      return { ok: false, error: 'last-admin' } as const;
    for (const roleId of remove) {
      await tx.execute(sql`delete from user_roles where user_id = ${userId} and role_id = ${roleId}`);
    }
    for (const roleId of add) {
      await tx.execute(
        sql`insert into user_roles (user_id, role_id) values (${userId}, ${roleId}) on conflict do nothing`,
      );
    }
    const roles = await queryRows<RoleRow>(
      tx,
      sql`select r.id, r.name from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = ${userId} order by r.name`,
    );
    return { ok: true, roles } as const;
  });
}

/** Keyed as Drizzle names the columns: the statement renames them so (`federated_id as "federatedId"`). */
export type RecordOwnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'federatedId' | 'name' | 'email' | 'organizationId'
>;

/** The owners of several records in one statement (customer-app §3 reports.user). */
export async function recordOwners(database: Database, ids: readonly string[]) {
  const rows = await runPrepared<RecordOwnerRow>(database, {
    name: 'users-as-owners',
    text: 'select id, federated_id as "federatedId", name, email, organization_id as "organizationId" from users where id = any($1::uuid[])',
    values: [ids],
  });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Columns the console sorts users by (issue 10); nothing else reaches ORDER BY. */
const USER_SORT_SQL = {
  name: `nullif(btrim(lower(u.name)), '')`,
  email: 'lower(u.email)',
  organization: 'lower(o.name)',
} as const;
export type UserSortColumn = keyof typeof USER_SORT_SQL;

const userLike = (search: string) => (search === '' ? '' : `%${search.replace(/[\\%_]/g, '\\$&')}%`);
// admin-app §5: a case-insensitive substring of the name; the pattern's LIKE wildcards are escaped.
const USER_FILTER = `($1::text = '' or u.name ilike $1::text escape '\\')`;

export async function countUsersForPage(database: Database, search: string) {
  const [row] = await runPrepared<{ total: number }>(database, {
    name: 'users-page-count',
    text: `select count(*)::int as total from users u where ${USER_FILTER}`,
    values: [userLike(search)],
  });
  return row?.total ?? 0;
}

export async function pageOfUsers(
  database: Database,
  query: { search: string; sort: UserSortColumn; descending: boolean; limit: number; offset: number },
) {
  const direction = query.descending ? 'desc' : 'asc';
  const rows = await runPrepared<UserRow>(database, {
    name: `users-page-${query.sort}-${direction}`,
    text: `${SELECT_USERS} where ${USER_FILTER}
           order by ${USER_SORT_SQL[query.sort]} ${direction} nulls last, u.id ${direction}
           limit $2::int offset $3::int`,
    values: [userLike(query.search), query.limit, query.offset],
  });
  return rows.map(toUser);
}
