import type { User, UserManager } from 'oidc-client-ts';
import type { ClientConfig } from '#domain/client-config.ts';
import type { Role } from '#domain/roles.ts';
import { clearPendingAnswersAtLogout, keepEverythingBeforeLeaving } from '../pending-answers-store.ts';
import { currentHashRoute, readAuthRedirect, safeReturnTo } from './auth-redirect.ts';
import {
  ID_TOKEN_LEEWAY_SECONDS,
  idTokenProblem,
  isExpiringSoon,
  rolesFromClaims,
} from './id-token-claims.ts';
import { userManagerSettings } from './oidc-settings.ts';
import { readStoredUser, type SessionUser, userStorageKeyOf } from './stored-user.ts';

/** How long the first screen waits for a quiet sign-in before showing the logged-out state. */
const QUIET_SIGN_IN_WAIT_MS = 1500;
/** At most this often, a session whose address is not verified yet asks the provider again. */
const VERIFICATION_CHECK_INTERVAL_MS = 5_000;
/** The sign-in library is loaded this long before its renewal of the ID token is due. */
const LIBRARY_BEFORE_RENEWAL_SECONDS = 90;

type OidcLibrary = typeof import('oidc-client-ts');

/**
 * oidc-client-ts (16 KiB gzip) is loaded only when it has work to do: a provider redirect, a quiet
 * sign-in, login, logout, or a renewal coming up. A returning person's stored session is read
 * without it (stored-user.ts), so the first screen never waits for it (issue 15 §3).
 */
const loadOidcLibrary = (): Promise<OidcLibrary> => import('oidc-client-ts');

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface LogoutOptions {
  /** The person chose to delete answers this device still holds unsent. */
  discardUnsent?: boolean;
}

export interface AuthSnapshot {
  status: AuthStatus;
  user: SessionUser | null;
  /** customer-app §4: set from the ID token's allowed-roles list after login; empty once logged out. */
  roles: Role[];
}

const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null, roles: [] };

/**
 * The browser's sign-in session: one per page, shared by React (through useSyncExternalStore) and
 * the API clients (getIdToken). Sign-in library errors are only logged (customer-app §8).
 */
export interface AuthSession {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** Handles a provider redirect, restores the stored user, or tries a quiet sign-in. */
  start(): Promise<void>;
  /** The hash route to show after a completed sign-in redirect, once. */
  takeReturnTo(): string | null;
  login(): Promise<void>;
  signup(): Promise<void>;
  /**
   * Ends the sign-in here, at the server and at the provider. Issue 26 §1–§2: while this device
   * holds answers the server does not have, it does nothing and answers false, unless the person
   * chose to delete them (`discardUnsent`).
   */
  logout(options?: LogoutOptions): Promise<boolean>;
  /** The ID token (the bearer of every call, customer-app §7), renewed when about to expire. */
  getIdToken(): Promise<string | null>;
}

export interface AuthSessionEnvironment {
  location: Pick<Location, 'href' | 'origin' | 'hash' | 'assign'>;
  /** Calls back whenever the page is shown or focused again (another tab may have changed things). */
  onVisible?(callback: () => void): void;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Storage;
  localStorage: Storage;
  now?: () => number;
}

