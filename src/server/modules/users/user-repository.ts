import { type SQL, sql } from 'drizzle-orm';
import { ERASED_PERSON_NAME } from '#domain/erasure.ts';
import type { Database } from '../../db/database.ts';
import { column, prepared, preparedOnce, runPrepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import { organizations, roles, userRoles, users } from '../../db/schema.ts';
import type { UserModel } from './user-model.ts';

export type RoleRow = ColumnsOfRow<typeof roles, 'id' | 'name'>;

type UserRow = ColumnsOfRow<
  typeof users,
  'id' | 'name' | 'email' | 'federated_id' | 'organization_id' | 'erasure_started_at'
> & {
  /** organizations.name, null when the user has none. */
  organization_name: RowOf<typeof organizations>['name'] | null;
};

const u = users;
const o = organizations;
const SELECT_USERS = sql`select ${u.id}, ${u.name}, ${u.email}, ${u.federatedId}, ${u.erasureStartedAt}, ${o.id} as organization_id,
    ${o.name} as organization_name
  from ${u} left join ${o} on ${o.id} = ${u.organizationId}`;
const ALL_USERS = prepared<UserRow>(
  'users-all',
  sql`${SELECT_USERS} order by lower(${u.name}) nulls last, ${u.id}`,
);
const USER_BY_ID = prepared<UserRow>('user-by-id', sql`${SELECT_USERS} where ${u.id} = ${value('id')}::uuid`);

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
    erasedAt: row.erasure_started_at,
  };
}

export async function listUsers(database: Database) {
  const rows = await runPrepared(database, ALL_USERS);
  return rows.map(toUser);
}

export async function findUser(database: Database, id: string) {
  const [row] = await runPrepared(database, USER_BY_ID, { id });
  return row ? toUser(row) : undefined;
}

const UPDATE_USER = prepared<{ updated: boolean; organization_exists: boolean }>(
  'user-update',
  sql`with org as (select ${o.id} from ${o} where ${o.id} = ${value('organizationId')}::uuid),
      updated as (
        update ${u} set ${column(u.name)} = ${value('name')},
          ${column(u.organizationId)} = (select id from org), ${column(u.updatedAt)} = now()
        where ${u.id} = ${value('id')}::uuid and exists (select 1 from org) returning ${u.id})
      select exists (select 1 from updated) as updated, exists (select 1 from org) as organization_exists`,
);

/** admin-app §7 Users update name and organization by id. */
export async function updateUser(database: Database, id: string, name: string, organizationId: string) {
  const [row] = await runPrepared(database, UPDATE_USER, { id, name, organizationId });
  if (!row?.organization_exists) return 'no-organization' as const;
  return row.updated ? ('updated' as const) : ('no-user' as const);
}

const ALL_ROLES = prepared<RoleRow>(
  'roles-all',
  sql`select ${roles.id}, ${roles.name} from ${roles} order by ${roles.name}`,
);

export function allRoles(database: Database) {
  return runPrepared(database, ALL_ROLES);
}

type UserRoleRow = ColumnsOfRow<typeof userRoles, 'user_id'> & RoleRow;
const rolesWhere = (name: string, where: SQL) =>
  prepared<UserRoleRow>(
    name,
    sql`select ${userRoles.userId}, ${roles.id}, ${roles.name}
        from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} ${where} order by ${roles.name}`,
  );
const ROLES_OF_ALL = rolesWhere('user-roles-all', sql``);
const ROLES_OF = rolesWhere(
  'user-roles-of',
  sql`where ${userRoles.userId} = any(${value('userIds')}::uuid[])`,
);

/** The roles of several users in one statement; every asked id gets a list, maybe empty. */
export async function rolesOf(database: Database, userIds: readonly string[] | 'all') {
  const rows = await (userIds === 'all'
    ? runPrepared(database, ROLES_OF_ALL)
    : runPrepared(database, ROLES_OF, { userIds }));
  const byUser = new Map<string, RoleRow[]>(userIds === 'all' ? [] : userIds.map((id) => [id, []]));
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

const USER_IDS = prepared<ColumnsOfRow<typeof users, 'id'>>(
  'user-ids-all',
  sql`select ${u.id} from ${u} order by lower(${u.name}) nulls last, ${u.id}`,
);

export function listUserIds(database: Database) {
  return runPrepared(database, USER_IDS);
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
    const [user] = await runStatement(tx, LOCK_USER, { userId });
    if (!user) return { ok: false, error: 'no-user' } as const;
    const admins = await runStatement(tx, LOCK_ADMINS);
    const adminRoleId = admins[0]?.role_id;
    const demotesAdmin = adminRoleId !== undefined && remove.includes(adminRoleId);
    if (demotesAdmin && admins.every((row) => row.user_id === userId))
      return { ok: false, error: 'last-admin' } as const;
    for (const roleId of remove) await runStatement(tx, REMOVE_ROLE, { userId, roleId });
    for (const roleId of add) await runStatement(tx, ADD_ROLE, { userId, roleId });
    const held = await runStatement(tx, ROLES_OF_USER, { userId });
    return { ok: true, roles: held } as const;
  });
}

