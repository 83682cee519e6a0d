import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 6: the inventory wizard (customer-app §2 Inventory, §4 Wizard, §5, §8 alerts) in Chromium,
// against the real server and its offline narrative generator (no model API is configured here).
const password = 'a long passphrase 42';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const field = (page: Page, label: RegExp) => page.getByLabel(label);

test('a customer goes from step 1 to the narrative; follow-ups appear and disappear as §4 says', async ({
  page,
  screenshots,
}) => {
  const email = uniqueEmail('wizard');
  createUser({ email, name: 'Cora Customer', password, role: 'customer', organization: 'Wizard Org' });
  await login(page, { email, password });
  await page.goto('/#/inventory');

  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(heading(page)).toHaveText('Name & Date of Birth');
  await expect(page.getByText('Step 1 of 9')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Back/ })).toHaveCount(0);
  // customer-app §5: the browser's form enforces the required text inputs.
  await next(page).click();
  await expect(heading(page)).toHaveText('Name & Date of Birth');
  expect(
    await field(page, /What is your full name/).evaluate(
      (input: HTMLInputElement) => input.validity.valueMissing,
    ),
  ).toBe(true);
  await field(page, /What is your full name/).fill('Ada <script>alert(1)</script> Lovelace');
  await field(page, /What is your date of birth/).fill('12/10/1980');
  await expectNoAxeFindings(page, 'the wizard, step 1', { include: 'main', minorToo: true });
  await screenshots(page, 'inventory-step-1', { widths: [1280] });
  await next(page).click();

  await expect(heading(page)).toHaveText('Physical Characteristics');
  await expect(heading(page)).toBeFocused();
  await page.getByRole('radio', { name: 'Non-binary/non-conforming' }).check();
  await field(page, /Height/).fill('170 cm');
  await field(page, /Weight/).fill('61 kg');
  await page.getByRole('group', { name: 'Hair color' }).getByRole('radio', { name: 'Red' }).check();
  await page.getByRole('radio', { name: 'Pink (Albino)' }).check();
  await next(page).click();

  await expect(heading(page)).toHaveText('Assistive Devices');
  await expect(page.getByRole('checkbox')).toHaveCount(12);
  await page.getByRole('checkbox', { name: 'Hearing Aid' }).check();
  await page.getByRole('button', { name: 'Back to Step 2' }).click();
  await expect(heading(page)).toHaveText('Physical Characteristics');
  await expect(field(page, /Height/)).toHaveValue('170 cm');
  await next(page).click();
  await next(page).click();

  await expect(heading(page)).toHaveText('Location');
  await field(page, /In which city/).fill('Dayton');
  await field(page, /In which state/).fill('Ohio');
  await field(page, /lived the longest/).fill('Columbus, Ohio');
  await next(page).click();

  await expect(heading(page)).toHaveText('Family of Origin - Siblings');
  for (const label of [
    /full brothers/,
    /half brothers/,
    /stepbrothers/,
    /full sisters/,
    /half sisters/,
    /stepsisters/,
  ]) {
    await field(page, label).fill('1');
  }
  await next(page).click();

  await expect(heading(page)).toHaveText('Family of Origin - Parents');
  await field(page, /with your father/).fill('10');
  await field(page, /with your mother/).fill('18');
  await expect(field(page, /Please specify/)).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await expect(field(page, /Please specify/)).toBeVisible();
  await next(page).click();
  await expect(heading(page)).toHaveText('Family of Origin - Parents'); // "Please specify" is now required
  await field(page, /Please specify/).fill('A neighbour');
  await page.getByRole('checkbox', { name: 'Grandmother' }).check();
  await next(page).click();

  await expect(heading(page)).toHaveText('Family of Origin - Separation');
  const separated = page.getByRole('group', { name: /parents separate/ });
  await expect(field(page, /when they separated/)).toHaveCount(0);
  await expect(field(page, /Whom did you live with/)).toHaveCount(0);
  await separated.getByRole('radio', { name: 'Yes' }).check();
  await field(page, /when they separated/).fill('7');
  await field(page, /Whom did you live with/).fill('My mother');
  await separated.getByRole('radio', { name: 'No' }).check();
  await expect(field(page, /when they separated/)).toHaveCount(0);
  await separated.getByRole('radio', { name: 'Yes' }).check();
  await expect(field(page, /when they separated/)).toHaveValue('7');
  await field(page, /when you left home/).fill('18');
  await expect(field(page, /Please describe these experiences/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: /still bother you/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Homelessness' }).check();
  await field(page, /Please describe these experiences/).fill('We moved often.');
  const bother = page.getByRole('group', { name: /still bother you/ });
  await expect(field(page, /How do they still bother you/)).toHaveCount(0);
  await bother.getByRole('radio', { name: 'Yes' }).check();
  await field(page, /How do they still bother you/).fill('At night.');
  await bother.getByRole('radio', { name: 'No' }).check();
  await expect(field(page, /How do they still bother you/)).toHaveCount(0);
  await screenshots(page, 'inventory-step-7', { widths: [1280] });
  await next(page).click();

  await expect(heading(page)).toHaveText('Review Your Information');
  const summary = JSON.parse((await page.getByRole('region', { name: 'Your answers' }).textContent()) ?? '');
  expect(summary).toMatchObject({
    name: 'Ada <script>alert(1)</script> Lovelace',
    gender: 'Non-binary/non-conforming',
    assistiveDevices: ['Hearing Aid'],
    otherCaretakers: ['Grandmother', 'Other'],
    otherCaretakerDetails: 'A neighbour',
    parentsSeparated: 'Yes',
    ageAtSeparation: '7',
    experiencesStillBother: 'No',
  });
  expect(summary).not.toHaveProperty('experiencesStillBotherDetails');
  const getReport = page.getByRole('button', { name: 'Get Report' });
  await expect(getReport).toBeDisabled();
  await field(page, /Signature/).fill('Ada Lovelace');
  await expect(getReport).toBeEnabled();
  await expectNoAxeFindings(page, 'the wizard, step 8', { include: 'main', minorToo: true });
  await screenshots(page, 'inventory-step-8', { widths: [1280] });
  await page.getByRole('button', { name: 'Back to Step 7' }).click();
  await expect(heading(page)).toHaveText('Family of Origin - Separation');
  await next(page).click();
  await page.getByRole('button', { name: 'Get Report' }).click();

  await expect(heading(page)).toHaveText('Final Step: Generated Narrative');
  const narrative = page.locator('.report-text');
  await expect(
    narrative.getByRole('heading', { name: 'Offline draft — no AI model was used' }),
  ).toBeVisible();
  await expect(narrative).toContainText('What is your full name? Ada <script>alert(1)</script> Lovelace.');
  await expect(narrative).toContainText(
    'Who else took care of you while you were growing up? Check all that apply. Grandmother, Other.',
  );
  await expect(narrative).not.toContainText('At night.');
  await expect(narrative.getByRole('heading', { name: 'Psychological report' })).toBeVisible();
  await expectNoAxeFindings(page, 'the wizard, the narrative', { include: 'main', minorToo: true });
  await screenshots(page, 'inventory-step-9', { widths: [1280] });
});

test('a client is refused with the spec’s alert and sent home', async ({ page }) => {
  const email = uniqueEmail('wizard-client');
  createUser({ email, name: 'Cliff Client', password, role: 'client' });
  await login(page, { email, password });
  const alert = page.waitForEvent('dialog');
  await page.goto('/#/inventory');
  const dialog = await alert;
  expect(dialog.type()).toBe('alert');
  expect(dialog.message()).toBe('Access denied. You do not have permission to view this page.');
  await dialog.accept();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome back!' })).toBeVisible();
});

test('a visitor who is not signed in is refused too', async ({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  const alert = page.waitForEvent('dialog');
  await page.goto('/#/inventory');
  expect((await alert).message()).toBe('Access denied. You do not have permission to view this page.');
  await expect(page.getByRole('heading', { name: 'New here?' })).toBeVisible();
});
