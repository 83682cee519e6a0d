import {
  clearPendingAnswersAtLogout,
  keepEverythingBeforeLeaving,
  sendHeldAnswers,
} from '../answer-holders.ts';
import { logAuthError } from './auth-log.ts';
import { currentHashRoute } from './auth-redirect.ts';
import type { SessionCore } from './session-core.ts';
import { readStoredUser, userStorageKeyOf } from './stored-user.ts';

/**
 * Why a sign-in ended keeping unsent answers (issue 29 §4): a time-out (idle, the lifetime), Sign
 * out of all devices, or Log out in the time-out warning while answers were still unsent.
 */
export type SessionEndReason = 'idle' | 'lifetime' | 'everywhere' | 'logout';

/** Where the reason waits for the page after the provider's sign-out, in this tab. */
export const SESSION_END_KEY = 'life-record:session-ended';
/** A time-out sends what it can within this, then keeps the rest (the token may be about to end). */
const TIME_OUT_SEND_WAIT_MS = 2000;

/**
 * Ends the sign-in here, at the server and at the provider. Issue 26 §1–§2: while this device holds
 * answers the server does not have, it does nothing and answers false, unless the person chose to
 * delete them (`discardUnsent`).
 */
export async function logout(core: SessionCore, discardUnsent: boolean): Promise<boolean> {
  // DESIGN §7: answers kept in this browser until the server has them are cleared at logout;
  // issue 26: never answers the server does not have, unless the person chose to delete them.
  if (!(await clearPendingAnswersAtLogout({ discardUnsent }))) return false;
  await keepEverythingBeforeLeaving();
  await leave(core, true);
  return true;
}

/**
 * Issue 29 §4: a time-out (idle, or the session's lifetime) or "Sign out of all devices" signs out
 * as the offline logout does: what can be sent goes now, the rest stays encrypted in the kept store
 * and is sent after the next sign-in; nothing is deleted. The page after the sign-out says why.
 */
export async function endSignInKeepingAnswers(core: SessionCore, reason: SessionEndReason): Promise<void> {
  await sendHeldAnswers(TIME_OUT_SEND_WAIT_MS);
  await keepEverythingBeforeLeaving();
  const returnTo = currentHashRoute(core.env.location.hash);
  core.env.sessionStorage.setItem(SESSION_END_KEY, JSON.stringify({ reason, returnTo }));
  // "Everywhere" has ended this device's tokens at the server already.
  await leave(core, reason !== 'everywhere');
}

/**
 * Issue 29 §4 "Sign out of all devices": every sign-in of the person ends at the server (tokens,
 * renewals, live connections), then this one as a time-out does. False when the server could not
 * be told (offline, out of reach): nothing has ended then.
 */
export async function signOutEverywhere(core: SessionCore, idToken: string | null): Promise<boolean> {
  if (!idToken) return false;
  await sendHeldAnswers(TIME_OUT_SEND_WAIT_MS);
  try {
    const response = await fetch('/api/sign-out-everywhere', {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return false;
  } catch (error) {
    logAuthError('signing out of all devices failed', error);
    return false;
  }
  await endSignInKeepingAnswers(core, 'everywhere');
  return true;
}

/** Ends the sign-in at the server (unless done already) and at the provider, or here at least. */
async function leave(core: SessionCore, endAtServer: boolean): Promise<void> {
  const { config, env } = core;
  const user = readStoredUser(env.sessionStorage, config);
  // Issue 14 §3: the server ends this sign-in's tokens at once (a copied token stops working).
  if (endAtServer && user?.id_token) await endServerSignIn(user.id_token);
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
