import { clearPendingAnswersAtLogout, keepEverythingBeforeLeaving } from '../answer-holders.ts';
import { logAuthError } from './auth-log.ts';
import type { SessionCore } from './session-core.ts';
import { readStoredUser, userStorageKeyOf } from './stored-user.ts';

/**
 * Ends the sign-in here, at the server and at the provider. Issue 26 §1–§2: while this device holds
 * answers the server does not have, it does nothing and answers false, unless the person chose to
 * delete them (`discardUnsent`).
 */
export async function logout(core: SessionCore, discardUnsent: boolean): Promise<boolean> {
  const { config, env } = core;
  // DESIGN §7: answers kept in this browser until the server has them are cleared at logout;
  // issue 26: never answers the server does not have, unless the person chose to delete them.
  if (!(await clearPendingAnswersAtLogout({ discardUnsent }))) return false;
  await keepEverythingBeforeLeaving();
  const user = readStoredUser(env.sessionStorage, config);
  // Issue 14 §3: the server ends this sign-in's tokens at once (a copied token stops working).
  if (user?.id_token) await endServerSignIn(user.id_token);
  try {
    const manager = await core.manager.get();
    await manager.signoutRedirect({
      ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
      post_logout_redirect_uri: `${env.location.origin}/`,
    });
  } catch (error) {
    // The provider could not be reached: end the session here at least.
    logAuthError('logout at the provider failed', error);
    await core.dropUser().catch(() => env.sessionStorage.removeItem(userStorageKeyOf(config)));
    env.location.assign(`${env.location.origin}/`);
  }
  return true;
}

/** Best effort: a server out of reach must not keep the person from logging out. */
async function endServerSignIn(idToken: string): Promise<void> {
  try {
    await fetch('/api/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
      signal: AbortSignal.timeout(3_000),
    });
  } catch (error) {
    logAuthError('ending the sign-in on the server failed', error);
  }
}
