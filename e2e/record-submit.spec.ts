import type { Locator, Page } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { answer, goToSection } from './support/record-form-driver.ts';
import { expectOnServer, idTokenOf, PASSWORD, recordOnServer } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

const form = lifeInventoryForm;

async function expectReadOnly(page: Page) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByRole('radio')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Complete & Send' })).toHaveCount(0);
}

/** Words about saving or sending that a sent, read-only record can no longer live up to. */
const SAVING_OR_SENDING =
  /Auto-save|auto-save|use Complete & Send|submit the form manually|will be sent|kept on this device|Saving|saved/;

/**
 * Issue 44 §7: a sent record says it was sent, and nothing about saving or sending: no save
 * status, no Take a break (whose view speaks of saved answers), no Reminders; every status,
 * alert and toast fits what the person can still do (read it, make the book, leave).
 */
async function expectNoticesOfASentRecord(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('.record-screen__notice')).toHaveText('This record has been submitted.');
  await expect(main.locator('.save-status')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Take a break' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Reminders' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Leave quickly/ }).first()).toBeVisible();
  const notices = await page
    .locator('[role="status"], [role="alert"], .toast-region')
    .evaluateAll((all) => all.map((el) => (el as HTMLElement).innerText.trim()).filter(Boolean));
  for (const text of notices) expect(text, 'a notice on the sent record').not.toMatch(SAVING_OR_SENDING);
  await expect(page.locator('body')).not.toContainText(SAVING_OR_SENDING);
}

test('Complete & Send makes the record read-only; others see it read-only from the start', async ({
  page,
  browser,
  recordOwner: owner,
  expectAxeClean,
}, testInfo) => {
  test.setTimeout(120_000);
  await answer(page, form, 'name', 'Ada Sent');
  await expectAxeClean(page, 'the record screen');
  await page.screenshot({ path: testInfo.outputPath('record-editing.png'), fullPage: true });
  await page.getByRole('button', { name: /^Sections/ }).click();
  await expectAxeClean(page, 'the record screen');
  await page.screenshot({ path: testInfo.outputPath('record-sections-open.png') });
  await page.keyboard.press('Escape');
  const token = await idTokenOf(page);
  await expectOnServer(token, owner.recordId, { name: 'Ada Sent' });

  // customer-app §4: not the owner → read-only from the start (an admin, the organization's customer).
  for (const role of ['admin', 'customer'] as const) {
    const email = uniqueEmail(role);
    createUser({ email, name: `The ${role}`, password: PASSWORD, role, organization: 'Demo Organization' });
    const context = await browser.newContext();
    const other = await context.newPage();
    await login(other, { email, password: PASSWORD });
    await other.goto(`/#/record/${owner.recordId}`);
    await expectReadOnly(other);
    await expect(other.getByText('Ada Sent')).toBeVisible();
    await expect(other.getByText('No response provided')).toBeVisible();
    await context.close();
  }

  await goToSection(page, 'Family of Origin - Separation');
  await page.getByRole('button', { name: 'Complete & Send' }).click();
  await expect(page.getByText('Form submitted successfully!')).toBeVisible();
  await expectReadOnly(page);
  await expect(page.getByText('No response provided').first()).toBeVisible();
  await expectNoticesOfASentRecord(page);
  await expectAxeClean(page, 'the record screen');
  await page.screenshot({ path: testInfo.outputPath('record-read-only.png'), fullPage: true });
  const stored = await recordOnServer(token, owner.recordId);
  expect(stored.submitted).toBe(true);
  // customer-app §5: unticked checkboxes are saved as false.
  expect(stored.data).toMatchObject({
    name: 'Ada Sent',
    assistiveDevices: false,
    childhoodExperiences: false,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectReadOnly(page);
  await expectNoticesOfASentRecord(page);
  await expectAxeClean(page, 'the record screen');
  await page.screenshot({ path: testInfo.outputPath('record-phone.png'), fullPage: true });
});

/** Moves the focus with Tab (or Shift+Tab) until `target` has it. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 60; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`The keyboard never reached ${target}`);
}

test('everything works with the keyboard alone: fill, change section, follow-ups, Complete & Send', async ({
  page,
  recordOwner: owner,
}) => {
  test.setTimeout(120_000);
  const main = page.getByRole('main');

  await tabTo(page, main.getByLabel('What is your full name?'));
  await page.keyboard.type('Ada Keys');
  // Past the name's "Record an answer" (issue 41) to the date.
  await tabTo(page, main.getByLabel('What is your date of birth?'));
  await page.keyboard.type('03041975');
  await tabTo(page, main.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(main.getByRole('heading', { level: 2, name: 'Physical Characteristics' })).toBeFocused();

  await tabTo(page, main.getByRole('radio', { name: 'Woman' }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown'); // radios move and select with the arrows
  await expect(main.getByRole('radio', { name: 'Man', exact: true })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('170 cm');

  await tabTo(page, main.getByRole('button', { name: /^Sections/ }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(main.getByRole('searchbox', { name: 'Search steps' })).toBeFocused();
  await page.keyboard.type('Parents');
  await page.keyboard.press('Enter');
  await expect(main.getByRole('listbox')).toHaveCount(0);
  await expect(main.getByRole('heading', { level: 2, name: 'Family of Origin - Parents' })).toBeFocused();

  await tabTo(page, main.getByRole('checkbox', { name: 'Other', exact: true }));
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(main.getByLabel('Please specify')).toBeFocused();
  await page.keyboard.type('A neighbour');

  await tabTo(page, main.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await tabTo(page, main.getByRole('button', { name: 'Complete & Send' }));
  await page.keyboard.press('Enter');
  // A section with a content note was never opened: the calm question first (issue 44 §6), then
  // Send anyway, by keyboard too.
  await expect(main.getByRole('heading', { name: 'Before you send' })).toBeFocused();
  await tabTo(page, main.getByRole('button', { name: 'Send anyway' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Form submitted successfully!')).toBeVisible();

  const stored = await recordOnServer(await idTokenOf(page), owner.recordId);
  expect(stored.submitted).toBe(true);
  expect(stored.data).toMatchObject({
    name: 'Ada Keys',
    dateOfBirth: '1975-03-04',
    gender: 'Man',
    height: '170 cm',
    otherCaretakers: ['Other'],
    otherCaretakerDetails: 'A neighbour',
  });
});
