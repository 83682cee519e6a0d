import { PASSWORD_MIN_LENGTH } from '../identity/account-rules.ts';
import { html, type SafeHtml } from '../server-pages/html.ts';
import {
  errorSummary,
  type FieldError,
  linkButton,
  type PageSite,
  renderPage,
  textField,
} from '../server-pages/page-layout.ts';

/** Where the pages of one sign-in (an oidc-provider interaction) live; the uid is in every path. */
export function interactionPath(uid: string, page = ''): string {
  return `/oidc/interaction/${encodeURIComponent(uid)}${page}`;
}

export function forgotPasswordPath(uid?: string): string {
  return uid ? `/oidc/account/forgot?uid=${encodeURIComponent(uid)}` : '/oidc/account/forgot';
}

function card(content: SafeHtml): SafeHtml {
  return html`<div class="card">${content}</div>`;
}

const submit = (label: string) =>
  html`<button class="button button--primary button--block" type="submit">${label}</button>`;

export interface FormState {
  values?: Record<string, string>;
  errors?: readonly FieldError[];
}

export function loginPage(site: PageSite, uid: string, { values = {}, errors = [] }: FormState = {}): string {
  return renderPage(site, {
    title: 'Sign in',
    main: card(html`<h1>Sign in</h1>
<p class="lead">Welcome back! Sign in to continue to ${site.productName}.</p>
${errorSummary(errors)}
<form method="post" action="${interactionPath(uid, '/login')}" novalidate>
${textField({ id: 'email', label: 'E-mail address', type: 'email', value: values.email, autocomplete: 'username', errors, autofocus: errors.length === 0 })}
${textField({
  id: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'current-password',
  errors,
  after: html`<p class="field__after"><a href="${forgotPasswordPath(uid)}">Forgot password?</a></p>`,
})}
${submit('Sign in')}
</form>
<div class="form-footer"><p>New here? <a href="${interactionPath(uid, '/signup')}">Create your account</a></p></div>`),
  });
}