// The role change's statements, run inside its transaction (runStatement).
const LOCK_USER = prepared<ColumnsOfRow<typeof users, 'id'>>(
  'user-roles-lock-user',
  sql`select ${users.id} from ${users} where ${users.id} = ${value('userId')} for update`,
);
const LOCK_ADMINS = prepared<ColumnsOfRow<typeof userRoles, 'user_id' | 'role_id'>>(
  'user-roles-lock-admins',
  sql`select ${userRoles.userId}, ${userRoles.roleId} from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${roles.name} = 'admin' for update of ${userRoles}`,
);
const REMOVE_ROLE = prepared<never>(
  'user-roles-remove',
  sql`delete from ${userRoles} where ${userRoles.userId} = ${value('userId')} and ${userRoles.roleId} = ${value('roleId')}`,
);
const ADD_ROLE = prepared<never>(
  'user-roles-add',
  sql`insert into ${userRoles} (${column(userRoles.userId)}, ${column(userRoles.roleId)})
      values (${value('userId')}, ${value('roleId')}) on conflict do nothing`,
);
const ROLES_OF_USER = prepared<RoleRow>(
  'user-roles-of-user',
  sql`select ${roles.id}, ${roles.name} from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${userRoles.userId} = ${value('userId')} order by ${roles.name}`,
);

/** Keyed as Drizzle names the columns: the statement renames them so (`federated_id as "federatedId"`). */
export type RecordOwnerRow = Pick<
  typeof users.$inferSelect,
  'id' | 'federatedId' | 'name' | 'email' | 'organizationId'
> & { erased: boolean };

const OWNERS = prepared<RecordOwnerRow>(
  'users-as-owners',
  // Issue 30 §6: lists show an erased person's records as such (the row keeps no name of theirs).
  sql`select ${u.id}, ${u.federatedId} as "federatedId",
        case when ${u.erasureStartedAt} is not null then ${sql.raw(`'${ERASED_PERSON_NAME}'`)} else ${u.name} end as name,
        case when ${u.erasureStartedAt} is null then ${u.email} end as email,
        ${u.organizationId} as "organizationId",
        ${u.erasureStartedAt} is not null as erased
      from ${u} where ${u.id} = any(${value('ids')}::uuid[])`,
);

/** The owners of several records in one statement (customer-app §3 reports.user). */
export async function recordOwners(database: Database, ids: readonly string[]) {
  const rows = await runPrepared(database, OWNERS, { ids });
  return new Map(rows.map((row) => [row.id, row]));
}

/** Columns the console sorts users by (issue 10); nothing else reaches ORDER BY. */
const USER_SORT_SQL = {
  name: sql`nullif(btrim(lower(${u.name})), '')`,
  email: sql`lower(${u.email})`,
  organization: sql`lower(${o.name})`,
} as const;
export type UserSortColumn = keyof typeof USER_SORT_SQL;

const userLike = (search: string) => (search === '' ? '' : `%${search.replace(/[\\%_]/g, '\\$&')}%`);
// admin-app §5: a case-insensitive substring of the name; the pattern's LIKE wildcards are escaped.
const USER_FILTER = sql`(${value('pattern')}::text = '' or ${u.name} ilike ${value('pattern')}::text escape '\\')`;
const COUNT_USERS = prepared<{ total: number }>(
  'users-page-count',
  sql`select count(*)::int as total from ${u} where ${USER_FILTER}`,
);

export async function countUsersForPage(database: Database, search: string) {
  const [row] = await runPrepared(database, COUNT_USERS, { pattern: userLike(search) });
  return row?.total ?? 0;
}

export async function pageOfUsers(
  database: Database,
  query: { search: string; sort: UserSortColumn; descending: boolean; limit: number; offset: number },
) {
  const direction = query.descending ? 'desc' : 'asc';
  const statement = preparedOnce<UserRow>(
    `users-page-${query.sort}-${direction}`,
    () => sql`${SELECT_USERS} where ${USER_FILTER}
      order by ${USER_SORT_SQL[query.sort]} ${sql.raw(direction)} nulls last, ${u.id} ${sql.raw(direction)}
      limit ${value('limit')}::int offset ${value('offset')}::int`,
  );
  const rows = await runPrepared(database, statement, {
    pattern: userLike(query.search),
    limit: query.limit,
    offset: query.offset,
  });
  return rows.map(toUser);
}
