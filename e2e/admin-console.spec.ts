import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { wordText, zipEntries } from '../src/web/test-support/zip-entries.ts';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { chooseInAccountMenu, chooseRowAction, login, uniqueEmail } from './support/fixtures.ts';
import { answerAsOwner, PASSWORD } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

test.use({ axeScope: { include: 'main', minorToo: true } });

// Issue 10: the admin console of admin-app §2 in Chromium against the real server, walked as an
// admin would: every tab, its texts, validation messages and toasts, the URL state and the guard.

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text);

async function signInAsAdmin(page: Page, prefix = 'console-admin') {
  seedDemo();
  const email = uniqueEmail(prefix);
  createUser({ email, name: `Admin ${prefix}`, password: PASSWORD, role: 'admin' });
  await login(page, { email, password: PASSWORD });
  return email;
}

test('non-admins are refused at the admin, form builder and datasync pages and land on the root', async ({
  page,
}) => {
  for (const route of ['/admin', '/datasync/8f0c2b1e-0000-4000-8000-000000000001', '/formbuilder']) {
    await page.goto(`/#${route}`);
    await expect(toast(page, 'Access denied. Admins only.').first(), route).toBeVisible();
    await expect(page).toHaveURL(/#\/$/);
  }
  const email = uniqueEmail('console-customer');
  createUser({
    email,
    name: 'Cora Customer',
    password: PASSWORD,
    role: 'customer',
    organization: 'Demo Organization',
  });
  await login(page, { email, password: PASSWORD });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/#/admin');
  await expect(toast(page, 'Access denied. Admins only.')).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toHaveCount(0);
});

test('Records: unassigned switch, search, Submitted select, actions, report generation and download', async ({
  page,
  browser,
  expectAxeClean,
}) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, 'records-admin');
  const ownerEmail = uniqueEmail('records-owner');
  const ownerName = `Rita Records ${Date.now()}`;
  createUser({
    email: ownerEmail,
    name: ownerName,
    password: PASSWORD,
    role: 'client',
    organization: 'Demo Organization',
  });
  const recordId = createRecord({ clientEmail: ownerEmail, type: 'Life Inventory' });
  await answerAsOwner(browser, { email: ownerEmail, recordId }, { name: ownerName, hairColor: 'Red' });

  await page.getByRole('banner').getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Records', selected: true })).toBeVisible();
  for (const column of [
    'Client',
    'Type',
    'Organization',
    'Created At',
    'Updated At',
    'Submitted',
    'Actions',
  ]) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeVisible();
  }

  // admin-app §5: rows without a user are hidden until the switch says Show.
  const unassigned = page.getByRole('row').filter({ hasText: 'No actions available' });
  await expect(unassigned).toHaveCount(0);
  const toggle = page.getByRole('switch', { name: /Unassigned Records: Hide/ });
  await toggle.click();
  await expect(page.getByRole('switch', { name: /Unassigned Records: Show/ })).toBeChecked();
  await expect(unassigned.first()).toBeVisible();
  await expect(unassigned.first().getByRole('rowheader')).toHaveText('N/A');
  await expectAxeClean(page, 'records tab');

  // Search by user name: the URL keeps it, so a reload comes back to the same list.
  await page
    .getByRole('searchbox', { name: 'Search by user name' })
    .fill(ownerName.slice(0, 18).toLowerCase());
  const row = page.getByRole('row').filter({ hasText: ownerName });
  await expect(row).toHaveCount(1);
  await expect(page).toHaveURL(/q=rita/);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search by user name' })).toHaveValue(
    ownerName.slice(0, 18).toLowerCase(),
  );
  await expect(row).toHaveCount(1);
  await expect(
    row.getByRole('gridcell', { name: new Date().toLocaleDateString('en-US') }).first(),
  ).toBeVisible();

  // Submitted Yes/No is saved at once.
  const submitted = row.getByRole('combobox', { name: /^Submitted/ });
  await expect(submitted).toHaveValue('false');
  await submitted.selectOption('Yes');
  await expect(toast(page, 'Record updated successfully!')).toBeVisible();
  await page.reload();
  await expect(row.getByRole('combobox', { name: /^Submitted/ })).toHaveValue('true');

  await expect(row.getByRole('link', { name: /^View/ })).toHaveAttribute('href', `#/record/${recordId}`);
  await expect(row.getByRole('button', { name: /Download/ })).toHaveCount(0);
  // Issue 44 §2: the other actions are in the row's menu, named after the record.
  await expect(row.getByRole('button', { name: `Actions for Life Inventory of ${ownerName}` })).toBeVisible();
  const menu = await chooseRowAction(row, null);
  await expect(menu.getByRole('menuitem')).toHaveText(['Re-Send Invite', 'JSON', /^Generate Report/]);
  await expect(menu.getByRole('menuitem', { name: 'JSON' })).toHaveAttribute(
    'href',
    `#/datasync/${recordId}`,
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Generate Report with a model (the item's submenu): then a download arrow.
  await chooseRowAction(row, 'Generate Report', 'gpt-4o');
  await expect(toast(page, 'Report generated successfully!')).toBeVisible({ timeout: 30_000 });
  const arrow = row.getByRole('button', { name: /^Download the latest report/ });
  await expect(arrow).toBeVisible();
  const download = page.waitForEvent('download');
  await arrow.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trauma-report-.+\.docx$/);
  const entries = zipEntries(fs.readFileSync(await file.path()));
  expect(wordText(entries.get('word/document.xml')?.toString('utf8') ?? '')[0]).toBe(
    'Trauma Resources Report',
  );
  await expect(toast(page, 'Word document downloaded successfully!')).toBeVisible();

  await chooseRowAction(row, 'Re-Send Invite');
  await expect(toast(page, /Invite re-sent successfully!|Error re-sending invite/)).toBeVisible();
});

