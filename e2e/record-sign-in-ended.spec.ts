import type { Page } from '@playwright/test';
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
import { expect, test } from './support/test-fixtures.ts';

// Issue 26 §1 and §2: answers the server has not acknowledged are never deleted by a logout the
// person did not choose, and a sign-in that ended elsewhere is said at once (issue 38 §5: when its
// live connection closes, naming the cause), with a way back.

const form = lifeInventoryForm;
const status = (page: Page) => page.getByRole('status').filter({ hasText: /saved|Saving|kept|sign in/i });

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

test('Sign out of all devices on the phone: the laptop’s open record says so at once, keeps what is typed, sends nothing until a sign-in with the password', async ({
  browser,
  screenshots,
}) => {
  test.setTimeout(120_000);
  const owner = personWithRecord('ended-elsewhere');
  const laptopContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  await openRecord(laptop, owner);
  await answer(laptop, form, 'name', 'Saved before');
  await expectOnServer(await idTokenOf(laptop), owner.recordId, { name: 'Saved before' });

  // Issue 38 §5: the phone signs out of all devices; the laptop is told without anyone typing.
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await login(phone, { email: owner.email, password: PASSWORD });
  await chooseInAccountMenu(phone, 'Sign out of all devices');
  const notice = laptop.getByRole('alert').filter({ hasText: 'You signed out of all devices.' });
  await expect(notice).toBeVisible({ timeout: 8000 });
  await expect(accountMenuButton(laptop)).toHaveText(/Signed out/);
  await expect(notice.getByRole('button', { name: 'Sign in again' })).toBeVisible();

  // Typing goes on; the refused save is not retried every few seconds, and the text is kept.
  let saves = 0;
  laptop.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postData()?.includes('saveRecordAnswers')) saves++;
  });
  await answer(laptop, form, 'name', 'Typed after the phone signed out everywhere');
  await answer(laptop, form, 'dateOfBirth', '1969-07-20');
  await expect(status(laptop)).toHaveText(/sign in again/i);
  await laptop.waitForTimeout(7000);
  expect(saves).toBeLessThanOrEqual(1);
  await expect(fieldLocator(laptop, form, 'name')).toHaveValue('Typed after the phone signed out everywhere');
  await screenshots(laptop, 'sign-in-ended-everywhere');
  // Logout leads with logging out (it keeps the answers on this device): only Logout is offered.
  await accountMenuButton(laptop).click();
  await expect(laptop.getByRole('menuitem')).toHaveText(['Logout']);
  await laptop.keyboard.press('Escape');

  // Signing in again asks for the password (the provider session ended too), returns to the
  // record, and sends what was kept.
  await notice.getByRole('button', { name: 'Sign in again' }).click();
  const password = laptop.locator('input[name="password"]');
  await expect(password).toBeVisible();
  await laptop.locator('input[name="email"]').fill(owner.email);
  await password.fill(PASSWORD);
  await password.press('Enter');
  await expect(laptop).toHaveURL(new RegExp(`#/record/${owner.recordId}$`));
  await expect(fieldLocator(laptop, form, 'name')).toHaveValue('Typed after the phone signed out everywhere');
  await expect(async () =>
    expectOnServer(await idTokenOf(laptop), owner.recordId, {
      name: 'Typed after the phone signed out everywhere',
      dateOfBirth: '1969-07-20',
    }),
  ).toPass({ timeout: 20_000 });
  await laptopContext.close();
  await phoneContext.close();
});

test('logout while the server cannot be reached (the browser still online) asks, and logs out only once the answers are sent', async ({
  page,
  recordOwner: owner,
}) => {
  test.setTimeout(120_000);
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
