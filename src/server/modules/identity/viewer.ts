import { sql } from 'drizzle-orm';
import { isRole, type Role } from '#domain/roles.ts';
import { type Db, queryRows } from '../../db/database.ts';
import type { VerifiedIdentity } from './token-verifier.ts';

/** The signed-in person behind a request, as the database knows them now. */
export interface Viewer {
  userId: string;
  federatedId: string;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  organizationId: string | null;
  /** From the database (DESIGN §6), never from the token. */
  roles: Role[];
  tokenExpiresAt: number;
  /** Tokens issued before this (ms) are refused: the person logged out or reset the password. */
  tokensValidAfter: number | null;
}

interface UserRow {
  id: string;
  name: string | null;
  email: string | null;
  organization_id: string | null;
  roles: string[];
  tokens_valid_after: Date | string | null;
}

async function findByFederatedId(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await queryRows<UserRow>(
    db,
    sql`select u.id, u.name, u.email, u.organization_id, u.tokens_valid_after,
          coalesce(array_agg(r.name order by r.name) filter (where r.name is not null), '{}') as roles
        from users u
        left join user_roles ur on ur.user_id = u.id
        left join roles r on r.id = ur.role_id
        where u.federated_id = ${sub}
        group by u.id`,
  );
  return row;
}

/**
 * Finds the user row of a verified identity (`federated_id = sub`), creating it on first sign-in.
 * A **verified** e-mail that matches a row invited by e-mail links that row (DESIGN §4); an
 * unverified e-mail is never trusted, so the row is created without it and linked once verified.
 */
export async function resolveViewer(
  db: Db,
  identity: VerifiedIdentity,
  /** Records whose owner changed here (issue 16 §2: every writer of records publishes them). */
  recordsChanged: (recordIds: readonly string[]) => void = () => {},
): Promise<Viewer> {
  let row = await findByFederatedId(db, identity.sub);
  const verifiedEmail = identity.emailVerified && identity.email ? identity.email : undefined;
  if (!row) {
    await createOrLinkUser(db, identity.sub, verifiedEmail, identity.name);
    await grantRegisteredRole(db, identity.sub);
  } else if (row.email === null && verifiedEmail) {
    recordsChanged(await adoptVerifiedEmail(db, row.id, identity.sub, verifiedEmail));
  }
  row = (await findByFederatedId(db, identity.sub)) ?? row;
  if (!row) throw new Error('The user row for a verified identity could not be created.');
  return {
    userId: row.id,
    federatedId: identity.sub,
    name: row.name,
    email: row.email,
    emailVerified: identity.emailVerified,
    organizationId: row.organization_id,
    roles: row.roles.filter(isRole),
    tokenExpiresAt: identity.expiresAt,
    tokensValidAfter: row.tokens_valid_after === null ? null : new Date(row.tokens_valid_after).getTime(),
  };
}

/**
 * A person who has signed in is a registered user: the `user` role (customer-app §6) marks that,
 * beside any role an invitation or an admin gives.
 */
async function grantRegisteredRole(db: Db, sub: string): Promise<void> {
  await db.execute(
    sql`insert into user_roles (user_id, role_id)
        select u.id, r.id from users u, roles r
        where u.federated_id = ${sub} and r.name = 'user'
        on conflict do nothing`,
  );
}

async function createOrLinkUser(
  db: Db,
  sub: string,
  verifiedEmail: string | undefined,
  name: string | undefined,
) {
  if (verifiedEmail) {
    const linked = await queryRows<{ id: string }>(
      db,
      sql`update users set federated_id = ${sub}, name = coalesce(name, ${name ?? null}), updated_at = now()
          where lower(email) = lower(${verifiedEmail}) and federated_id is null
          returning id`,
    );
    if (linked.length > 0) return;
  }
  // Concurrent first requests of one person race here: the unique federated_id keeps one row.
  // An e-mail already held by another row is left off rather than failing the sign-in.
  await db.execute(
    sql`insert into users (federated_id, email, name)
        values (${sub},
                case when ${verifiedEmail ?? null}::text is not null
                      and not exists (select 1 from users where lower(email) = lower(${verifiedEmail ?? null}::text))
                     then ${verifiedEmail ?? null}::text end,
                ${name ?? null})
        on conflict do nothing`,
  );
}

/**
 * The person signed in before verifying their e-mail, so their row has none. Now it is verified:
 * if someone invited that address, the invited row becomes theirs (the placeholder, which cannot
 * hold anything of value, is folded into it); otherwise the placeholder keeps the address.
 */
async function adoptVerifiedEmail(db: Db, placeholderId: string, sub: string, email: string) {
  const movedRecords: string[] = [];
  await db.transaction(async (tx) => {
    const [invited] = await queryRows<{ id: string }>(
      tx,
      sql`select id from users where lower(email) = lower(${email}) and federated_id is null for update`,
    );
    if (!invited) {
      await tx.execute(
        sql`update users set email = ${email}, updated_at = now()
            where id = ${placeholderId}
              and not exists (select 1 from users where lower(email) = lower(${email}))`,
      );
      return;
    }
    await tx.execute(sql`update users set federated_id = null where id = ${placeholderId}`);
    await tx.execute(
      sql`update users set federated_id = ${sub},
            name = coalesce(name, (select name from users where id = ${placeholderId})), updated_at = now()
          where id = ${invited.id}`,
    );
    await tx.execute(
      sql`insert into user_roles (user_id, role_id)
          select ${invited.id}, role_id from user_roles where user_id = ${placeholderId}
          on conflict do nothing`,
    );
    const moved = await queryRows<{ id: string }>(
      tx,
      sql`update reports set client = ${invited.id}, version = version + 1, updated_at = now()
          where client = ${placeholderId} returning id`,
    );
    movedRecords.push(...moved.map((row) => row.id));
    await tx.execute(
      sql`update users set organization_id = coalesce(organization_id, (select organization_id from users where id = ${placeholderId}))
          where id = ${invited.id}`,
    );
    await tx.execute(sql`delete from users where id = ${placeholderId}`);
  });
  return movedRecords;
}

/**
 * Issue 14 §3: ends every ID token issued so far for this person (logout, password reset). Kept to
 * whole seconds, as token issue times are: a token issued in the second after still works.
 */
export async function revokeTokensOfUser(db: Pick<Db, 'execute'>, userId: string): Promise<void> {
  await db.execute(
    sql`update users set tokens_valid_after = date_trunc('second', now()) where id = ${userId}::uuid`,
  );
}

/** The same, for the user of an identity (the embedded provider's account id is its subject). */
export async function revokeTokensOfSubject(db: Pick<Db, 'execute'>, sub: string): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update users set tokens_valid_after = date_trunc('second', now()) where federated_id = ${sub} returning id`,
  );
  return rows[0]?.id ?? null;
}
