import type { User } from 'oidc-client-ts';
import type { ClientConfig } from '#domain/client-config.ts';
import type { SignInEndCause } from '#domain/sign-in-end.ts';
import { logAuthError, logQuietSignInFailure } from './auth-log.ts';
import { endSignInKeepingAnswers, logout, type SessionEndReason, signOutEverywhere } from './auth-logout.ts';
import { type AuthSnapshot, isExpired, SIGNED_OUT } from './auth-store.ts';
import { isExpiringSoon } from './id-token-claims.ts';
import { loadOidcLibrary, type OidcLibrary } from './lazy-user-manager.ts';
import { handleRedirect, redirectToProvider } from './provider-redirects.ts';
import { type AuthSessionEnvironment, createSessionCore, type SessionCore } from './session-core.ts';
import { readStoredUser, type SessionUser } from './stored-user.ts';

/** How long the first screen waits for a quiet sign-in before showing the logged-out state. */
const QUIET_SIGN_IN_WAIT_MS = 1500;
/** At most this often, a session whose address is not verified yet asks the provider again. */
const VERIFICATION_CHECK_INTERVAL_MS = 5_000;

export interface LogoutOptions {
  /** The person chose to delete answers this device still holds unsent. */
  discardUnsent?: boolean;
}

/**
 * The browser's sign-in session: one per page, shared by React (through useSyncExternalStore) and
 * the API clients (getIdToken). Sign-in library errors are only logged (customer-app §8). Its
 * parts: the state React reads (auth-store.ts), the lazily loaded library (lazy-user-manager.ts),
 * what they share (session-core.ts), the provider's redirects (provider-redirects.ts) and the
 * logout (auth-logout.ts).
 */
export interface AuthSession {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Handles a provider redirect, restores the stored user, or tries a quiet sign-in. */
  start(): Promise<void>;
  /** The hash route to show after a completed sign-in redirect, once. */
  takeReturnTo(): string | null;
  /** `params` go to the provider: `{ prompt: 'login' }` asks for the password again (issue 30 §6). */
  login(params?: Record<string, string>): Promise<void>;
  signup(): Promise<void>;
  /**
   * Ends the sign-in here, at the server and at the provider. Issue 26 §1–§2: while this device
   * holds answers the server does not have, it does nothing and answers false, unless the person
   * chose to delete them (`discardUnsent`).
   */
  logout(options?: LogoutOptions): Promise<boolean>;
  /**
   * Issue 29 §4: the sign-in ends by itself (idle, its lifetime): unsent answers stay kept and are
   * sent after the next sign-in; nothing is deleted.
   */
  endKeepingAnswers(reason: Exclude<SessionEndReason, 'everywhere'>): Promise<void>;
  /** Issue 29 §4: ends every sign-in of the person, then this one; false when the server was not told. */
  signOutEverywhere(): Promise<boolean>;
  /** The ID token (the bearer of every call, customer-app §7), renewed when about to expire. */
  getIdToken(): Promise<string | null>;
  /**
   * Issue 38 §5: the server said this sign-in was ended elsewhere (a live connection closed, a
   * call refused, with the cause). An erased person's page ends as after an erasure.
   */
  signInEnded(cause: SignInEndCause): void;
}

