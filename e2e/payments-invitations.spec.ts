import path from 'node:path';
import type { Page } from '@playwright/test';
import { listOutboxMessages } from '../src/server/modules/mail/outbox.ts';
import { createUser, seedDemo } from './support/cli.ts';
import { e2eDataDir } from './support/e2e-environment.ts';
import { login, signupAtProvider, uniqueEmail, verifyEmail } from './support/fixtures.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 5 on the embedded defaults: the payments sandbox, the Account screen, invitations by mail
// (the outbox and its mailbox page) and joining with the invited address.

const password = 'a long passphrase 42';
const outboxDir = path.join(e2eDataDir, 'outbox');
const NO_RECORDS = 'You have no available records. Please visit our Products page to make a purchase.';
const SINGLE = 'Life Inventory — single record';

test.beforeAll(() => {
  seedDemo();
});

/** A customer of a fresh organization (no credits yet), signed in. */
async function signInNewCustomer(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const organization = `${prefix} ${Date.now().toString(36)}`;
  createUser({ email, name: 'Carla Customer', password, role: 'customer', organization });
  await login(page, { email, password });
  return { email, organization };
}

/** Buy Now on a product card: the sandbox page opens in a new tab, where Pay completes it. */
async function buyInSandbox(page: Page, product: string, cost: string) {
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product }) });
  const opened = page.waitForEvent('popup');
  await card.getByRole('link', { name: /^Buy Now/ }).click();
  const checkout = await opened;
  await expect(checkout.getByText('Sandbox — no real payment.')).toBeVisible();
  await checkout.getByRole('button', { name: `Pay ${cost}` }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  return checkout;
}

async function invite(page: Page, name: string, email: string) {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name' }).fill(name);
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByRole('button', { name: 'Send Invite', exact: true }).click();
  await expect(main.getByText('Invite sent successfully!')).toBeVisible();
}

/** The invitation mails in the outbox to an address (not its sign-up verification mail). */
const invitationsTo = async (address: string) =>
  (await listOutboxMessages(outboxDir)).filter(
    (message) => message.to === address && / invited you to /.test(message.subject),
  );

test('a customer buys records in the sandbox, invites a person who joins, and re-sends the invitation', async ({
  page,
  browser,
}) => {
  const { organization } = await signInNewCustomer(page, 'Buyers');
  const main = page.getByRole('main');

  // Account before buying: the organization and no records.
  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(main.getByRole('heading', { name: organization })).toBeVisible();
  await expect(main.getByText(NO_RECORDS)).toBeVisible();
  await expect(main.getByText('No records found for this organization.')).toBeVisible();

  // Products → Buy Now → the sandbox page in a new tab.
  await main.getByRole('link', { name: 'Buy Records' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const card = main.getByRole('article').filter({ has: page.getByRole('heading', { name: SINGLE }) });
  await expect(card).toContainText('Cost: $49.00');
  await expect(card).toContainText('Inventory Type: Life Inventory');
  const checkout = await buyInSandbox(page, SINGLE, '$49.00');
  await expect(checkout.getByRole('main')).toContainText(
    `1 record of Life Inventory was added to ${organization}.`,
  );
  await checkout.close();

  // The credit is on Account.
  await page.goto('/#/account');
  await expect(main.getByText('Life Inventory: 1')).toBeVisible();

  // Invite a person: the single type is preselected; the form clears; the row appears.
  const invitedEmail = uniqueEmail('invited');
  await expect(main.getByRole('combobox', { name: 'Inventory type' })).toHaveValue(/.+/);
  await invite(page, 'Ivy Invited', invitedEmail);
  // That was the only record: the form gives way to the way to Products.
  await expect(main.getByText(NO_RECORDS)).toBeVisible();
  const row = main.getByRole('row').filter({ hasText: 'Ivy Invited' });
  await expect(row).toContainText('Life Inventory');
  await expect(row).toContainText('No');

  // The invitation is in the outbox, readable on the mailbox page.
  await page.goto('/mailbox');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: invitedEmail })
      .filter({ hasText: `${organization} invited you to Life Record` }),
  ).toBeVisible();
  const [invitation] = await invitationsTo(invitedEmail);
  expect(invitation?.text).toContain(`register with this e-mail address: ${invitedEmail}`);

  // The person signs up with that address in their own browser; unverified, nothing is theirs yet.
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await signupAtProvider(invitee, { name: 'Ivy Person', email: invitedEmail, password });
  await invitee.getByRole('link', { name: /^Continue to / }).click();
  await expect(invitee.getByText('There is no Life Record for this user account.')).toBeVisible();
  await expect(invitee.getByRole('link', { name: /^Record 1/ })).toHaveCount(0);

  // Verified, and signed in again (a fresh browser, so the new ID token says so): the record is
  // on Home and opens.
  await verifyEmail(invitee, invitedEmail);
  await inviteeContext.close();
  const personContext = await browser.newContext();
  const person = await personContext.newPage();
  await login(person, { email: invitedEmail, password });
  const record = person.getByRole('link', { name: 'Record 1 - Life Inventory' });
  await expect(record).toBeVisible();
  await record.click();
  await expect(person).toHaveURL(/#\/record\/[0-9a-f-]{36}$/);
  await personContext.close();

  // The customer's table still shows the row; Re-Send Invite mails again, with its toast.
  await page.goto('/#/account');
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Re-Send Invite/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Invite re-sent successfully!',
  );
  await expect
    .poll(async () => (await invitationsTo(invitedEmail)).map((mail) => mail.subject).sort())
    .toEqual([
      `${organization} invited you to Life Record`,
      `Reminder: ${organization} invited you to Life Record`,
    ]);
});

