import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { html, SafeHtml } from '../server-pages/html.ts';
import { linkButton, type PageSite, renderPage } from '../server-pages/page-layout.ts';
import { problemPage } from './sign-in-pages.ts';

/**
 * The pages oidc-provider itself shows (sign-out, signed out, errors), in our look. Its defaults
 * carry inline styles and scripts, which our CSP (`script-src 'self'`) would block.
 */

/**
 * Sign-out. With an ID token of ours as hint the request comes from our client (RP-initiated
 * logout), so the page confirms itself (pages.js submits it; without script the button does).
 * Without one anybody could have linked here, so the person decides.
 */
export function logoutPage(site: PageSite, ctx: KoaContextWithOIDC, providerForm: string): string {
  const confirmed = ctx.oidc.entities.IdTokenHint !== undefined;
  // The provider's form carries its anti-forgery secret; `logout=yes` ends the whole session.
  const form = new SafeHtml(
    providerForm
      .replace('<form ', confirmed ? '<form data-auto-submit ' : '<form ')
      .replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>'),
  );
  return renderPage(site, {
    title: 'Sign out',
    main: html`<div class="card">
<h1>Sign out of ${site.productName}</h1>
<p>${confirmed ? 'Signing you out…' : `Do you want to sign out of ${site.productName} on this device?`}</p>
${form}
<div class="actions">
<button class="button button--primary" type="submit" form="op.logoutForm">Sign out</button>
${confirmed ? '' : linkButton(`${site.homeUrl}/`, 'Stay signed in', 'secondary')}
</div>
</div>`,
  });
}

export function signedOutPage(site: PageSite): string {
  return renderPage(site, {
    title: 'Signed out',
    main: html`<div class="card">
<h1>You have signed out</h1>
<p>You have signed out of ${site.productName} on this device.</p>
<div class="actions">${linkButton(`${site.homeUrl}/`, `Go to ${site.productName}`)}</div>
</div>`,
  });
}

const explanations: Record<string, string> = {
  invalid_request: 'The sign-in request was not valid. Go back and start again.',
  invalid_client: 'This application is not allowed to sign in here.',
  unauthorized_client: 'This application is not allowed to sign in here.',
  access_denied: 'Signing in was cancelled or not allowed.',
  login_required: 'Please sign in again.',
  invalid_grant: 'This sign-in has expired or was already used. Please sign in again.',
  session_not_found: 'This sign-in has expired. Please start again from the application.',
  invalid_redirect_uri: 'The sign-in request named an address we do not return to.',
  server_error: 'Something went wrong on our side. Please try again in a moment.',
};

/** The provider's error page: a plain explanation and the OAuth error code, never the details. */
export function providerErrorPage(site: PageSite, out: ErrorOut): string {
  const code = typeof out.error === 'string' ? out.error : 'server_error';
  const message =
    explanations[code] ??
    (/session|expired/i.test(String(out.error_description ?? ''))
      ? explanations.session_not_found
      : 'Signing in could not continue. Please go back and try again.');
  return problemPage(site, 'Sign-in could not continue', message ?? '', code);
}
