import { expect, test } from '@playwright/test';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { PASSWORD } from './support/record-session.ts';

// Issue 38 §4 (decision 143): the admin Records tab marks a record whose answers cannot be opened
// and lists the others as usual. The server side (a destroyed key among readable records) is
// tested in src/server/graphql/unreadable-records.test.ts; here the server's `unreadable` for one
// row is given through the page's own request, to see the view at 1280 and 390 px.

test('the admin Records tab marks an unreadable record and shows the others', async ({ page }) => {
  seedDemo();
  const adminEmail = uniqueEmail('unreadable-admin');
  createUser({ email: adminEmail, name: 'Admin Unreadable', password: PASSWORD, role: 'admin' });
  const ownerEmail = uniqueEmail('unreadable-owner');
  const ownerName = `Una Readable ${Date.now()}`;
  createUser({
    email: ownerEmail,
    name: ownerName,
    password: PASSWORD,
    role: 'client',
    organization: 'Demo Organization',
  });
  const recordId = createRecord({ clientEmail: ownerEmail, type: 'Life Inventory' });
  const reason = `This record's answers cannot be opened: its data key was destroyed (the record was erased) or is missing from the key store (record ${recordId}).`;
  await page.route('**/graphql', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('AdminRecords')) return route.continue();
    const response = await route.fetch();
    const json = (await response.json()) as {
      data?: { recordsPage?: { records: { id: string; unreadable: string | null }[] } };
    };
    for (const record of json.data?.recordsPage?.records ?? [])
      if (record.id === recordId) record.unreadable = reason;
    await route.fulfill({ response, json });
  });
  await login(page, { email: adminEmail, password: PASSWORD });
  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await page.getByRole('searchbox').first().fill(ownerName);
  const row = page.getByRole('row', { name: new RegExp(ownerName) });
  await expect(row).toContainText('Answers cannot be opened');
  await expect(row.locator('.record-unreadable')).toHaveAttribute('title', reason);
  await page.screenshot({ path: 'test-results/unreadable-records-admin.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/unreadable-records-admin-390.png', fullPage: true });
});
