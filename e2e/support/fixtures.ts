// Browser-test helpers that go through the real sign-in: the app's buttons, then the identity
// provider's own pages (embedded provider at /oidc), and the local mailbox page for mailed links.
import { expect, type Locator, type Page } from '@playwright/test';

export interface Credentials {
  email: string;
  password: string;
}

export interface NewAccount extends Credentials {
  name: string;
}

/**
 * Clicks Login on the Home screen and signs in at the provider. When the provider still has a
 * session for this browser (the person signed in there before), it answers without asking again.
 */
export async function login(page: Page, { email, password }: Credentials): Promise<void> {
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const loggedIn = accountMenuButton(page);
  const form = page.locator('input[name="password"]');
  await expect(loggedIn.or(form)).toBeVisible();
  if (await form.isVisible()) {
    await page.locator('input[name="email"]').fill(email);
    await form.fill(password);
    await form.press('Enter');
  }
  await expect(loggedIn).toBeVisible();
}

/** Clicks "Create your Account" and registers at the provider; ends on its "Check your inbox" page. */
export async function signupAtProvider(page: Page, { name, email, password }: NewAccount): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create your Account' }).click();
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
}

/** Registers and continues into the app, signed in (the address still unverified). */
export async function signup(page: Page, account: NewAccount): Promise<void> {
  await signupAtProvider(page, account);
  await page.getByRole('link', { name: /^Continue to / }).click();
  await expect(accountMenuButton(page)).toBeVisible();
}

/** Issue 44 §1: the signed-in person's button in the header ("Ada Admin, Admin, account menu"). */
export function accountMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /account menu$/ });
}

export type AccountMenuItem = 'Account' | 'Sign out of all devices' | 'Logout';

/** An item of the account menu (React Aria's menu, or its plain stand-in when it could not load offline). */
export function accountMenuItem(page: Page, item: AccountMenuItem): Locator {
  return page
    .getByRole('menuitem', { name: item, exact: true })
    .or(page.getByRole('banner').getByRole('button', { name: item, exact: true }));
}

/** Opens the account menu and chooses an item: how a person logs out or signs out everywhere. */
export async function chooseInAccountMenu(page: Page, item: AccountMenuItem): Promise<void> {
  await accountMenuButton(page).click();
  await accountMenuItem(page, item).click();
}

/**
 * Issue 44 §2: a console row with more than three actions keeps them in a menu ("Actions for …").
 * Opens it and chooses `item`; with `choice`, the item opens a submenu (Generate Report's models)
 * and that is chosen. Returns the open menu when nothing is chosen (`item` null), to look inside.
 */
export async function chooseRowAction(row: Locator, item: string | null, choice?: string): Promise<Locator> {
  const page = row.page();
  await row.getByRole('button', { name: /^Actions for / }).click();
  const menu = page.getByRole('menu', { name: /^Actions for / });
  await expect(menu).toBeVisible();
  if (item === null) return menu;
  await menu.getByRole('menuitem', { name: item, exact: true }).click();
  if (choice)
    await page.getByRole('menu', { name: item }).getByRole('menuitem', { name: choice, exact: true }).click();
  return menu;
}

/**
 * Opens the newest mail to `to` whose subject matches, on the mailbox page (embedded mail mode),
 * and follows its first link to our own site. The mail may take a moment to be written.
 */
export async function followMailedLink(page: Page, to: string, subject: RegExp): Promise<void> {
  await expect(async () => {
    await page.goto('/mailbox');
    const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject }).first();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page
    .getByRole('row')
    .filter({ hasText: to })
    .filter({ hasText: subject })
    .first()
    .getByRole('link')
    .click();
  const origin = new URL(page.url()).origin;
  await page.locator(`main a[href^="${origin}/"]`).first().click();
}

/** Verifies the address of a new account through the link mailed to it. */
export async function verifyEmail(page: Page, email: string): Promise<void> {
  await followMailedLink(page, email, /Verify your e-mail address/);
  await expect(page.getByText('Your e-mail address is verified')).toBeVisible();
}

/** A unique address per call, so tests never collide on one data directory. */
export function uniqueEmail(prefix = 'person'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
