import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { createUser } from './support/cli.ts';
import { login, signup, uniqueEmail } from './support/fixtures.ts';
import { answer } from './support/record-form-driver.ts';
import {
  expectOnServer,
  idTokenOf,
  openRecord,
  PASSWORD,
  personWithRecord,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

test.use({ axeScope: { minorToo: true } });

// Issue 30 §6 (decision 131): "Delete my account and my story" walked by the person in Chromium,
// and "Erase this person and their story" by an admin in the Users tab.

const form = lifeInventoryForm;

test('a person deletes their account and story, cannot sign in again, and a new sign-up starts fresh', async ({
  page,
  screenshots,
  expectAxeClean,
  recordOwner: owner,
}) => {
  test.setTimeout(150_000);
  await answer(page, form, 'name', 'A secret never to be kept');
  const token = await idTokenOf(page);
  await expect(async () =>
    expectOnServer(token, owner.recordId, { name: 'A secret never to be kept' }),
  ).toPass({ timeout: 20_000 });

  // Home: the quiet section under Your Records opens the dialog.
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Your account' });
  await expect(page.getByRole('heading', { name: 'Your Records' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Record 1/ })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await screenshots(page, 'erasure-home-section');
  await section.getByRole('button', { name: 'Delete my account and my story' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account and my story' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('It cannot be undone.');
  await expect(dialog).toContainText('the credit it used stays used');
  // The password field has the focus; Escape closes and gives it back to the opener.
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await expectAxeClean(page, 'the delete-account dialog');
  await screenshots(page, 'erasure-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(section.getByRole('button', { name: 'Delete my account and my story' })).toBeFocused();

  // The word typed wrong, then the password wrong: each refused with its message, nothing erased.
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByLabel('Type DELETE to confirm').fill('delete');
  await dialog.getByRole('button', { name: 'Delete my account and my story' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Error: Type DELETE in capital letters to confirm.');
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account and my story' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Error: That password is not correct.');
  await screenshots(page, 'erasure-dialog-wrong-password');

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account and my story' }).click();
  await expect(page).toHaveURL(/#\/\?erased$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Your account and your story have been erased' }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await expectAxeClean(page, 'the account-erased screen');
  await screenshots(page, 'erasure-done');

  // The old token is refused; signing in with the old password fails at the provider.
  const me = await fetch(new URL('/api/me', page.url()).href, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status).toBe(401);
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await page.locator('input[name="email"]').fill(owner.email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();

  // The same address signs up again and finds nothing of the erased story.
  await page.context().clearCookies();
  await signup(page, { name: 'Ada Again', email: owner.email, password: 'a brand new password here' });
  await page.goto('/');
  await expect(page.getByText('There is no Life Record for this user account.')).toBeVisible();
});

test('a record screen left open elsewhere ends on the erased page at once, keeping nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = personWithRecord('erase-open');
  const context = await browser.newContext();
  const screen = await context.newPage();
  await openRecord(screen, owner);
  // Erased from another device (the same request the home screen's dialog makes).
  const token = await idTokenOf(screen);
  const response = await fetch(new URL('/api/account/erase', screen.url()).href, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD, confirmation: 'DELETE' }),
  });
  expect(response.status).toBe(200);
  // Issue 38 §5: the live connection's close says why, so the screen ends without a keystroke.
  await expect(
    screen.getByRole('heading', { level: 1, name: 'Your account and your story have been erased' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(screen.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  // Nothing typed is kept on this device for a sign-in that can never come.
  const kept = await screen.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('life-record-unsent-answers');
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) return resolve(0);
          const tx = db.transaction(names, 'readonly');
          let total = 0;
          for (const name of names) {
            const count = tx.objectStore(name).count();
            count.onsuccess = () => {
              total += count.result;
            };
          }
          tx.oncomplete = () => resolve(total);
        };
        open.onerror = () => resolve(0);
      }),
  );
  expect(kept).toBe(0);
  await context.close();
});

test('an admin erases a person and their story from the Users tab', async ({
  browser,
  screenshots,
  expectAxeClean,
}) => {
  test.setTimeout(150_000);
  const owner = personWithRecord('erase-by-admin');
  const adminEmail = uniqueEmail('erasure-admin');
  createUser({ email: adminEmail, name: 'Admin Erasure', password: PASSWORD, role: 'admin' });
  const context = await browser.newContext();
  const admin = await context.newPage();
  await login(admin, { email: adminEmail, password: PASSWORD });
  await admin.goto('/#/admin');
  await admin.getByRole('tab', { name: 'Users' }).click();
  await admin.getByRole('searchbox', { name: 'Search by name' }).fill(owner.name);
  const row = admin.getByRole('row').filter({ hasText: owner.email });
  await row.getByRole('button', { name: `Erase ${owner.name} and their story` }).click();
  const dialog = admin.getByRole('dialog', { name: `Erase ${owner.name} and their story` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Type ERASE to confirm')).toBeFocused();
  await expectAxeClean(admin, 'the admin erase dialog');
  await screenshots(admin, 'erasure-admin-dialog');
  await dialog.getByLabel('Type ERASE to confirm').fill('ERASE');
  await dialog.getByRole('button', { name: 'Erase this person and their story' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`${owner.name} and their story have been erased.`)).toBeVisible();

  // The person is no longer found by their name; the list shows erased people as such.
  await expect(row).toHaveCount(0);
  await expect(admin.getByText('No users match.')).toBeVisible();
  // Erased people (no name) sort last, however many the suite made before: the last page shows one.
  // The page is in the URL (a shared link comes back to it), so the test goes there directly.
  await admin.getByRole('searchbox', { name: 'Search by name' }).fill('');
  const status = admin.getByRole('navigation', { name: /^Pages of/ }).getByText(/^Page \d+ of \d+/);
  await expect(status).toHaveText(/^Page 1 of \d+/);
  const lastPage = /of (\d+)/.exec((await status.textContent()) ?? '')?.[1] ?? '1';
  await admin.goto(`/#/admin?tab=users&page=${lastPage}`);
  await expect(status).toHaveText(new RegExp(`^Page ${lastPage} of ${lastPage}`));
  const erasedRow = admin.getByRole('row').filter({ hasText: 'An erased person' }).first();
  await expect(erasedRow).toBeVisible();
  await screenshots(admin, 'erasure-admin-users');

  // The admin cannot erase themselves here.
  await admin.getByRole('searchbox', { name: 'Search by name' }).fill('Admin Erasure');
  const own = admin.getByRole('row').filter({ hasText: adminEmail });
  await own.getByRole('button', { name: 'Erase Admin Erasure and their story' }).click();
  const ownDialog = admin.getByRole('dialog', { name: 'Erase Admin Erasure and their story' });
  await ownDialog.getByLabel('Type ERASE to confirm').fill('ERASE');
  await ownDialog.getByRole('button', { name: 'Erase this person and their story' }).click();
  await expect(ownDialog.getByRole('alert')).toContainText('You cannot erase your own account here.');
  await context.close();
});
