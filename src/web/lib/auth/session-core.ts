import type { ClientConfig } from '#domain/client-config.ts';
import { logAuthError } from './auth-log.ts';
import { readAuthRedirect } from './auth-redirect.ts';
import { type AuthStore, createAuthStore, isExpired, SIGNED_OUT, signedInState } from './auth-store.ts';
import { type LazyUserManager, lazyUserManager, type OidcLibrary } from './lazy-user-manager.ts';
import { readStoredUser, type SessionUser, userStorageKeyOf } from './stored-user.ts';

export interface AuthSessionEnvironment {
  location: Pick<Location, 'href' | 'origin' | 'hash' | 'assign'>;
  /** Calls back whenever the page is shown or focused again (another tab may have changed things). */
  onVisible?(callback: () => void): void;
  history: Pick<History, 'replaceState' | 'state'>;
  sessionStorage: Storage;
  localStorage: Storage;
  now?: () => number;
}

/** What the session's parts share: its state, the lazily loaded library, and taking or dropping a user. */
export interface SessionCore {
  config: ClientConfig;
  env: AuthSessionEnvironment;
  store: AuthStore;
  manager: LazyUserManager;
  nowSeconds(): number;
  /**
   * While a sign-in callback is handled, the callback itself accepts the user, and only after it
   * has noted where to return: otherwise the screen would see "signed in" first, and the return
   * route would be taken later, on the person's next navigation, sending them back.
   */
  handlingCallback: boolean;
  /** The hash route to show after a completed sign-in redirect (taken once). */
  returnTo: string | null;
  /** A user whose ID token passes the customer-app §5 checks becomes the session; others are dropped. */
  accept(user: SessionUser | null | undefined): Promise<boolean>;
  /** Ends the stored session in this tab, with or without the library loaded. */
  dropUser(): Promise<void>;
}

export function createSessionCore(
  config: ClientConfig,
  env: AuthSessionEnvironment,
  loadLibrary: () => Promise<OidcLibrary>,
): SessionCore {
  const nowSeconds = () => Math.floor((env.now?.() ?? Date.now()) / 1000);
  const store = createAuthStore(
    storedSession(config, env, nowSeconds()) ?? { status: 'loading', user: null, roles: [] },
  );
  const core: SessionCore = {
    config,
    env,
    store,
    nowSeconds,
    handlingCallback: false,
    returnTo: null,
    manager: lazyUserManager({
      config,
      origin: env.location.origin,
      sessionStorage: env.sessionStorage,
      localStorage: env.localStorage,
      nowSeconds,
      loadLibrary,
      onUserLoaded: (user) => {
        if (!core.handlingCallback) void core.accept(user);
      },
      onUserUnloaded: () => store.publish(SIGNED_OUT),
    }),
    async accept(user) {
      if (!user?.id_token) return false;
      const checked = signedInState(user, user.id_token, config, nowSeconds());
      if ('problem' in checked) {
        logAuthError('the ID token was refused', new Error(checked.problem));
        await core.dropUser();
        return false;
      }
      store.publish(checked.state);
      core.manager.scheduleRenewal(user);
      return true;
    },
    async dropUser() {
      const library = core.manager.current();
      if (library) await (await library).removeUser();
      else env.sessionStorage.removeItem(userStorageKeyOf(config));
      store.publish(SIGNED_OUT);
    },
  };
  return core;
}

/**
 * A person already signed in in this tab is signed in from the first render (issue 15 §2: the
 * first screen need not wait a tick for start()); start() confirms it. Not while a provider
 * redirect is being answered, which decides who is signed in.
 */
function storedSession(config: ClientConfig, env: AuthSessionEnvironment, now: number) {
  if (readAuthRedirect(env.location.href).kind !== 'none') return null;
  const user = readStoredUser(env.sessionStorage, config);
  if (!user?.id_token || isExpired(user.expires_at ?? user.profile.exp, now)) return null;
  const checked = signedInState(user, user.id_token, config, now);
  return 'state' in checked ? checked.state : null;
}
