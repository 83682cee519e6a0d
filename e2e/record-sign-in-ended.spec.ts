import { expect, type Page, test } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { accountMenuButton, chooseInAccountMenu, login } from './support/fixtures.ts';
import { answer, fieldLocator } from './support/record-form-driver.ts';
import {
  expectOnServer,
  idTokenOf,
  openRecord,
  PASSWORD,
  personWithRecord,
} from './support/record-session.ts';

// Issue 26 §1 and §2: answers the server has not acknowledged are never deleted by a logout the
// person did not choose, and a sign-in that ended elsewhere is said at once, with a way back.

const form = lifeInventoryForm;
const status = (page: Page) => page.getByRole('status').filter({ hasText: /saved|Saving|kept|sign in/i });

/** The screen as a person sees it, at 1280 and 390 px wide, for review (test-results/). */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png` });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

/** The logout question at 1280 px, and at 390 px where Logout is inside the header's Menu. */
async function logoutQuestionScreenshots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/${name}.png` });
  const question = page.getByRole('dialog', { name: /not on the server/ });
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseInAccountMenu(page, 'Logout');
  await expect(question).toBeVisible();
  await page.screenshot({ path: `test-results/${name}-390.png` });
  await question.getByRole('button', { name: 'Stay signed in' }).click();
  if (size) await page.setViewportSize(size);
  await chooseInAccountMenu(page, 'Logout');
  await expect(question).toBeVisible();
}

test('signed out on another device: told at once, Logout asks, a reload offers signing in, and the kept answers go out after it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = personWithRecord('ended-elsewhere');
  const laptopContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  await openRecord(laptop, owner);
  await answer(laptop, form, 'name', 'Saved before');
  await expectOnServer(await idTokenOf(laptop), owner.recordId, { name: 'Saved before' });

  // The same person logs out on their phone: Logout ends every sign-in (issue 14 §3).
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await login(phone, { email: owner.email, password: PASSWORD });
  await chooseInAccountMenu(phone, 'Logout');
  await expect(phone.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();

  // The laptop keeps typing: the person is told at once, not "Saving…" for ever.
  await answer(laptop, form, 'name', 'Typed after the phone logged out');
  await answer(laptop, form, 'dateOfBirth', '1969-07-20');
  const notice = laptop.getByRole('alert').filter({ hasText: /sign-in has ended/ });
  await expect(notice).toBeVisible({ timeout: 8000 });
  await expect(notice.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await expect(status(laptop)).toHaveText(/sign in again/i);
  await screenshots(laptop, 'sign-in-ended');

  // Logout asks, and staying keeps everything.
  await chooseInAccountMenu(laptop, 'Logout');
  const dialog = laptop.getByRole('dialog', { name: /not on the server/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Sign in again' })).toBeVisible();
  await logoutQuestionScreenshots(laptop, 'sign-in-ended-logout');
  await dialog.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(dialog).toBeHidden();
  await laptop.waitForTimeout(6000); // the old logout deleted kept answers 5 s after asking nothing
  await expect(fieldLocator(laptop, form, 'name')).toHaveValue('Typed after the phone logged out');

  // A reload offers signing in (not a dead end); signing in returns to the record and sends.
  await laptop.reload();
  const again = laptop.getByRole('button', { name: 'Sign in again' });
  await expect(again).toBeVisible();
  await screenshots(laptop, 'sign-in-ended-reload');
  await again.click();
  const password = laptop.locator('input[name="password"]');
  await expect(password.or(laptop.getByRole('heading', { level: 1, name: 'Life Inventory' }))).toBeVisible();
  if (await password.isVisible()) {
    await laptop.locator('input[name="email"]').fill(owner.email);
    await password.fill(PASSWORD);
    await password.press('Enter');
  }
  await expect(laptop).toHaveURL(new RegExp(`#/record/${owner.recordId}$`));
  await expect(fieldLocator(laptop, form, 'name')).toHaveValue('Typed after the phone logged out');
  await expectOnServer(await idTokenOf(laptop), owner.recordId, {
    name: 'Typed after the phone logged out',
    dateOfBirth: '1969-07-20',
  });
  await expect(status(laptop)).toHaveText('All changes saved', { timeout: 20_000 });
  await laptopContext.close();
  await phoneContext.close();
});

test('logout while the server cannot be reached (the browser still online) asks, and logs out only once the answers are sent', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = personWithRecord('unreachable-logout');
  await openRecord(page, owner);
  const token = await idTokenOf(page);
  await expect(status(page)).toHaveText('All changes saved');
  // The server is out of reach: every request fails at the network, navigator.onLine stays true.
  const unreachable = (route: import('@playwright/test').Route) => route.abort('connectionrefused');
  await page.route('**/graphql', unreachable);
  await page.route('**/api/**', unreachable);
  await page.routeWebSocket(/\/graphql/, (socket) => socket.close());
  await answer(page, form, 'name', 'Typed while the server was unreachable');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  await expect(status(page)).not.toHaveText('All changes saved');

  await chooseInAccountMenu(page, 'Logout');
  const dialog = page.getByRole('dialog', { name: /not on the server/ });
  await expect(dialog).toBeVisible();
  await logoutQuestionScreenshots(page, 'unsent-logout');
  await dialog.getByRole('button', { name: 'Log out once they are sent' }).click();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(6000);
  // Still signed in, the answer still there.
  await expect(accountMenuButton(page)).toBeVisible();
  await expect(fieldLocator(page, form, 'name')).toHaveValue('Typed while the server was unreachable');

  await page.unroute('**/graphql', unreachable);
  await page.unroute('**/api/**', unreachable);
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible({
    timeout: 30_000,
  });
  // The logout ended that token: the record is read back signed in again.
  expect(token).not.toBe('');
  await login(page, { email: owner.email, password: PASSWORD });
  await expectOnServer(await idTokenOf(page), owner.recordId, {
    name: 'Typed while the server was unreachable',
  });
});
