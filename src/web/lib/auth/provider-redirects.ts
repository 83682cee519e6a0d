import { keepEverythingBeforeLeaving } from '../answer-holders.ts';
import { logAuthError } from './auth-log.ts';
import { currentHashRoute, readAuthRedirect, safeReturnTo } from './auth-redirect.ts';
import type { SessionCore } from './session-core.ts';

/**
 * The provider sent the person back here (a sign-in's code, or the end of a logout): the address
 * bar is cleaned, the answer handled, and for a sign-in the route to return to noted before the
 * session says "signed in".
 */
export async function handleRedirect(core: SessionCore): Promise<'signed-in' | 'signed-out' | 'none'> {
  const { env } = core;
  const redirect = readAuthRedirect(env.location.href);
  if (redirect.kind === 'none') return 'none';
  // Clean the address bar first: the one-time code must not linger in the history.
  env.history.replaceState(env.history.state, '', redirect.cleanUrl);
  try {
    const manager = await core.manager.get();
    if (redirect.kind === 'signout') {
      await manager.signoutCallback(redirect.url);
      return 'signed-out';
    }
    core.handlingCallback = true;
    const user = await manager.signinCallback(redirect.url);
    core.returnTo = safeReturnTo((user?.state as { returnTo?: unknown } | undefined)?.returnTo);
    return (await core.accept(user)) ? 'signed-in' : 'none';
  } catch (error) {
    logAuthError(`the ${redirect.kind} callback failed`, error);
    return redirect.kind === 'signout' ? 'signed-out' : 'none';
  } finally {
    core.handlingCallback = false;
  }
}

/** Login (or sign-up, with its screen hint): the page goes to the provider, back to this route after. */
export async function redirectToProvider(core: SessionCore, extraQueryParams?: Record<string, string>) {
  // Issue 26 §1: answers not sent yet (a sign-in that ended) are kept, and sent after it.
  const stay = await keepEverythingBeforeLeaving();
  try {
    const manager = await core.manager.get();
    await manager.signinRedirect({
      state: { returnTo: currentHashRoute(core.env.location.hash) },
      ...(extraQueryParams ? { extraQueryParams } : {}),
    });
  } catch (error) {
    stay();
    logAuthError('login failed', error);
  }
}