test('Checkout creates a session for a product and proceeds to the sandbox page', async ({ page }) => {
  const { organization } = await signInNewCustomer(page, 'Checkout');
  await page.goto('/#/products');
  const buy = page.getByRole('article').filter({ has: page.getByRole('heading', { name: SINGLE }) });
  const href = await buy.getByRole('link', { name: /^Buy Now/ }).getAttribute('href');
  const productId = /sandbox-checkout\/([0-9a-f-]{36})/.exec(href ?? '')?.[1];
  expect(productId).toBeDefined();

  await page.goto(`/#/checkout/${productId}`);
  await page.getByRole('main').getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`#/sandbox-checkout/${productId}\\?client_reference_id=`));
  await expect(page.getByRole('main')).toContainText(organization);

  await page.goto('/#/checkout');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Error: Missing Stripe ID');
});

test('Account sends a person who is neither customer nor admin to Home', async ({ page }) => {
  const email = uniqueEmail('client');
  createUser({ email, name: 'Clara Client', password, role: 'client' });
  await login(page, { email, password });
  await page.goto('/#/account');
  await expect(page).toHaveURL(/\/#\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});

test('Products, Checkout, the sandbox page and Account pass axe; screenshots at desktop and phone width', async ({
  page,
  screenshots,
  expectAxeClean,
}) => {
  await signInNewCustomer(page, 'Axe');
  const main = page.getByRole('main');

  await page.goto('/#/products');
  await expect(main.getByRole('article').first()).toBeVisible();
  await expectAxeClean(page, 'Products');
  await screenshots(page, 'products');

  // The family pack: records enough to invite and still show the form.
  const pack = main
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Life Inventory — family pack' }) });
  const href = await pack.getByRole('link', { name: /^Buy Now/ }).getAttribute('href');
  await page.goto(href ?? '');
  await expect(main.getByRole('button', { name: /^Pay / })).toBeVisible();
  await expectAxeClean(page, 'Sandbox checkout');
  await screenshots(page, 'sandbox-checkout');
  await main.getByRole('button', { name: /^Pay / }).click();
  await expect(main.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expectAxeClean(page, 'Sandbox checkout, paid');
  await screenshots(page, 'sandbox-checkout-paid');

  const productId = /sandbox-checkout\/([0-9a-f-]{36})/.exec(href ?? '')?.[1];
  await page.goto(`/#/checkout/${productId}`);
  await expect(main.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible();
  await expectAxeClean(page, 'Checkout');
  await screenshots(page, 'checkout');

  await page.goto('/#/account');
  await expect(main.getByRole('combobox', { name: 'Inventory type' })).toBeVisible();
  await invite(page, 'Ada Lovelace', uniqueEmail('axe-invited'));
  await expect(main.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(main.getByText('Life Inventory: 4')).toBeVisible();
  await expect(main.getByRole('table')).toBeVisible();
  await main.getByRole('button', { name: 'Send Invite', exact: true }).click();
  await expect(main.getByText('Name, email, and inventory type are required.')).toBeVisible();
  await expectAxeClean(page, 'Account');
  await screenshots(page, 'account');
});
