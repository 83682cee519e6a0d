import { expect, test } from '@playwright/test';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';

// Issue 2, second browser test: the Home record list of people created with the CLI.
const password = 'a long passphrase 42';

test.beforeAll(() => {
  seedDemo();
});

test('a client who owns a Life Inventory record sees it on Home and can open it', async ({ page }) => {
  const email = uniqueEmail('client');
  createUser({ email, name: 'Clara Client', password, role: 'client', organization: 'Demo Organization' });
  const recordId = createRecord({ clientEmail: email, type: 'Life Inventory' });

  await login(page, { email, password });
  await expect(page.getByRole('heading', { name: 'Your Records' })).toBeVisible();
  await expect(page.getByText('Please use the link(s) below to complete your Life Record(s):')).toBeVisible();
  const button = page.getByRole('button', { name: 'Record 1 - Life Inventory' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('banner').getByText('Client', { exact: true })).toBeVisible();

  await button.click();
  await expect(page).toHaveURL(new RegExp(`#/record/${recordId}$`));
});

test('a client without records is told there is none', async ({ page }) => {
  const email = uniqueEmail('norecord');
  createUser({ email, name: 'Nora Nothing', password, role: 'client' });
  await login(page, { email, password });
  await expect(page.getByText('There is no Life Record for this user account.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Record \d/ })).toHaveCount(0);
});
