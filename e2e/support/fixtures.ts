// Browser-test helpers that go through the real sign-in: the app's buttons, then the identity
// provider's own pages (embedded provider at /oidc, forms with fields named as below).
import { expect, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

export interface NewAccount extends Credentials {
  name: string;
}

/** Clicks Login on the Home screen, signs in at the provider, and waits to be back signed in. */
export async function login(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Clicks "Create your Account", registers at the provider, and waits to be back signed in. */
export async function signup(page: Page, { name, email, password }: NewAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create your Account' }).click();
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** A unique address per call, so tests never collide on one data directory. */
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