test('Organizations: add with "Name is required.", inline edit, one row at a time, website in a new tab', async ({
  page,
  expectAxeClean,
}) => {
  await signInAsAdmin(page, 'orgs-admin');
  await page.goto('/#/admin?tab=organizations');
  await expect(page.getByRole('tab', { name: 'Organizations', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add New Organization' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Name is required.' })).toBeVisible();

  const name = `Harbor Trust ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name of the new organization' }).fill(name);
  await page.getByRole('textbox', { name: 'Website of the new organization' }).fill('https://harbor.example');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Organization added successfully!')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name.toUpperCase());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('gridcell').nth(0)).toHaveText('N/A');
  const website = row.getByRole('link', { name: 'https://harbor.example' });
  await expect(website).toHaveAttribute('target', '_blank');
  await expectAxeClean(page, 'organizations tab');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('textbox', { name: `Phone of ${name}` }).fill('+1 555 0100');
  await page.getByRole('textbox', { name: `Website of ${name}` }).fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Organization updated successfully!')).toBeVisible();
  const saved = page.getByRole('row').filter({ hasText: name });
  await expect(saved).toContainText('+1 555 0100');
  await expect(saved.getByRole('link')).toHaveCount(0);

  // Cancel leaves the row as it was.
  await saved.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByRole('textbox', { name: `Name of ${name}` }).fill('Changed my mind');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});

test('Users: inline edit with organization select, role tags, Add Role lists only roles not held', async ({
  page,
  expectAxeClean,
}) => {
  await signInAsAdmin(page, 'users-admin');
  const email = uniqueEmail('users-person');
  const name = `Uma Users ${Date.now()}`;
  createUser({ email, name, password: PASSWORD, role: 'user', organization: 'Demo Organization' });

  await page.goto('/#/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/tab=users/);
  for (const column of ['Name', 'Email', 'Organization', 'Roles', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeVisible();
  }
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Demo Organization');
  await expectAxeClean(page, 'users tab');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const addRole = page.getByRole('combobox', { name: `Add Role to ${name}` });
  await expect(addRole.getByRole('option')).toHaveText(['Add Role', 'admin', 'client', 'customer']);
  await addRole.selectOption('customer');
  await expect(addRole.getByRole('option')).toHaveText(['Add Role', 'admin', 'client']);
  await page.getByRole('button', { name: 'Remove role user' }).click();

  await page.getByRole('combobox', { name: `Organization of ${name}` }).selectOption('');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Name and organization are required.' }),
  ).toBeVisible();
  await page.getByRole('combobox', { name: `Organization of ${name}` }).selectOption('Demo Organization');
  await page.getByRole('textbox', { name: `Name of ${name}` }).fill(`${name} Jr`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'User updated successfully!')).toBeVisible();
  const saved = page.getByRole('row').filter({ hasText: `${name} Jr` });
  await expect(saved.getByRole('list', { name: 'Roles' })).toHaveText('customer');
});

test('Inventory Types: columns, Clone Form "(2)", the migration tool and its messages', async ({
  page,
  expectAxeClean,
}) => {
  await signInAsAdmin(page, 'types-admin');
  await page.goto('/#/admin?tab=inventory-types');
  for (const column of ['Name', 'Description', 'Report Query', 'Actions']) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Add New Inventory Type' })).toHaveAttribute(
    'href',
    '#/formbuilder',
  );
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'Family Stories', exact: true }) });
  await expect(row.getByRole('link', { name: 'Edit Form Family Stories' })).toHaveAttribute(
    'href',
    /^#\/formbuilder\/[0-9a-f-]{36}$/,
  );
  await row.getByRole('button', { name: 'Clone Form Family Stories' }).click();
  await expect(toast(page, /Form cloned as "Family Stories \(\d+\)"/)).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /^Family Stories \(\d+\)$/ }).first()).toBeVisible();
  await expectAxeClean(page, 'inventory types tab');

  const migrate = page.getByRole('button', { name: 'Migrate Reports' });
  await migrate.click();
  await expect(page.getByText('Please select both source and target inventory types.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Source inventory type' }).selectOption('Family Stories');
  await page.getByRole('combobox', { name: 'Target inventory type' }).selectOption('Family Stories');
  await migrate.click();
  await expect(page.getByText('Source and target inventory types must be different.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Source inventory type' }).selectOption('Life Inventory');
  await migrate.click();
  const result = page.getByText(/^Migration complete\. Updated \d+ reports\.$|^No matching reports found\.$/);
  await expect(result).toBeVisible();
});

test('Products: "All fields are required.", decimal costs only, Qty labelled Credits while editing', async ({
  page,
  expectAxeClean,
}) => {
  await signInAsAdmin(page, 'products-admin');
  await page.goto('/#/admin?tab=products');
  for (const column of ['Name', 'Description', 'Cost', 'Qty', 'Type', 'Stripe ID', 'Stripe Paylink']) {
    await expect(page.getByRole('columnheader', { name: new RegExp(`^${column}`) })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Add New Product' }).click();
  await expect(page.getByRole('columnheader', { name: /^Credits/ })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'All fields are required.' })).toBeVisible();

  const name = `Legacy Pack ${Date.now()}`;
  const of = 'of the new product';
  await page.getByRole('textbox', { name: `Name ${of}` }).fill(name);
  await page.getByRole('textbox', { name: `Description ${of}` }).fill('Three records for a family');
  await page.getByRole('combobox', { name: `Type ${of}` }).selectOption('Family Stories');
  await page.getByRole('textbox', { name: `Credits ${of}` }).fill('3');
  await page.getByRole('textbox', { name: `Stripe ID ${of}` }).fill('price_legacy');
  for (const bad of ['1,5', '1e309', '0x10']) {
    await page.getByRole('textbox', { name: `Cost ${of}` }).fill(bad);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Cost must be an amount/ }), bad).toBeVisible();
  }
  await page.getByRole('textbox', { name: `Cost ${of}` }).fill('$1,250.50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Product added successfully!')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$1,250.50');
  await expect(row).toContainText('Family Stories');
  await expectAxeClean(page, 'products tab');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('textbox', { name: `Cost of ${name}` })).toHaveValue('1250.50');
  await page.getByRole('textbox', { name: `Cost of ${name}` }).fill('$99');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Product updated successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('$99.00');
});

test('tabs work from the keyboard, the back button returns to the previous tab, and 390 px fits', async ({
  page,
}) => {
  await signInAsAdmin(page, 'keys-admin');
  await page.goto('/#/admin');
  await page.getByRole('tab', { name: 'Records' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Organizations', selected: true })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Users', selected: true })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Organizations', selected: true })).toBeVisible();

  for (const tab of ['records', 'users', 'products']) {
    await page.goto(`/#/admin?tab=${tab}&unassigned=show`);
    await expect(page.getByRole('grid')).toBeVisible();
    await page.screenshot({ path: `test-results/admin-${tab}.png`, fullPage: true });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['records', 'organizations', 'users', 'inventory-types', 'products']) {
    await page.goto(`/#/admin?tab=${tab}&unassigned=show`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('grid')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${tab} scrolls the page sideways`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/admin-${tab}-390.png`, fullPage: true });
  }
});

