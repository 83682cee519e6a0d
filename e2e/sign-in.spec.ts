import { expect, test } from '@playwright/test';
import {
  chooseInAccountMenu,
  login,
  signup,
  signupAtProvider,
  uniqueEmail,
  verifyEmail,
} from './support/fixtures.ts';

test('a provider answer in the query is handled and the URL cleaned, keeping the hash route', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/?code=not-a-real-code&state=no-such-state#/faq');
  await expect(page).toHaveURL(/\/#\/faq$/);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  // customer-app §8: sign-in errors are only logged; the visitor stays logged out.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  expect(errors.some((text) => text.includes('Sign-in: the signin callback failed'))).toBe(true);
});

test('Login goes to the provider with PKCE (S256) and the spec scopes', async ({ page }) => {
  await page.goto('/');
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/oidc/auth')),
    page.getByRole('main').getByRole('button', { name: 'Login' }).click(),
  ]);
  const url = new URL(request.url());
  expect(url.searchParams.get('response_type')).toBe('code');
  expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  expect(url.searchParams.get('scope')).toBe('openid profile email');
  expect(url.searchParams.get('redirect_uri')).toBe(`${new URL(page.url()).origin}/`);
});

// Issue 2, first browser test: sign up, verify by the mailed link, log in, welcomed with name and
// badge; Logout returns to the logged-out Home.
test('a new person signs up, verifies the address, logs in, is welcomed back, and logs out', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  const password = 'a long passphrase 42';
  await signupAtProvider(page, { name: 'Grace Hopper', email, password });
  await verifyEmail(page, email);

  await login(page, { email, password });
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner).toContainText('Grace Hopper');
  await expect(banner.getByText('User', { exact: true })).toBeVisible();
  await expect(page.getByText('There is no Life Record for this user account.')).toBeVisible();
  // Verified: no notice asking to open the verification link.
  await expect(page.getByText(/verification link/i)).toHaveCount(0);

  await chooseInAccountMenu(page, 'Logout');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create your Account' })).toBeVisible();
  await expect(page).toHaveURL(/\/(#\/)?$/);

  // Logged out at the provider too: Login asks for the password again.
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('input[name="password"]')).toBeVisible();
});

test('a person who continues before verifying is signed in and asked to verify', async ({ page }) => {
  const email = uniqueEmail('unverified');
  await signup(page, { name: 'Unverified Person', email, password: 'a long passphrase 42' });
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByText(/verification link/i)).toBeVisible();
});

test('after verifying the address, the page’s own Continue leads to a Home that knows it (issue 13 §7)', async ({
  page,
}) => {
  const email = uniqueEmail('verifies-later');
  await signup(page, { name: 'Later Verifier', email, password: 'a long passphrase 42' });
  await expect(page.getByText(/verification link/i)).toBeVisible();
  await verifyEmail(page, email);
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
  await expect(page.getByText(/verification link/i)).toHaveCount(0, { timeout: 10_000 });
});

test('a second tab is signed in quietly', async ({ page, context }) => {
  const email = uniqueEmail('tabs');
  await signup(page, { name: 'Tab Person', email, password: 'a long passphrase 42' });
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});