export function createAuthSession(
  config: ClientConfig,
  env: AuthSessionEnvironment = browserEnvironment(),
  loadLibrary: () => Promise<OidcLibrary> = loadOidcLibrary,
): AuthSession {
  const core = createSessionCore(config, env, loadLibrary);
  const refreshUnverified = verificationRefresher(core);
  env.onVisible?.(() => void refreshUnverified());
  return {
    getSnapshot: core.store.getSnapshot,
    subscribe: core.store.subscribe,
    start: () => start(core, refreshUnverified),
    takeReturnTo() {
      const route = core.returnTo;
      core.returnTo = null;
      return route;
    },
    login: (params) => redirectToProvider(core, params),
    // customer-app §4: sign-up is the login redirect with a sign-up screen hint.
    signup: () => redirectToProvider(core, { screen_hint: 'signup' }),
    logout: ({ discardUnsent = false }: LogoutOptions = {}) => logout(core, discardUnsent),
    endKeepingAnswers: (reason) => endSignInKeepingAnswers(core, reason),
    signOutEverywhere: async () => signOutEverywhere(core, await getIdToken(core)),
    getIdToken: () => getIdToken(core),
    signInEnded(cause) {
      if (cause === 'erased') {
        void import('./erased-account.ts').then((module) => module.endAfterErasure());
        return;
      }
      const snapshot = core.store.getSnapshot();
      if (snapshot.status === 'signed-in' && !snapshot.ended) {
        void core.manager.current()?.then((manager) => manager.stopSilentRenew());
        core.store.publish({ ...snapshot, ended: cause });
      }
    },
  };
}

async function start(core: SessionCore, refreshUnverified: () => Promise<void>): Promise<void> {
  const { config, env, store } = core;
  const outcome = await handleRedirect(core);
  if (outcome === 'signed-in') return;
  if (outcome === 'signed-out') {
    store.publish(SIGNED_OUT);
    return;
  }
  const stored = readStoredUser(env.sessionStorage, config);
  if (
    stored &&
    !isExpired(stored.expires_at ?? stored.profile.exp, core.nowSeconds()) &&
    (await core.accept(stored))
  ) {
    void refreshUnverified();
    return;
  }
  // No user in this tab: sign in quietly when the provider still has a session (a second tab,
  // a reload after the renewal window). A failure is the ordinary logged-out case. The screen
  // waits only briefly: a provider that never answers the hidden frame must not hide Login.
  const quiet = core.manager
    .get()
    .then((manager) => manager.signinSilent())
    .then(core.accept, async (error: unknown) => {
      logQuietSignInFailure(error);
      if (stored) await core.dropUser();
    });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([quiet, new Promise((resolve) => (timer = setTimeout(resolve, QUIET_SIGN_IN_WAIT_MS)))]);
  clearTimeout(timer);
  if (store.getSnapshot().status === 'loading') store.publish(SIGNED_OUT);
}

/**
 * Issue 13 §7: a person who signed in before verifying their address verifies it (in this tab
 * or another), then comes back: the session must learn of it, or Home keeps asking and shows no
 * invited record. A quiet sign-in fetches a fresh ID token, now saying the address is verified.
 */
function verificationRefresher(core: SessionCore): () => Promise<void> {
  let lastCheck = 0;
  return async () => {
    const { status, user } = core.store.getSnapshot();
    if (status !== 'signed-in' || user?.profile.email_verified !== false) return;
    const now = core.env.now?.() ?? Date.now();
    if (now - lastCheck < VERIFICATION_CHECK_INTERVAL_MS) return;
    lastCheck = now;
    try {
      await core.accept(await (await core.manager.get()).signinSilent());
    } catch (error) {
      logQuietSignInFailure(error);
    }
  };
}

async function getIdToken(core: SessionCore): Promise<string | null> {
  let user: SessionUser | User | null = readStoredUser(core.env.sessionStorage, core.config);
  if (user?.id_token && isExpiringSoon(user.profile.exp, core.nowSeconds())) {
    try {
      user = await (await core.manager.get()).signinSilent();
    } catch (error) {
      logAuthError('token renewal failed', error);
    }
  }
  if (!user?.id_token || isExpired(user.profile.exp, core.nowSeconds())) return null;
  return user.id_token;
}

function browserEnvironment(): AuthSessionEnvironment {
  return {
    onVisible(callback) {
      window.addEventListener('focus', callback);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') callback();
      });
    },
    location: window.location,
    history: window.history,
    sessionStorage: window.sessionStorage,
    localStorage: window.localStorage,
  };
}
