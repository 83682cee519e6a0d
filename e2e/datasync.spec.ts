import { expect, test } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { chooseRowAction, login, uniqueEmail } from './support/fixtures.ts';
import { answerAsOwner, PASSWORD } from './support/record-session.ts';

// admin-app §2 Datasync page: the record's stored data and a chosen type's form, each as formatted
// JSON with a copy control; admins only (refusals: e2e/admin-console.spec.ts).

test('an admin reads and copies a record’s data and a type’s form', async ({ page, browser, context }) => {
  seedDemo();
  const ownerEmail = uniqueEmail('datasync-owner');
  createUser({
    email: ownerEmail,
    name: 'Dora Data',
    password: PASSWORD,
    role: 'client',
    organization: 'Demo Organization',
  });
  const recordId = createRecord({ clientEmail: ownerEmail, type: 'Life Inventory' });
  await answerAsOwner(browser, { email: ownerEmail, recordId }, { name: 'Dora Data', hairColor: 'Brown' });
  const emptyId = createRecord({ clientEmail: ownerEmail, type: 'Family Stories' });

  const adminEmail = uniqueEmail('datasync-admin');
  createUser({ email: adminEmail, name: 'Dan Admin', password: PASSWORD, role: 'admin' });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page, { email: adminEmail, password: PASSWORD });

  // From the console's JSON link, in the row's Actions menu (issue 44 §2).
  await page.goto('/#/admin?q=Dora');
  await chooseRowAction(page.getByRole('row').filter({ hasText: 'Life Inventory' }), 'JSON');
  await expect(page).toHaveURL(new RegExp(`#/datasync/${recordId}$`));
  const data = page.getByRole('region', { name: 'Record data' });
  await expect(data.locator('pre')).toContainText('"hairColor": "Brown"');
  await data.getByRole('button', { name: 'Copy Record data' }).click();
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Copied to clipboard!'),
  ).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(copied).toMatchObject({ name: 'Dora Data', hairColor: 'Brown' });

  // The right panel starts on the record's own type; another type can be chosen.
  const form = page.getByRole('region', { name: 'Inventory type form' });
  await expect(form.getByRole('combobox', { name: 'Inventory type' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(form.locator('pre')).toContainText('"steps"');
  await form.getByRole('combobox', { name: 'Inventory type' }).selectOption('Family Stories');
  await expect(form.locator('pre')).toContainText('"formTitle"');
  await form.getByRole('button', { name: 'Copy Inventory type form' }).click();
  const formCopy = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(Array.isArray(formCopy.steps)).toBe(true);
  await expectNoAxeFindings(page, 'the datasync page', { include: 'main', minorToo: true });
  await page.screenshot({ path: 'test-results/datasync.png', fullPage: true });

  // A record nobody has answered yet.
  await page.goto(`/#/datasync/${emptyId}`);
  await expect(page.getByText('No form data found for this record.')).toBeVisible();
});
