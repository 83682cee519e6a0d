import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords, roles, userRoles, users } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';
import type { VerifiedIdentity } from './token-verifier.ts';

type UserId = ColumnsOfRow<typeof users, 'id'>;

const GRANT_REGISTERED_ROLE = prepared<never>(
  'sign-in-grant-registered-role',
  sql`insert into ${userRoles} (${column(userRoles.userId)}, ${column(userRoles.roleId)})
      select ${users.id}, ${roles.id} from ${users}, ${roles}
      where ${users.federatedId} = ${value('sub')} and ${roles.name} = 'user'
      on conflict do nothing`,
);
const LINK_INVITED_USER = prepared<UserId>(
  'sign-in-link-invited-user',
  sql`update ${users} set ${column(users.federatedId)} = ${value('sub')},
        ${column(users.name)} = coalesce(${users.name}, ${value('name')}), ${column(users.updatedAt)} = now()
      where lower(${users.email}) = lower(${value('email')}) and ${users.federatedId} is null
      returning ${column(users.id)}`,
);
const CREATE_USER = prepared<never>(
  'sign-in-create-user',
  sql`insert into ${users} (${column(users.federatedId)}, ${column(users.email)}, ${column(users.name)})
      values (${value('sub')},
              case when ${value('email')}::text is not null
                    and not exists (select 1 from ${users} where lower(${users.email}) = lower(${value('email')}::text))
                   then ${value('email')}::text end,
              ${value('name')})
      on conflict do nothing`,
);

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
  await runStatement(db, GRANT_REGISTERED_ROLE, { sub });
}

async function createOrLinkUser(
  db: Db,
  sub: string,
  verifiedEmail: string | undefined,
  name: string | undefined,
) {
  if (verifiedEmail) {
    const linked = await runStatement(db, LINK_INVITED_USER, {
      sub,
      name: name ?? null,
      email: verifiedEmail,
    });
    if (linked.length > 0) return;
  }
  // Concurrent first requests of one person race here: the unique federated_id keeps one row.
  // An e-mail already held by another row is left off rather than failing the sign-in.
  await runStatement(db, CREATE_USER, { sub, email: verifiedEmail ?? null, name: name ?? null });
}

const FIND_INVITED_ROW = prepared<UserId>(
  'sign-in-find-invited-row',
  sql`select ${users.id} from ${users}
      where lower(${users.email}) = lower(${value('email')}) and ${users.federatedId} is null for update`,
);
const GIVE_PLACEHOLDER_EMAIL = prepared<never>(
  'sign-in-give-placeholder-email',
  sql`update ${users} set ${column(users.email)} = ${value('email')}, ${column(users.updatedAt)} = now()
      where ${users.id} = ${value('placeholderId')}
        and not exists (select 1 from ${users} where lower(${users.email}) = lower(${value('email')}))`,
);
const UNLINK_PLACEHOLDER = prepared<never>(
  'sign-in-unlink-placeholder',
  sql`update ${users} set ${column(users.federatedId)} = null where ${users.id} = ${value('placeholderId')}`,
);
const LINK_INVITED_ROW = prepared<never>(
  'sign-in-link-invited-row',
  sql`update ${users} set ${column(users.federatedId)} = ${value('sub')},
        ${column(users.name)} = coalesce(${users.name}, (select ${users.name} from ${users} where ${users.id} = ${value('placeholderId')})),
        ${column(users.updatedAt)} = now()
      where ${users.id} = ${value('invitedId')}`,
);
const COPY_PLACEHOLDER_ROLES = prepared<never>(
  'sign-in-copy-placeholder-roles',
  sql`insert into ${userRoles} (${column(userRoles.userId)}, ${column(userRoles.roleId)})
      select ${value('invitedId')}, ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${value('placeholderId')}
      on conflict do nothing`,
);
const MOVE_PLACEHOLDER_RECORDS = prepared<ColumnsOfRow<typeof lifeRecords, 'id'>>(
  'sign-in-move-placeholder-records',
  sql`update ${lifeRecords} set ${column(lifeRecords.clientId)} = ${value('invitedId')},
        ${column(lifeRecords.version)} = ${lifeRecords.version} + 1, ${column(lifeRecords.updatedAt)} = now()
      where ${lifeRecords.clientId} = ${value('placeholderId')} returning ${column(lifeRecords.id)}`,
);
const COPY_PLACEHOLDER_ORGANIZATION = prepared<never>(
  'sign-in-copy-placeholder-organization',
  sql`update ${users} set ${column(users.organizationId)} = coalesce(${users.organizationId},
        (select ${users.organizationId} from ${users} where ${users.id} = ${value('placeholderId')}))
      where ${users.id} = ${value('invitedId')}`,
);
const DELETE_PLACEHOLDER = prepared<never>(
  'sign-in-delete-placeholder',
  sql`delete from ${users} where ${users.id} = ${value('placeholderId')}`,
);

/**
 * The person signed in before verifying their e-mail, so their row has none. Now it is verified:
 * if someone invited that address, the invited row becomes theirs (the placeholder, which cannot
 * hold anything of value, is folded into it); otherwise the placeholder keeps the address.
 */
async function adoptVerifiedEmail(db: Db, placeholderId: string, sub: string, email: string) {
  const movedRecords: string[] = [];
  await db.transaction(async (tx) => {
    const [invited] = await runStatement(tx, FIND_INVITED_ROW, { email });
    if (!invited) {
      await runStatement(tx, GIVE_PLACEHOLDER_EMAIL, { email, placeholderId });
      return;
    }
    const pair = { placeholderId, invitedId: invited.id };
    await runStatement(tx, UNLINK_PLACEHOLDER, { placeholderId });
    await runStatement(tx, LINK_INVITED_ROW, { ...pair, sub });
    await runStatement(tx, COPY_PLACEHOLDER_ROLES, pair);
    const moved = await runStatement(tx, MOVE_PLACEHOLDER_RECORDS, pair);
    movedRecords.push(...moved.map((row) => row.id));
    await runStatement(tx, COPY_PLACEHOLDER_ORGANIZATION, pair);
    await runStatement(tx, DELETE_PLACEHOLDER, { placeholderId });
  });
  return movedRecords;
}
