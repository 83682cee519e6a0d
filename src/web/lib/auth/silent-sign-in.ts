import type { ClientConfig } from '#domain/client-config.ts';
import { logAuthError } from './auth-log.ts';
import { readAuthRedirect } from './auth-redirect.ts';
import { loadOidcLibrary } from './lazy-user-manager.ts';
import { userManagerSettings } from './oidc-settings.ts';

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
