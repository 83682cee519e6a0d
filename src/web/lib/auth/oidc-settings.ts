import type { UserManagerSettings, WebStorageStateStore } from 'oidc-client-ts';
import type { ClientConfig } from '#domain/client-config.ts';
import { ID_TOKEN_LEEWAY_SECONDS } from './id-token-claims.ts';

// customer-app §9 sign-in constants, where oidc-client-ts has a setting for them.
const HTTP_TIMEOUT_SECONDS = 10;
// "Session-check and transaction cookies 1 day": an unfinished sign-in's state is kept one day.
const TRANSACTION_MAX_AGE_SECONDS = 24 * 60 * 60;
// "Token retries 3": the first silent attempt plus two retries after a time-out.
const SILENT_RENEW_TIMEOUT_RETRIES = 2;

/**
 * customer-app §7 Identity provider: authorization code with PKCE (oidc-client-ts always uses
 * S256), scopes openid profile email, silent renewal (refresh token when the provider gives one,
 * otherwise a hidden prompt=none frame). Every redirect comes back to the site's root; the route
 * lives in the hash and is restored from the sign-in state.
 */
export function userManagerSettings(
  // The library's store class, passed in: this module stays free of oidc-client-ts at run time,
  // so the app shell does not load it (issue 15 §3, auth-session.ts loads it when needed).
  oidc: { WebStorageStateStore: typeof WebStorageStateStore },
  config: ClientConfig,
  origin: string,
  storage: { session: Storage; local: Storage },
): UserManagerSettings {
  const root = `${origin}/`;
  return {
    authority: config.oidc.authority,
    client_id: config.oidc.clientId,
    redirect_uri: root,
    silent_redirect_uri: root,
    post_logout_redirect_uri: root,
    response_type: 'code',
    scope: 'openid profile email',
    loadUserInfo: false,
    requestTimeoutInSeconds: HTTP_TIMEOUT_SECONDS,
    silentRequestTimeoutInSeconds: HTTP_TIMEOUT_SECONDS,
    automaticSilentRenew: true,
    // "Cache expiry margin 60 s": renew a minute before the tokens expire.
    accessTokenExpiringNotificationTimeInSeconds: ID_TOKEN_LEEWAY_SECONDS,
    maxSilentRenewTimeoutRetries: SILENT_RENEW_TIMEOUT_RETRIES,
    staleStateAgeInSeconds: TRANSACTION_MAX_AGE_SECONDS,
    // The signed-in user lives in this tab only; the sign-in transaction must survive the redirect.
    userStore: new oidc.WebStorageStateStore({ store: storage.session }),
    stateStore: new oidc.WebStorageStateStore({ store: storage.local }),
  };
}
