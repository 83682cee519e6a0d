import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { revokeTokensOfUser } from './viewer.ts';

// What the embedded provider keeps of a sign-in: without them no device can renew its tokens or
// sign in quietly, so the password is asked again everywhere.
const SIGN_IN_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];
// Ended sign-ins are remembered longer than any ID token naming them lives (ours: 1 h; an outside
// issuer's are bounded by the session lifetime when they say `auth_time`).
const ENDED_SIGN_IN_KEPT = '2 days';

/**
 * Issue 29 §4 "Sign out of all devices": every ID token of the person issued so far stops working
 * (tokens_valid_after, to the millisecond, noting the cause for issue 38 §5), and the embedded
 * provider forgets their sessions, grants and refresh tokens (its account id is the person's
 * subject), so no device gets a new token without the password. False when there is no such user.
 * The caller then tells every instance (viewer cache invalidation), whose sockets of that person
 * are checked again and closed.
 */
export async function endEverySignIn(
  db: Db,
  userId: string,
  cause: 'everywhere' | 'admin' | 'erased',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const federatedId = await revokeTokensOfUser(tx, userId, cause);
    if (federatedId === null) return false;
    if (federatedId === '') return true;
    await tx.execute(
      sql`delete from oidc_payloads
          where model in (${sql.join(
            SIGN_IN_MODELS.map((model) => sql`${model}`),
            sql`, `,
          )}) and account_id = ${federatedId}`,
    );
    return true;
  });
}

/** Ends one session of the embedded provider (idp/oidc-adapter.ts), given by the app that mounts it. */
export type ProviderSessionEnder = (db: Db, accountId: string, sessionUid: string) => Promise<void>;

/**
 * Issue 38 §4 "Logout means this device": the tokens of this one sign-in (its `sid`, or the token
 * itself) are refused from now on, and the embedded provider's session behind it ends, grant and
 * refresh tokens included, so signing in again here asks for the password. The person's other
 * devices keep their tokens and sessions.
 */
export async function endThisSignIn(
  db: Db,
  viewer: { userId: string; federatedId: string },
  signInId: string,
  endProviderSession?: ProviderSessionEnder,
): Promise<void> {
  await queryRows(
    db,
    sql`with pruned as (
          delete from ended_sign_ins where ended_at < now() - ${ENDED_SIGN_IN_KEPT}::interval)
        insert into ended_sign_ins (user_id, sign_in_id) values (${viewer.userId}::uuid, ${signInId})
        on conflict do nothing returning user_id`,
  );
  if (endProviderSession && signInId.startsWith('session:'))
    await endProviderSession(db, viewer.federatedId, signInId.slice('session:'.length));
}