export function signUpPage(
  site: PageSite,
  uid: string,
  { values = {}, errors = [] }: FormState = {},
): string {
  return renderPage(site, {
    title: 'Create your account',
    main: card(html`<h1>Create your account</h1>
<p class="lead">If you were invited, use the e-mail address your invitation was sent to, so that you reach your record.</p>
${errorSummary(errors)}
<form method="post" action="${interactionPath(uid, '/signup')}" novalidate>
${textField({ id: 'name', label: 'Full name', value: values.name, autocomplete: 'name', errors })}
${textField({ id: 'email', label: 'E-mail address', type: 'email', value: values.email, autocomplete: 'email', errors })}
${textField({
  id: 'password',
  label: 'Password',
  type: 'password',
  autocomplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`,
  errors,
})}
${submit('Create account')}
</form>
<div class="form-footer"><p>Already have an account? <a href="${interactionPath(uid, '/login')}">Sign in</a></p></div>`),
  });
}

export interface CheckInboxOptions {
  email: string;
  continueUrl: string;
  resent?: boolean;
  /** Too many links asked for from this network just now. */
  limited?: boolean;
  /** Set when mail goes to the local outbox: where to read it. */
  mailboxUrl?: string;
}

export function checkInboxPage(site: PageSite, uid: string, options: CheckInboxOptions): string {
  return renderPage(site, {
    title: 'Check your inbox',
    main: card(html`<div class="icon-badge" aria-hidden="true">✉</div>
<h1>Check your inbox</h1>
${options.resent ? html`<p class="note" role="status">We have sent the link again.</p>` : ''}
${options.limited ? html`<p class="note" role="status">You have asked for several links just now. Please wait a few minutes before asking again.</p>` : ''}
<p>We sent a link to <strong>${options.email}</strong>. Open it to verify your e-mail address. The link is valid for 24 hours.</p>
<p>You can continue now and verify later. Records you were invited to are linked to your account once the address is verified.</p>
${options.mailboxUrl ? html`<p class="note">This installation keeps e-mail in a local mailbox instead of sending it: <a href="${options.mailboxUrl}" target="_blank" rel="noopener">open the mailbox (new tab)</a>.</p>` : ''}
<div class="actions">${linkButton(options.continueUrl, `Continue to ${site.productName}`)}</div>
<form class="form-footer" method="post" action="${interactionPath(uid, '/resend')}">
<p>No e-mail after a few minutes? Check your spam folder, or <button class="button-link" type="submit">send the link again</button>.</p>
</form>`),
  });
}

export function forgotPasswordPage(
  site: PageSite,
  uid: string | undefined,
  { values = {}, errors = [] }: FormState = {},
): string {
  return renderPage(site, {
    title: 'Reset your password',
    main: card(html`<h1>Reset your password</h1>
<p class="lead">Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
${errorSummary(errors)}
<form method="post" action="/oidc/account/forgot" novalidate>
${uid ? html`<input type="hidden" name="uid" value="${uid}">` : ''}
${textField({ id: 'email', label: 'E-mail address', type: 'email', value: values.email, autocomplete: 'email', errors })}
${submit('Send reset link')}
</form>
${backToSignIn(site, uid)}`),
  });
}

export function resetLinkSentPage(site: PageSite, uid: string | undefined, email: string): string {
  return renderPage(site, {
    title: 'Check your inbox',
    main: card(html`<div class="icon-badge" aria-hidden="true">✉</div>
<h1>Check your inbox</h1>
<p>If an account exists for <strong>${email}</strong>, we have sent it a link to choose a new password. The link is valid for 1 hour.</p>
<p>No e-mail after a few minutes? Check your spam folder and that the address is spelled right.</p>
${backToSignIn(site, uid)}`),
  });
}

function backToSignIn(site: PageSite, uid: string | undefined): SafeHtml {
  return uid
    ? html`<div class="form-footer"><p><a href="${interactionPath(uid, '/login')}">Back to sign in</a></p></div>`
    : html`<div class="form-footer"><p><a href="${site.homeUrl}/">Back to ${site.productName}</a></p></div>`;
}

export function emailVerifiedPage(site: PageSite, email: string): string {
  return renderPage(site, {
    title: 'E-mail address verified',
    main: card(html`<div class="icon-badge" aria-hidden="true">✓</div>
<h1>Your e-mail address is verified</h1>
<p>Thank you: <strong>${email}</strong> is confirmed as your address.</p>
<p>Sign in again to continue; records you were invited to will be there.</p>
<div class="actions">${linkButton(`${site.homeUrl}/`, 'Continue to sign in')}</div>`),
  });
}

export function resetPasswordPage(
  site: PageSite,
  token: string,
  email: string,
  { errors = [] }: FormState = {},
): string {
  return renderPage(site, {
    title: 'Choose a new password',
    main: card(html`<h1>Choose a new password</h1>
<p class="lead">For the account <strong>${email}</strong>.</p>
${errorSummary(errors)}
<form method="post" action="/oidc/account/reset" novalidate>
<input type="hidden" name="token" value="${token}">
${textField({
  id: 'password',
  label: 'New password',
  type: 'password',
  autocomplete: 'new-password',
  hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
  errors,
})}
${submit('Save new password')}
</form>`),
  });
}

export function passwordChangedPage(site: PageSite): string {
  return renderPage(site, {
    title: 'Password changed',
    main: card(html`<div class="icon-badge" aria-hidden="true">✓</div>
<h1>Your password has been changed</h1>
<p>You can now sign in with your new password. For your safety, you have been signed out on every device.</p>
<div class="actions">${linkButton(`${site.homeUrl}/`, 'Continue to sign in')}</div>`),
  });
}

export type LinkProblem = 'used' | 'expired' | 'unknown';

/** A mailed link that cannot be used: says why, and what to do instead. */
export function linkProblemPage(
  site: PageSite,
  purpose: 'verify-email' | 'reset-password',
  problem: LinkProblem,
  token?: string,
): string {
  const heading = {
    used: 'This link has already been used',
    expired: 'This link has expired',
    unknown: 'This link is not valid',
  }[problem];
  const why = {
    used: 'Each link in our e-mails works only once.',
    expired:
      purpose === 'reset-password'
        ? 'Links to reset a password are valid for 1 hour.'
        : 'Links to verify an e-mail address are valid for 24 hours.',
    unknown:
      'Check that you opened the whole link from the e-mail; the newest e-mail has the link that works.',
  }[problem];
  const next =
    purpose === 'reset-password'
      ? html`<div class="actions">${linkButton(forgotPasswordPath(), 'Ask for a new link')}</div>`
      : token && problem !== 'unknown'
        ? html`<form method="post" action="/oidc/account/verify/resend" class="actions">
<input type="hidden" name="token" value="${token}">
<button class="button button--primary" type="submit">Send me a new link</button>
</form>`
        : html`<div class="actions">${linkButton(`${site.homeUrl}/`, `Go to ${site.productName}`)}</div>`;
  return renderPage(site, {
    title: heading,
    main: card(html`<h1>${heading}</h1>
<p>${why}</p>
${next}`),
  });
}

export function newVerificationLinkSentPage(site: PageSite): string {
  return renderPage(site, {
    title: 'Check your inbox',
    main: card(html`<div class="icon-badge" aria-hidden="true">✉</div>
<h1>Check your inbox</h1>
<p>If the address still needs verifying, we have sent a new link to it. The link is valid for 24 hours.</p>
<div class="actions">${linkButton(`${site.homeUrl}/`, `Go to ${site.productName}`, 'secondary')}</div>`),
  });
}

/** A sign-in page whose interaction is gone (expired, finished, or opened in another browser). */
export function signInExpiredPage(site: PageSite): string {
  return renderPage(site, {
    title: 'Sign-in expired',
    main: card(html`<h1>This sign-in page has expired</h1>
<p>For your security, sign-in pages work for a limited time and only in the browser that opened them.</p>
<p>Go back to ${site.productName} and choose Login again.</p>
<div class="actions">${linkButton(`${site.homeUrl}/`, `Go to ${site.productName}`)}</div>`),
  });
}

/** For anything that went wrong: says what to do, never what broke inside. */
export function problemPage(site: PageSite, heading: string, message: string, code?: string): string {
  return renderPage(site, {
    title: heading,
    main: card(html`<h1>${heading}</h1>
<p>${message}</p>
${code ? html`<p class="small">Error code: <code>${code}</code></p>` : ''}
<div class="actions">${linkButton(`${site.homeUrl}/`, `Go to ${site.productName}`)}</div>`),
  });
}
