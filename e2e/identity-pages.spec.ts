import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { e2eBaseUrl } from './support/e2e-environment.ts';

// The embedded provider's pages in Chromium: each is checked with axe, saved as a screenshot
// (test-results/…/<name>.png) and must run under the CSP without a single violation.

const clientId = 'life-record-web';

function authorizeUrl(
  pkce: { challenge: string; state: string },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${e2eBaseUrl}/`,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: pkce.state,
    ...extra,
  });
  return `/oidc/auth?${params}`;
}

function createPkce() {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(8).toString('base64url'),
  };
}

async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeFindings(page, name, { minorToo: true });
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
}

/** The newest mail in the mailbox to an address, opened. */
async function openNewestMail(page: Page, to: string, subject: RegExp) {
  await page.goto('/mailbox');
  const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // The web client is someone else's; the callback only needs to be seen, not handled.
  await page.route(
    (url) => url.pathname === '/' && url.searchParams.has('code'),
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>callback</title><p>callback</p>',
      }),
  );
});

test('sign-up, verification, sign-in, password reset and sign-out pages', async ({ page }, testInfo) => {
  // Seventeen pages, each through axe (every rule, issue 44): more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text()))
      cspErrors.push(message.text());
  });
  const email = `ada-${Date.now()}@example.test`;

  // Sign-up, first with a mistake.
  await page.goto(authorizeUrl(createPkce(), { screen_hint: 'signup' }));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await checkPage(page, testInfo, 'sign-up');
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toContainText('Password must be at least 10 characters.');
  await expect(page.getByRole('alert')).toBeFocused();
  await checkPage(page, testInfo, 'sign-up-error');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await checkPage(page, testInfo, 'check-inbox');

  // The mailbox, the verification mail, the verified page.
  await page.goto('/mailbox');
  await checkPage(page, testInfo, 'mailbox');
  await openNewestMail(page, email, /Verify your e-mail address/);
  await checkPage(page, testInfo, 'mailbox-message');
  await page.getByRole('link', { name: /\/oidc\/account\/verify/ }).click();
  await expect(page.getByRole('heading', { name: 'Your e-mail address is verified' })).toBeVisible();
  await checkPage(page, testInfo, 'verified');

  // Login with a wrong password, then "Forgot password?".
  await page.goto(authorizeUrl(createPkce()));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await checkPage(page, testInfo, 'login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('not my password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password.');
  await checkPage(page, testInfo, 'login-error');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await checkPage(page, testInfo, 'forgot');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for')).toBeVisible();
  await checkPage(page, testInfo, 'forgot-sent');

  await openNewestMail(page, email, /Reset your/);
  await page.getByRole('link', { name: /\/oidc\/account\/reset/ }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await checkPage(page, testInfo, 'reset');
  await page.getByLabel('New password').fill('my new long password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
  await checkPage(page, testInfo, 'password-changed');
  await page.goBack();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
  await checkPage(page, testInfo, 'link-used');

  // Sign in with the new password and exchange the code, as the web client would.
  const pkce = createPkce();
  await page.goto(authorizeUrl(pkce));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('my new long password');
  // The web client at the redirect URI cleans the query at once, so the code is read off the
  // navigation request itself.
  const callback = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).searchParams.has('code'),
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  const code = new URL((await callback).url()).searchParams.get('code') ?? '';
  const tokens = await (
    await page.request.post('/oidc/token', {
      form: {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: pkce.verifier,
        redirect_uri: `${e2eBaseUrl}/`,
      },
    })
  ).json();
  expect(tokens.id_token, JSON.stringify(tokens)).toBeTruthy();

  // Sign-out without an ID token asks first; with one it goes straight back to the site.
  await page.goto('/oidc/session/end');
  await expect(page.getByRole('heading', { name: /Sign out of/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Stay signed in' })).toBeVisible();
  await checkPage(page, testInfo, 'logout-confirm');
  const params = new URLSearchParams({
    id_token_hint: tokens.id_token,
    post_logout_redirect_uri: e2eBaseUrl,
  });
  await page.goto(`/oidc/session/end?${params}`);
  await page.waitForURL(`${e2eBaseUrl}/`);
  await page.goto(authorizeUrl(createPkce()));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  // The provider's own pages: signed out, an error.
  await page.goto('/oidc/session/end/success');
  await checkPage(page, testInfo, 'signed-out');
  await page.goto('/oidc/auth?client_id=nobody&response_type=code');
  await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible();
  await checkPage(page, testInfo, 'error');
  await page.goto('/oidc/interaction/gone');
  await checkPage(page, testInfo, 'sign-in-expired');

  expect(cspErrors).toEqual([]);
});

test('the pages fit a phone screen', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(authorizeUrl(createPkce(), { screen_hint: 'signup' }));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await checkPage(page, testInfo, 'sign-up-phone');
});
