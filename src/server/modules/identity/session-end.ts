import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oidcPayloads } from '../../db/identity-schema.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { endedSignIns } from '../../db/schema.ts';
import { revokeTokensOfUser } from './viewer.ts';

// What the embedded provider keeps of a sign-in: without them no device can renew its tokens or
// sign in quietly, so the password is asked again everywhere.
const SIGN_IN_MODELS = ['Session', 'Grant', 'RefreshToken', 'AccessToken', 'AuthorizationCode'];
// Ended sign-ins are remembered longer than any ID token naming them lives (ours: 1 h; an outside
// issuer's are bounded by the session lifetime when they say `auth_time`).
const ENDED_SIGN_IN_KEPT = '2 days';

const FORGET_PROVIDER_SIGN_INS = prepared<never>(
  'session-end-forget-provider-sign-ins',
  sql`delete from ${oidcPayloads}
      where ${oidcPayloads.model} = any(${value('models')}::text[]) and ${oidcPayloads.accountId} = ${value('accountId')}`,
);
const END_SIGN_IN = prepared<ColumnsOfRow<typeof endedSignIns, 'user_id'>>(
  'session-end-end-sign-in',
  sql`with pruned as (
        delete from ${endedSignIns} where ${endedSignIns.endedAt} < now() - ${value('kept')}::interval)
      insert into ${endedSignIns} (${column(endedSignIns.userId)}, ${column(endedSignIns.signInId)})
      values (${value('userId')}::uuid, ${value('signInId')})
      on conflict do nothing returning ${column(endedSignIns.userId)}`,
);

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
    await runStatement(tx, FORGET_PROVIDER_SIGN_INS, { models: SIGN_IN_MODELS, accountId: federatedId });
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
  await runStatement(db, END_SIGN_IN, { kept: ENDED_SIGN_IN_KEPT, userId: viewer.userId, signInId });
  if (endProviderSession && signInId.startsWith('session:'))
    await endProviderSession(db, viewer.federatedId, signInId.slice('session:'.length));
}
