import type { User, UserManager } from 'oidc-client-ts';
import type { ClientConfig } from '#domain/client-config.ts';
import { logAuthError, oidcErrorCode } from './auth-log.ts';
import { ID_TOKEN_LEEWAY_SECONDS } from './id-token-claims.ts';
import { userManagerSettings } from './oidc-settings.ts';
import type { SessionUser } from './stored-user.ts';

/** The sign-in library is loaded this long before its renewal of the ID token is due. */
const LIBRARY_BEFORE_RENEWAL_SECONDS = 90;

export type OidcLibrary = typeof import('oidc-client-ts');

/**
 * oidc-client-ts (16 KiB gzip) is loaded only when it has work to do: a provider redirect, a quiet
 * sign-in, login, logout, or a renewal coming up. A returning person's stored session is read
 * without it (stored-user.ts), so the first screen never waits for it (issue 15 §3).
 */
export const loadOidcLibrary = (): Promise<OidcLibrary> => import('oidc-client-ts');

export interface LazyUserManagerSetup {
  config: ClientConfig;
  origin: string;
  sessionStorage: Storage;
  localStorage: Storage;
  nowSeconds(): number;
  loadLibrary(): Promise<OidcLibrary>;
  /** The library loaded a user (a renewal, another tab's sign-in). */
  onUserLoaded(user: User): void;
  /** The library dropped the user (customer-app §8: the provider's session ended). */
  onUserUnloaded(): void;
}

/** The library's user manager, loaded and wired to the session on first use. */
export interface LazyUserManager {
  get(): Promise<UserManager>;
  /** The manager when it has been asked for already, else null (the library is not loaded). */
  current(): Promise<UserManager> | null;
  /**
   * The library renews the ID token a minute before it expires (automaticSilentRenew), once it
   * holds the user: it is loaded, and given the user, a little before that moment.
   */
  scheduleRenewal(user: SessionUser): void;
}

export function lazyUserManager(setup: LazyUserManagerSetup): LazyUserManager {
  let library: Promise<UserManager> | null = null;
  let renewalTimer: ReturnType<typeof setTimeout> | undefined;

  function get(): Promise<UserManager> {
    library ??= setup.loadLibrary().then((oidc) => {
      const manager = new oidc.UserManager(
        userManagerSettings(oidc, setup.config, setup.origin, {
          session: setup.sessionStorage,
          local: setup.localStorage,
        }),
      );
      manager.events.addUserLoaded((user) => setup.onUserLoaded(user));
      manager.events.addUserUnloaded(() => setup.onUserUnloaded());
      manager.events.addSilentRenewError((error) => {
        logAuthError('silent renewal failed', error);
        // customer-app §8: login_required logs out silently (the provider's session has ended).
        if (oidcErrorCode(error) === 'login_required') void manager.removeUser();
      });
      return manager;
    });
    return library;
  }

  return {
    get,
    current: () => library,
    scheduleRenewal(user) {
      clearTimeout(renewalTimer);
      if (library) return;
      const expiresAt = user.expires_at ?? user.profile.exp;
      if (typeof expiresAt !== 'number') return;
      const loadAt = expiresAt - ID_TOKEN_LEEWAY_SECONDS - LIBRARY_BEFORE_RENEWAL_SECONDS;
      renewalTimer = setTimeout(
        () => void get().then((manager) => manager.getUser()),
        Math.max(0, (loadAt - setup.nowSeconds()) * 1000),
      );
    },
  };
}