export function createAuthSession(
  config: ClientConfig,
  env: AuthSessionEnvironment = browserEnvironment(),
  loadLibrary: () => Promise<OidcLibrary> = loadOidcLibrary,
) {
  const nowSeconds = () => Math.floor((env.now?.() ?? Date.now()) / 1000);
  const listeners = new Set<() => void>();
  let snapshot: AuthSnapshot = storedSession() ?? { status: 'loading', user: null, roles: [] };
  let returnTo: string | null = null;
  let library: Promise<UserManager> | null = null;
  let renewalTimer: ReturnType<typeof setTimeout> | undefined;

  /** The library's user manager, loaded and wired to this session on first use. */
  function userManager(): Promise<UserManager> {
    library ??= loadLibrary().then((oidc) => {
      const manager = new oidc.UserManager(
        userManagerSettings(oidc, config, env.location.origin, {
          session: env.sessionStorage,
          local: env.localStorage,
        }),
      );
      listen(manager);
      return manager;
    });
    return library;
  }

  function publish(next: AuthSnapshot) {
    if (next.status === snapshot.status && next.user?.id_token === snapshot.user?.id_token) return;
    snapshot = next;
    for (const listener of listeners) listener();
  }

  /**
   * A person already signed in in this tab is signed in from the first render (issue 15 §2: the
   * first screen need not wait a tick for start()); start() confirms it. Not while a provider
   * redirect is being answered, which decides who is signed in.
   */
  function storedSession(): AuthSnapshot | null {
    if (readAuthRedirect(env.location.href).kind !== 'none') return null;
    const user = readStoredUser(env.sessionStorage, config);
    const now = nowSeconds();
    if (!user?.id_token || isExpired(user.expires_at ?? user.profile.exp, now)) return null;
    const problem = idTokenProblem(user.id_token, {
      issuer: config.oidc.authority,
      clientId: config.oidc.clientId,
      now,
    });
    if (problem) return null;
    return { status: 'signed-in', user, roles: rolesFromClaims(user.profile, config.oidc.claimsNamespace) };
  }

  /** Ends the stored session in this tab, with or without the library loaded. */
  async function dropUser() {
    if (library) await (await library).removeUser();
    else env.sessionStorage.removeItem(userStorageKeyOf(config));
    publish(SIGNED_OUT);
  }

  /** A user whose ID token passes the customer-app §5 checks becomes the session; others are dropped. */
  async function accept(user: SessionUser | null | undefined): Promise<boolean> {
    if (!user?.id_token) return false;
    const problem = idTokenProblem(user.id_token, {
      issuer: config.oidc.authority,
      clientId: config.oidc.clientId,
      now: nowSeconds(),
    });
    if (problem) {
      logAuthError('the ID token was refused', new Error(problem));
      await dropUser();
      return false;
    }
    publish({
      status: 'signed-in',
      user,
      roles: rolesFromClaims(user.profile, config.oidc.claimsNamespace),
    });
    scheduleRenewal(user);
    return true;
  }

  /**
   * The library renews the ID token a minute before it expires (automaticSilentRenew), once it
   * holds the user: it is loaded, and given the user, a little before that moment.
   */
  function scheduleRenewal(user: SessionUser) {
    clearTimeout(renewalTimer);
    if (library) return;
    const expiresAt = user.expires_at ?? user.profile.exp;
    if (typeof expiresAt !== 'number') return;
    const loadAt = expiresAt - ID_TOKEN_LEEWAY_SECONDS - LIBRARY_BEFORE_RENEWAL_SECONDS;
    renewalTimer = setTimeout(
      () => void userManager().then((manager) => manager.getUser()),
      Math.max(0, (loadAt - nowSeconds()) * 1000),
    );
  }

  // While a sign-in callback is handled, the callback itself accepts the user, and only after it
  // has noted where to return: otherwise the screen would see "signed in" first, and the return
  // route would be taken later, on the person's next navigation, sending them back.
  let handlingCallback = false;
  function listen(manager: UserManager) {
    manager.events.addUserLoaded((user) => {
      if (!handlingCallback) void accept(user);
    });
    manager.events.addUserUnloaded(() => publish(SIGNED_OUT));
    manager.events.addSilentRenewError((error) => {
      logAuthError('silent renewal failed', error);
      // customer-app §8: login_required logs out silently (the provider's session has ended).
      if (oidcErrorCode(error) === 'login_required') void manager.removeUser();
    });
  }

  async function handleRedirect(): Promise<'signed-in' | 'signed-out' | 'none'> {
    const redirect = readAuthRedirect(env.location.href);
    if (redirect.kind === 'none') return 'none';
    // Clean the address bar first: the one-time code must not linger in the history.
    env.history.replaceState(env.history.state, '', redirect.cleanUrl);
    try {
      const manager = await userManager();
      if (redirect.kind === 'signout') {
        await manager.signoutCallback(redirect.url);
        return 'signed-out';
      }
      handlingCallback = true;
      const user = await manager.signinCallback(redirect.url);
      returnTo = safeReturnTo((user?.state as { returnTo?: unknown } | undefined)?.returnTo);
      return (await accept(user)) ? 'signed-in' : 'none';
    } catch (error) {
      logAuthError(`the ${redirect.kind} callback failed`, error);
      return redirect.kind === 'signout' ? 'signed-out' : 'none';
    } finally {
      handlingCallback = false;
    }
  }

  /**
   * Issue 13 §7: a person who signed in before verifying their address verifies it (in this tab
   * or another), then comes back: the session must learn of it, or Home keeps asking and shows no
   * invited record. A quiet sign-in fetches a fresh ID token, now saying the address is verified.
   */
  let lastVerificationCheck = 0;
  async function refreshUnverified() {
    const user = snapshot.user;
    if (snapshot.status !== 'signed-in' || user?.profile.email_verified !== false) return;
    const now = env.now?.() ?? Date.now();
    if (now - lastVerificationCheck < VERIFICATION_CHECK_INTERVAL_MS) return;
    lastVerificationCheck = now;
    try {
      await accept(await (await userManager()).signinSilent());
    } catch (error) {
      logQuietSignInFailure(error);
    }
  }
  env.onVisible?.(() => void refreshUnverified());

  async function start() {
    const outcome = await handleRedirect();
    if (outcome === 'signed-in') return;
    if (outcome === 'signed-out') {
      publish(SIGNED_OUT);
      return;
    }
    const stored = readStoredUser(env.sessionStorage, config);
    if (
      stored &&
      !isExpired(stored.expires_at ?? stored.profile.exp, nowSeconds()) &&
      (await accept(stored))
    ) {
      void refreshUnverified();
      return;
    }
    // No user in this tab: sign in quietly when the provider still has a session (a second tab,
    // a reload after the renewal window). A failure is the ordinary logged-out case. The screen
    // waits only briefly: a provider that never answers the hidden frame must not hide Login.
    const quiet = userManager()
      .then((manager) => manager.signinSilent())
      .then(accept, async (error: unknown) => {
        logQuietSignInFailure(error);
        if (stored) await dropUser();
      });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      quiet,
      new Promise((resolve) => (timer = setTimeout(resolve, QUIET_SIGN_IN_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (snapshot.status === 'loading') publish(SIGNED_OUT);
  }

  async function redirectToProvider(extraQueryParams?: Record<string, string>) {
    // Issue 26 §1: answers not sent yet (a sign-in that ended) are kept, and sent after it.
    const stay = await keepEverythingBeforeLeaving();
    try {
      const manager = await userManager();
      await manager.signinRedirect({
        state: { returnTo: currentHashRoute(env.location.hash) },
        ...(extraQueryParams ? { extraQueryParams } : {}),
      });
    } catch (error) {
      stay();
      logAuthError('login failed', error);
    }
  }

  async function logout({ discardUnsent = false }: LogoutOptions = {}): Promise<boolean> {
    // DESIGN §7: answers kept in this browser until the server has them are cleared at logout;
    // issue 26: never answers the server does not have, unless the person chose to delete them.
    if (!(await clearPendingAnswersAtLogout({ discardUnsent }))) return false;
    await keepEverythingBeforeLeaving();
    const user = readStoredUser(env.sessionStorage, config);
    // Issue 14 §3: the server ends this sign-in's tokens at once (a copied token stops working).
    if (user?.id_token) await endServerSignIn(user.id_token);
    try {
      const manager = await userManager();
      await manager.signoutRedirect({
        ...(user?.id_token ? { id_token_hint: user.id_token } : {}),
        post_logout_redirect_uri: `${env.location.origin}/`,
      });
    } catch (error) {
      // The provider could not be reached: end the session here at least.
      logAuthError('logout at the provider failed', error);
      await dropUser().catch(() => env.sessionStorage.removeItem(userStorageKeyOf(config)));
      env.location.assign(`${env.location.origin}/`);
    }
    return true;
  }

  async function getIdToken(): Promise<string | null> {
    let user: SessionUser | User | null = readStoredUser(env.sessionStorage, config);
    if (user?.id_token && isExpiringSoon(user.profile.exp, nowSeconds())) {
      try {
        user = await (await userManager()).signinSilent();
      } catch (error) {
        logAuthError('token renewal failed', error);
      }
    }
    if (!user?.id_token || isExpired(user.profile.exp, nowSeconds())) return null;
    return user.id_token;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start,
    takeReturnTo() {
      const route = returnTo;
      returnTo = null;
      return route;
    },
    login: () => redirectToProvider(),
    // customer-app §4: sign-up is the login redirect with a sign-up screen hint.
    signup: () => redirectToProvider({ screen_hint: 'signup' }),
    logout,
    getIdToken,
  } satisfies AuthSession;
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

function isExpired(exp: unknown, now: number): boolean {
  return typeof exp !== 'number' || exp <= now;
}

function logAuthError(what: string, error: unknown) {
  console.error(`Sign-in: ${what}:`, error instanceof Error ? error.message : error);
}

// Answers of a prompt=none request that only mean "nobody is signed in at the provider".
const NO_PROVIDER_SESSION = [
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
];

/** The OAuth error code of an oidc-client-ts ErrorResponse (told apart without loading the library). */
function oidcErrorCode(error: unknown): string | null {
  if (!(error instanceof Error) || error.name !== 'ErrorResponse') return null;
  const code = (error as Error & { error?: unknown }).error;
  return typeof code === 'string' ? code : null;
}

function logQuietSignInFailure(error: unknown) {
  const code = oidcErrorCode(error);
  if (code && NO_PROVIDER_SESSION.includes(code)) {
    console.info(`Sign-in: nobody is signed in at the provider (${code}).`);
  } else {
    logAuthError('quiet sign-in failed', error);
  }
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

/**
 * Inside the hidden frame of a quiet sign-in, the page only hands the provider's answer to its
 * parent window and renders nothing (the frame loads our root URL, the registered redirect).
 */
export function isSilentSignInFrame(win: Window = window): boolean {
  return win.parent !== win && readAuthRedirect(win.location.href).kind === 'signin';
}

export async function completeSilentSignIn(config: ClientConfig): Promise<void> {
  const oidc = await loadOidcLibrary();
  const manager = new oidc.UserManager(
    userManagerSettings(oidc, config, window.location.origin, {
      session: window.sessionStorage,
      local: window.localStorage,
    }),
  );
  await manager.signinCallback(window.location.href).catch((error) => logAuthError('quiet sign-in', error));
}
