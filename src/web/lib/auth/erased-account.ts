import { ERASED_ACCOUNT_MESSAGE } from '#domain/erased-account.ts';
import { clearPendingAnswersAtLogout } from '../answer-holders.ts';
import type { AuthSnapshot } from './auth-store.ts';

// Issue 30 §6. Loaded only when needed: the record route's start-up script has no room for it
// (issue 15), so nothing here is reached through the sign-in session itself.

/**
 * The page a person lands on once their account is erased: the home route shows the confirmation
 * (home-screen.tsx), because a route of its own would cost the record route's start-up script.
 */
export const ACCOUNT_ERASED_ROUTE = '/?erased';

/**
 * After an erasure there is nothing to end at the server or the provider (both have forgotten the
 * person), and nothing to keep: answers this device still held for the erased records are deleted,
 * the stored sign-in is dropped, and the page starts again on the confirmation.
 */
export async function endAfterErasure(): Promise<void> {
  await clearPendingAnswersAtLogout({ discardUnsent: true });
  // The stored sign-in (oidc-client-ts keeps it under `oidc.user:{authority}:{client}`).
  for (const key of Object.keys(sessionStorage))
    if (key.startsWith('oidc.user:')) sessionStorage.removeItem(key);
  location.hash = ACCOUNT_ERASED_ROUTE;
  location.reload();
}

/**
 * A screen that was told "sign in again" asks once whether the person was erased (on another
 * device, or by an admin) rather than signed out, and if so ends as above instead of offering a
 * sign-in that cannot succeed.
 */
export async function endIfErased(session: { getSnapshot(): AuthSnapshot }): Promise<void> {
  const idToken = session.getSnapshot().user?.id_token;
  if (!idToken) return;
  try {
    const response = await fetch('/api/me', { headers: { authorization: `Bearer ${idToken}` } });
    if (response.status !== 401) return;
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (body?.error === ERASED_ACCOUNT_MESSAGE) await endAfterErasure();
  } catch {
    // Out of reach: the notice's "Sign in again" stays, as for any ended sign-in.
  }
}
