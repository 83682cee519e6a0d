import { MAX_ANSWER_LENGTH } from '../src/domain/answer-limits.ts';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { chooseInAccountMenu, login } from './support/fixtures.ts';
import { answer, fieldLocator, goToSection } from './support/record-form-driver.ts';
import {
  answerAsOwner,
  expectOnServer,
  idTokenOf,
  openRecord,
  PASSWORD,
  personWithRecord,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 13: the cases where answers were still lost or left behind, each counted on the server.

const form = lifeInventoryForm;
const status = (page: import('@playwright/test').Page) =>
  page.getByRole('status').filter({ hasText: /saved|Saving|kept/ });

test('a server failing every save: the person is told after a few retries, the answers stay, and go once it recovers', async ({
  page,
  recordOwner: owner,
}) => {
  await expect(status(page)).toHaveText('All changes saved');
  const failSaves = async (route: import('@playwright/test').Route) => {
    if (route.request().postData()?.includes('mutation SaveRecordAnswers')) {
      return route.fulfill({
        status: 500,
        json: {
          data: null,
          errors: [
            {
              message: 'Something went wrong on our side. Please try again.',
              extensions: { code: 'INTERNAL_SERVER_ERROR' },
            },
          ],
        },
      });
    }
    return route.continue();
  };
  await page.route('**/graphql', failSaves);
  await answer(page, form, 'name', 'Kept through a failing server');
  await expect(
    page.getByText('Auto-save failed, but you can still submit the form manually when complete.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(status(page)).toHaveText(
    /the server is having trouble\. Your answers are kept on this device/,
  );

  await page.unroute('**/graphql', failSaves);
  await expectOnServer(await idTokenOf(page), owner.recordId, { name: 'Kept through a failing server' });
  await expect(status(page)).toHaveText('All changes saved', { timeout: 20_000 });
});

test('offline, the status says the answers are kept on this device; back online they are saved', async ({
  page,
  context,
  recordOwner: owner,
}) => {
  await context.setOffline(true);
  await answer(page, form, 'name', 'Typed offline');
  await expect(status(page)).toHaveText(
    'Offline — your answers are kept on this device and will be sent when you are back online',
  );
  await context.setOffline(false);
  await expectOnServer(await idTokenOf(page), owner.recordId, { name: 'Typed offline' });
  await expect(status(page)).toHaveText('All changes saved', { timeout: 20_000 });
  await expect(fieldLocator(page, form, 'name')).toHaveAttribute('autocomplete', 'off');
});

test('ticks made on two devices at once are all kept', async ({ browser }) => {
  const owner = personWithRecord('ticks');
  const [first, second] = [await browser.newContext(), await browser.newContext()];
  const one = await first.newPage();
  const two = await second.newPage();
  for (const page of [one, two]) {
    await openRecord(page, owner);
    await goToSection(page, 'Assistive Devices');
  }
  // Device two is offline while both tick different devices; device one saves first.
  await second.setOffline(true);
  await answer(two, form, 'assistiveDevices', ['Neck Brace']);
  await answer(one, form, 'assistiveDevices', ['Back Brace']);
  const token = await idTokenOf(one);
  await expectOnServer(token, owner.recordId, { assistiveDevices: ['Back Brace'] });
  await second.setOffline(false);
  await expectOnServer(token, owner.recordId, { assistiveDevices: ['Back Brace', 'Neck Brace'] });
  const group = fieldLocator(two, form, 'assistiveDevices');
  await expect(group.getByRole('checkbox', { name: 'Back Brace', exact: true })).toBeChecked({
    timeout: 5000,
  });
  await expect(group.getByRole('checkbox', { name: 'Neck Brace', exact: true })).toBeChecked();
  await first.close();
  await second.close();
});

test('an answer stops at its size limit and says so; every later answer is still saved', async ({
  page,
  recordOwner: owner,
}) => {
  const name = fieldLocator(page, form, 'name');
  await name.fill('x'.repeat(MAX_ANSWER_LENGTH + 500));
  await expect(name).toHaveValue('x'.repeat(MAX_ANSWER_LENGTH));
  await expect(
    page.getByText(`An answer can be at most ${MAX_ANSWER_LENGTH.toLocaleString('en-US')} characters.`),
  ).toBeVisible();
  await answer(page, form, 'dateOfBirth', '1980-12-10');
  await expectOnServer(await idTokenOf(page), owner.recordId, { dateOfBirth: '1980-12-10' });
});

test('two tabs of one browser, offline: the answers of a tab that closed are sent by the other', async ({
  context,
}) => {
  const owner = personWithRecord('two-tabs');
  const one = await context.newPage();
  await openRecord(one, owner);
  const two = await context.newPage();
  await two.goto(`/#/record/${owner.recordId}`);
  await expect(two.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  const token = await idTokenOf(two);

  await context.setOffline(true);
  await answer(one, form, 'name', 'Typed in the first tab');
  await expect(status(one)).toHaveText(/Offline/);
  await one.waitForTimeout(600); // the kept copy is written within a moment of typing
  await one.close();
  await answer(two, form, 'dateOfBirth', '1975-05-20');
  await context.setOffline(false);

  await expectOnServer(token, owner.recordId, { name: 'Typed in the first tab', dateOfBirth: '1975-05-20' });
  await expect(status(two)).toHaveText('All changes saved', { timeout: 20_000 });
});

test('logout while offline asks first; waiting logs out for real once back online, after the answers are sent', async ({
  page,
  context,
  recordOwner: owner,
}) => {
  await expect(status(page)).toHaveText('All changes saved');
  await context.setOffline(true);
  await answer(page, form, 'name', 'Sent before the logout');
  await expect(status(page)).toHaveText(/kept on this device/);

  await chooseInAccountMenu(page, 'Logout');
  const dialog = page.getByRole('dialog', { name: 'You are offline' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out when back online' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/You will be logged out as soon as you are back online/)).toBeVisible();
  // Still signed in, the answer still kept, the record still open.
  await expect(fieldLocator(page, form, 'name')).toHaveValue('Sent before the logout');

  await context.setOffline(false);
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible({
    timeout: 20_000,
  });
  // A real logout: the provider asks for the password again.
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('input[name="password"]')).toBeVisible();
  await login(page, { email: owner.email, password: PASSWORD });
  await expectOnServer(await idTokenOf(page), owner.recordId, { name: 'Sent before the logout' });
});

test('a question being typed in stays while another device’s answer would hide it, and goes when left', async ({
  browser,
}) => {
  const owner = personWithRecord('keep-visible');
  const [first, second] = [await browser.newContext(), await browser.newContext()];
  const one = await first.newPage();
  const two = await second.newPage();
  for (const page of [one, two]) {
    await openRecord(page, owner);
    await goToSection(page, 'Family of Origin - Separation');
  }
  await answer(one, form, 'parentsSeparated', 'Yes');
  const living = fieldLocator(one, form, 'livingArrangementAfterSeparation');
  await living.fill('With my mother');
  await expectOnServer(await idTokenOf(one), owner.recordId, {
    livingArrangementAfterSeparation: 'With my mother',
  });

  // Device two answers No while device one is still typing the follow-up.
  await expect(fieldLocator(two, form, 'livingArrangementAfterSeparation')).toBeVisible();
  await answer(two, form, 'parentsSeparated', 'No');
  await expect(
    fieldLocator(one, form, 'parentsSeparated').getByRole('radio', { name: 'No', exact: true }),
  ).toBeChecked({ timeout: 10_000 });
  await expect(living).toBeVisible();
  await expect(living).toBeFocused();
  await living.pressSequentially(' and my aunt');
  await expectOnServer(await idTokenOf(one), owner.recordId, {
    livingArrangementAfterSeparation: 'With my mother and my aunt',
  });

  // Leaving the question lets it go, as the answer No says.
  await one.getByRole('heading', { level: 2, name: 'Family of Origin - Separation' }).click();
  await expect(living).toHaveCount(0);
  await first.close();
  await second.close();
});

test('answers typed offline go out when the connection returns, even after leaving the record in the app', async ({
  page,
  context,
  recordOwner: owner,
}) => {
  await expect(status(page)).toHaveText('All changes saved');
  const token = await idTokenOf(page);
  await context.setOffline(true);
  await answer(page, form, 'name', 'Sent from elsewhere in the app');
  await expect(status(page)).toHaveText(/kept on this device/);

  // Leave the record for Home, inside the app: the person is told, nothing is lost.
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/You are offline\. Your answers are kept on this device/),
  ).toBeVisible();

  await context.setOffline(false);
  await expectOnServer(token, owner.recordId, { name: 'Sent from elsewhere in the app' });
  await expect(page).toHaveURL(/#\/$/);
});

test('an answer kept offline is never sent over a newer one written since on another device: the person chooses', async ({
  context,
  browser,
}) => {
  const owner = personWithRecord('kept-conflict');
  const laptop = await context.newPage();
  await openRecord(laptop, owner);
  const token = await idTokenOf(laptop);
  await context.setOffline(true);
  await answer(laptop, form, 'name', 'Typed offline on the laptop');
  await expect(status(laptop)).toHaveText(/Offline/);
  await laptop.waitForTimeout(600); // the kept copy is written within a moment of typing
  await laptop.close();
  await context.setOffline(false);

  // Later, the phone writes the same answer; then the laptop opens the record again.
  await answerAsOwner(browser, owner, { name: 'Written later on the phone' });
  const again = await context.newPage();
  await again.goto(`/#/record/${owner.recordId}`);
  const check = again.getByRole('region', { name: 'Check an answer' });
  await expect(check).toContainText('Written later on the phone');
  await expect(check).toContainText('Typed offline on the laptop');
  await expect(fieldLocator(again, form, 'name')).toHaveValue('Written later on the phone');
  await again.waitForTimeout(4000); // polls and saves come and go: nothing is overwritten meanwhile
  await expectOnServer(token, owner.recordId, { name: 'Written later on the phone' });
  await again.screenshot({ path: 'test-results/kept-answer-check.png' });

  await check.getByRole('button', { name: /^Use the answer from this device/ }).click();
  await expectOnServer(token, owner.recordId, { name: 'Typed offline on the laptop' });
  await expect(check).toHaveCount(0);
  await expect(status(again)).toHaveText('All changes saved');
  await again.reload();
  await expect(fieldLocator(again, form, 'name')).toHaveValue('Typed offline on the laptop');
  await expect(again.getByRole('region', { name: 'Check an answer' })).toHaveCount(0);
});

test('a save whose reply came after the time-out is not kept, so it is never sent again over a newer answer', async ({
  context,
  browser,
}) => {
  const owner = personWithRecord('late-reply');
  const laptop = await context.newPage();
  await openRecord(laptop, owner);
  const token = await idTokenOf(laptop);
  // The first save reaches the server, but its reply comes after the 10 s time-out.
  let held = false;
  await laptop.route('**/graphql', async (route) => {
    if (!held && route.request().postData()?.includes('mutation SaveRecordAnswers')) {
      held = true;
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      return route.fulfill({ response }).catch(() => {});
    }
    return route.continue();
  });
  await answer(laptop, form, 'name', 'Saved, but the reply was lost');
  await expectOnServer(token, owner.recordId, { name: 'Saved, but the reply was lost' });
  await laptop.waitForTimeout(12_000);
  await expect(status(laptop)).toHaveText('All changes saved', { timeout: 20_000 });
  await laptop.close();

  // Days later the phone writes a newer answer, and the laptop opens the record again.
  await answerAsOwner(browser, owner, { name: 'Newer, from the phone' });
  const again = await context.newPage();
  await again.goto(`/#/record/${owner.recordId}`);
  await expect(fieldLocator(again, form, 'name')).toHaveValue('Newer, from the phone');
  await again.waitForTimeout(4000);
  await expectOnServer(token, owner.recordId, { name: 'Newer, from the phone' });
  await expect(again.getByRole('region', { name: /^Check/ })).toHaveCount(0);
});