test('an admin sees purchases and contact-form messages; without an organization, Products lists but cannot buy', async ({
  page,
  expectAxeClean,
}) => {
  await signInAsAdmin(page, 'activity-admin');
  await page.getByRole('banner').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByText(/You belong to no organization/)).toBeVisible();
  await expect(page.getByRole('article').first()).toContainText('Buy Now needs an organization');
  await expect(page.getByRole('link', { name: /^Buy Now/ })).toHaveCount(0);

  const sender = `Sam Sender ${Date.now()}`;
  const sent = await page.request.post('/api/support', {
    data: {
      name: sender,
      email: 'sam@example.com',
      message: 'Line one\nLine two',
      type: 'contact_form',
      timestamp: new Date().toISOString(),
    },
  });
  expect(sent.ok()).toBe(true);
  await page.goto('/#/admin?tab=messages');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(sender);
  const row = page.getByRole('row').filter({ hasText: sender });
  await expect(row).toContainText('Line one');
  await expect(row.getByRole('link', { name: 'sam@example.com' })).toHaveAttribute(
    'href',
    'mailto:sam@example.com',
  );

  // A customer's sandbox purchase appears in Purchases.
  const buyer = uniqueEmail('activity-buyer');
  createUser({
    email: buyer,
    name: 'Bea Buyer',
    password: PASSWORD,
    role: 'customer',
    organization: `Buyers ${Date.now()}`,
  });
  const context = await page
    .context()
    .browser()
    ?.newContext({ baseURL: new URL(page.url()).origin });
  if (!context) throw new Error('no browser');
  const customer = await context.newPage();
  await login(customer, { email: buyer, password: PASSWORD });
  await customer.goto('/#/products');
  const card = customer.getByRole('article').filter({ hasText: 'single record' });
  const opened = customer.waitForEvent('popup');
  await card.getByRole('link', { name: /^Buy Now/ }).click();
  const checkout = await opened;
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await context.close();

  await page.getByRole('tab', { name: 'Purchases' }).click();
  await page.getByRole('searchbox', { name: 'Search by organization' }).fill('Buyers');
  const purchase = page.getByRole('row').filter({ hasText: 'Life Inventory — single record' }).first();
  await expect(purchase).toContainText('$49.00');
  await expect(purchase).toContainText('Sandbox (no payment)');
  await expectAxeClean(page, 'purchases tab');
});

