import { expect, type Page, test } from '@playwright/test';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { uniqueEmail } from './support/fixtures.ts';
import { createType, migrateRecords, publishForm, signedInAdmin } from './support/form-admin-api.ts';
import {
  expectOnServer,
  idTokenOf,
  openRecordOf,
  PASSWORD,
  recordOnServer,
} from './support/record-session.ts';

// Issue 26 §3: an admin publishes a new version of the form and migrates the records of the old
// one (the proposed mapping, through the API) while the person is typing in the very question
// that changes. The field keeps focus and text, every character reaches the server under the
// question's new key, nothing is saved under a key no question shows, and the status never says
// "All changes saved" while something is not on the server.

const form = (cityId: string, cityLabel: string) => ({
  formId: 'origins',
  formTitle: 'Origins',
  steps: [
    {
      stepTitle: 'Where you began',
      fields: [
        { id: 'name', label: 'Name', type: 'text' },
        { id: cityId, label: cityLabel, type: 'text' },
      ],
    },
  ],
});
const status = (page: Page) => page.getByRole('status').filter({ hasText: /saved|Saving|kept|sign in/i });

for (const change of [
  { title: 'a question renamed (cityOfBirth → birthCity)', id: 'birthCity', label: 'City of birth' },
  { title: 'a text-only change of the question', id: 'cityOfBirth', label: 'Town or city of birth' },
]) {
  test(`a migration while the person types: ${change.title}`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    seedDemo();
    const admin = await signedInAdmin(browser);
    const typeName = `Origins ${Date.now().toString(36)}`;
    const v1 = form('cityOfBirth', 'City of birth');
    const typeId = await createType(admin, typeName, v1);
    const email = uniqueEmail('migrating');
    createUser({
      email,
      name: 'Mia Migrating',
      password: PASSWORD,
      role: 'client',
      organization: 'Demo Organization',
    });
    const recordId = createRecord({ clientEmail: email, type: typeName, organization: 'Demo Organization' });

    await openRecordOf(page, { email, recordId }, typeName);
    const token = await idTokenOf(page);
    const city = page.getByRole('main').getByLabel('City of birth');
    await city.click();
    await city.pressSequentially('Lisbon', { delay: 30 });
    await expectOnServer(token, recordId, { cityOfBirth: 'Lisbon' });

    // The admin publishes v2 and migrates while the person keeps typing in that question.
    const v2 = await publishForm(admin, typeId, typeName, form(change.id, change.label));
    const typing = page.keyboard.type(', by the river Tagus, in the old town of Alfama', { delay: 60 });
    await page.waitForTimeout(400);
    await migrateRecords(admin, typeId, 1, v2, { name: 'name', cityOfBirth: change.id });
    await typing;
    await page.keyboard.type(' — and more.', { delay: 40 });
    const full = 'Lisbon, by the river Tagus, in the old town of Alfama — and more.';

    // The form is v2's now, and the field being typed in kept focus and every character.
    const field = page.getByRole('main').getByLabel(change.label, { exact: true });
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(full);
    await expect(status(page)).toHaveText('All changes saved', { timeout: 20_000 });
    const stored = await recordOnServer(token, recordId);
    expect(stored.data[change.id]).toBe(full);
    if (change.id !== 'cityOfBirth') expect(stored.data).not.toHaveProperty('cityOfBirth');
    await expect(page.getByRole('main').getByLabel('Name', { exact: true })).toBeVisible();

    // A reload shows the same: nothing waits anywhere else.
    await page.reload();
    await expect(page.getByRole('main').getByLabel(change.label, { exact: true })).toHaveValue(full);
    await admin.dispose();
  });
}

test('an answer kept offline before a migration goes under the question’s new key when the record opens again', async ({
  context,
  browser,
}) => {
  test.setTimeout(120_000);
  seedDemo();
  const admin = await signedInAdmin(browser);
  const typeName = `Origins kept ${Date.now().toString(36)}`;
  const typeId = await createType(admin, typeName, form('cityOfBirth', 'City of birth'));
  const email = uniqueEmail('kept-migrating');
  createUser({
    email,
    name: 'Kit Kept',
    password: PASSWORD,
    role: 'client',
    organization: 'Demo Organization',
  });
  const recordId = createRecord({ clientEmail: email, type: typeName, organization: 'Demo Organization' });

  const page = await context.newPage();
  await openRecordOf(page, { email, recordId }, typeName);
  const token = await idTokenOf(page);
  await context.setOffline(true);
  await page.getByRole('main').getByLabel('City of birth').fill('Typed offline in Coimbra');
  await page.waitForTimeout(300);
  await page.close();
  await context.setOffline(false);

  // While the answer waits on this device, the admin moves the record to v2 (renamed question).
  const v2 = await publishForm(admin, typeId, typeName, form('birthCity', 'City of birth'));
  await migrateRecords(admin, typeId, 1, v2, { name: 'name', cityOfBirth: 'birthCity' });

  const again = await context.newPage();
  await again.goto(`/#/record/${recordId}`);
  await expect(again.getByRole('main').getByLabel('City of birth')).toHaveValue('Typed offline in Coimbra');
  await expect(status(again)).toHaveText('All changes saved', { timeout: 20_000 });
  const stored = await recordOnServer(token, recordId);
  expect(stored.data.birthCity).toBe('Typed offline in Coimbra');
  expect(stored.data).not.toHaveProperty('cityOfBirth');
  await expect(again.getByRole('region', { name: /^Check/ })).toHaveCount(0);
  await admin.dispose();
});
