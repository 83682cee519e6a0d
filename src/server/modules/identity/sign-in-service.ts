import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { lifeRecords, users } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import type { VerifiedIdentity } from './token-verifier.ts';

type UserId = ColumnsOfRow<typeof users, 'id'>;

/**
 * The identity service (issue 16 §3): what a new sign-in writes, in one place. The first sign-in of
 * an identity creates its user row, or links the row an invitation made for its verified address
 * (DESIGN §4); a person who signed in before verifying their address gets the invited row once it
 * is verified. Called by resolveViewer only when a sign-in is new; returns the records whose owner
 * changed (the caller publishes them).
 */
export async function completeSignIn(
  writer: RecordWriter,
  identity: Omit<VerifiedIdentity, 'signInId'>,
  existingUserId: string | null,
): Promise<string[]> {
  const db = writer.db;
  const verifiedEmail = identity.emailVerified && identity.email ? identity.email : undefined;
  if (existingUserId === null) {
    await createOrLinkUser(db, identity.sub, verifiedEmail, identity.name);
    await grantRegisteredRole(db, identity.sub);
    return [];
  }
  return verifiedEmail ? adoptVerifiedEmail(db, existingUserId, identity.sub, verifiedEmail) : [];
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
    const linked = await queryRows<UserId>(
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
    const [invited] = await queryRows<UserId>(
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
    const moved = await queryRows<ColumnsOfRow<typeof lifeRecords, 'id'>>(
      tx,
      sql`update life_records set client = ${invited.id}, version = version + 1, updated_at = now()
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
