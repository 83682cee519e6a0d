import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { users } from '../../db/schema.ts';

// What the embedded provider keeps of a sign-in: without them no device can renew its tokens or
// sign in quietly, so the password is asked again everywhere.
const SIGN_IN_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];

/**
 * Issue 29 §4 "Sign out of all devices": every ID token of the person issued so far stops working
 * (tokens_valid_after, to the millisecond, as a logout), and the embedded provider forgets their
 * sessions, grants and refresh tokens (its account id is the person's subject), so no device gets
 * a new token without the password. False when there is no such user. The caller then tells every
 * instance (viewer cache invalidation), whose sockets of that person are checked again and closed.
 */
export async function endEverySignIn(db: Db, userId: string): Promise<boolean> {
  const now = new Date().toISOString();
  return db.transaction(async (tx) => {
    const [user] = await queryRows<ColumnsOfRow<typeof users, 'federated_id'>>(
      tx,
      sql`update users set tokens_valid_after = ${now}::timestamptz where id = ${userId}::uuid
          returning federated_id`,
    );
    if (!user) return false;
    if (user.federated_id === null) return true;
    await tx.execute(
      sql`delete from oidc_payloads
          where model in (${sql.join(
            SIGN_IN_MODELS.map((model) => sql`${model}`),
            sql`, `,
          )}) and account_id = ${user.federated_id}`,
    );
    return true;
  });
}