test('one organization is edited at a time, and logging out on the console leaves it at once', async ({
  page,
}) => {
  const second = `Second Org ${Date.now()}`;
  createUser({
    email: uniqueEmail('second-org'),
    name: 'Sid',
    password: PASSWORD,
    role: 'user',
    organization: second,
  });
  await signInAsAdmin(page, 'logout-admin');
  await page.goto('/#/admin?tab=organizations');
  await page.getByRole('button', { name: 'Edit Demo Organization' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Demo Organization' })).toBeVisible();
  await page.getByRole('button', { name: `Edit ${second}` }).click();
  await expect(page.getByRole('textbox', { name: `Name of ${second}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name of / })).toHaveCount(1);

  await chooseInAccountMenu(page, 'Logout');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/#/admin');
  await expect(toast(page, 'Access denied. Admins only.').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
});

test('a list is one keyboard stop: headers sort from the keyboard, named without their arrow, with aria-sort', async ({
  page,
}) => {
  for (const name of ['Aster', 'Zinnia']) {
    createUser({
      email: uniqueEmail(`sort-${name.toLowerCase()}`),
      name: `${name} Member`,
      password: PASSWORD,
      role: 'user',
      organization: `${name} Sort ${Date.now()}`,
    });
  }
  await signInAsAdmin(page, 'sort-admin');
  await page.goto('/#/admin?tab=organizations');
  const nameHeader = page.getByRole('columnheader', { name: 'Name', exact: true });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: 'Actions', exact: true })).not.toHaveAttribute(
    'aria-sort',
  );

  // From the search box: the add button, then the list (one stop), then arrows up to the header.
  await page.getByRole('searchbox', { name: 'Search by name' }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowUp');
  await expect(nameHeader).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name&dir=ascending/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/sort=name&dir=descending/);
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  const names = await page.getByRole('rowheader').allTextContents();
  expect(names.length).toBeGreaterThan(2);
  expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base' })));
});

test('an edited row’s fields keep their keys: arrows move the caret, Tab goes to the next field', async ({
  page,
}) => {
  await signInAsAdmin(page, 'row-keys-admin');
  await page.goto('/#/admin?tab=organizations');
  await page.getByRole('button', { name: 'Edit Demo Organization' }).click();
  const name = page.getByRole('textbox', { name: 'Name of Demo Organization' });
  await name.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('!');
  await expect(name).toHaveValue('Demo Organizatio!n');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Phone of Demo Organization' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('rowheader', { name: 'Demo Organization', exact: true })).toBeVisible();
});
