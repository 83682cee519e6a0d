import { sql } from 'drizzle-orm';
import type { FindAccount } from 'oidc-provider';
import { ALLOWED_ROLES_KEY } from '#domain/client-config.ts';
import { isRole, type Role } from '#domain/roles.ts';
import { type Db, queryRows } from '../../db/database.ts';
import { findAccountById } from '../identity/account-repository.ts';

/** Roles of the user row linked to an identity (`users.federated_id = sub`), as they are right now. */
export async function rolesOfIdentity(db: Db, sub: string): Promise<Role[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select r.name from users u
        join user_roles ur on ur.user_id = u.id
        join roles r on r.id = ur.role_id
        where u.federated_id = ${sub}
        order by r.name`,
  );
  return rows.map((row) => row.name).filter(isRole);
}

/**
 * The claims the provider puts into ID tokens, read from the database every time one is issued
 * (sign-in and every refresh), so a verified address or a new role shows up at the next refresh.
 * `sub` is the account id. The allowed-roles claim only mirrors the database for the client's
 * role flags (customer-app §6); the server authorizes from the database (DESIGN §6).
 */
export function accountFinder(db: Db, claimsNamespace: string): FindAccount {
  return async (_ctx, id) => {
    const account = await findAccountById(db, id);
    if (!account) return undefined;
    return {
      accountId: account.id,
      claims: async () => ({
        sub: account.id,
        name: account.name,
        email: account.email,
        email_verified: account.emailVerified,
        [claimsNamespace]: { [ALLOWED_ROLES_KEY]: await rolesOfIdentity(db, account.id) },
      }),
    };
  };
}
