import { expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { e2eBaseUrl } from './support/e2e-environment.ts';
import { answer } from './support/record-form-driver.ts';
import {
  expectOnServer,
  idTokenOf,
  openRecord,
  personWithRecord,
  recordOnServer,
} from './support/record-session.ts';

// Issue 44 §7 and §8: every notice on the record screen matches what the person can still do —
// a record sent from another device never says "Auto-save is off … use Complete & Send" — and
// what a screen reader hears while saving, offline and once sent (the status region's accessible
// text, read from Chromium's accessibility tree). Screenshots test-results/a11y-notices-*.png.

/** Words that promise something a read-only record cannot do. */
const EDITING_PROMISES = /Auto-save is off|use Complete & Send|submit the form manually|will be sent/;

/** The texts of every status, alert and notification on the page, as a screen reader is given them. */
async function notices(page: Page): Promise<string[]> {
  return page
    .locator('[role="status"], [role="alert"], .toast-region')
    .evaluateAll((all) => all.map((el) => (el as HTMLElement).innerText.trim()).filter(Boolean));
}

async function submitFromAnotherDevice(token: string, recordId: string): Promise<void> {
  const { version } = await recordOnServer(token, recordId);
  const api = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  try {
    const response = await api.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        query: 'mutation ($input: SubmitRecordInput!) { submitRecord(input: $input) { submitted } }',
        variables: { input: { id: recordId, baseVersion: version, answers: {} } },
      },
    });
    expect((await response.json()).data?.submitRecord?.submitted).toBe(true);
  } finally {
    await api.dispose();
  }
}

test('saving, offline and sent elsewhere: each notice says what is true and what the person can still do', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const owner = personWithRecord('a11y-notices');
  // The live connection is held silent, so the other device's send is learnt from a refused save
  // (the path where "Auto-save is off … use Complete & Send" was once shown).
  await page.routeWebSocket(/\/graphql/, () => {});
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecord(page, owner);
  const main = page.getByRole('main');
  const status = main.locator('.save-status');

  await answer(page, lifeInventoryForm, 'name', 'Ada Notices');
  await expect(status).toHaveText('All changes saved');
  // What a screen reader is given: a polite status inside the record's bar.
  await expect(status).toHaveAttribute('aria-live', 'polite');
  expect(await status.ariaSnapshot()).toBe('- status: All changes saved');

  await context.setOffline(true);
  await answer(page, lifeInventoryForm, 'name', 'Ada Offline');
  await expect(status).toHaveText(/^Offline — your answers are kept on this device/);
  expect(await status.ariaSnapshot()).toMatch(/^- status: Offline — your answers are kept on this device/);
  await page.screenshot({ path: 'test-results/a11y-notices-offline-1280.png' });
  await context.setOffline(false);
  await expect(status).toHaveText('All changes saved');
  const token = await idTokenOf(page);
  await expectOnServer(token, owner.recordId, { name: 'Ada Offline' });

  // Sent from another device; this tab types on and its save is refused.
  await submitFromAnotherDevice(token, owner.recordId);
  await answer(page, lifeInventoryForm, 'name', 'Ada Too Late');
  await expect(main.getByText('This record has been submitted.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'This record was sent from another tab or device, so it can no longer be changed.',
  );
  await expect(main.getByRole('textbox')).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Complete & Send' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Reminders' })).toHaveCount(0);
  await expect(status).toHaveCount(0);
  for (const text of await notices(page))
    expect(text, 'a notice on the read-only record').not.toMatch(EDITING_PROMISES);
  await expect(page.locator('body')).not.toContainText(EDITING_PROMISES);
  await expectNoAxeFindings(page, 'the record sent elsewhere');
  await page.screenshot({ path: 'test-results/a11y-notices-sent-elsewhere-1280.png' });

  // Opened again (at 390 px), it says it was sent, and nothing about saving.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(main.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  await expect(main.getByRole('status').filter({ hasText: 'This record has been submitted.' })).toBeVisible();
  expect(await main.locator('.record-screen__notice').ariaSnapshot()).toBe(
    '- status: This record has been submitted.',
  );
  await expect(main.getByRole('textbox')).toHaveCount(0);
  for (const text of await notices(page)) expect(text, 'a notice on reload').not.toMatch(EDITING_PROMISES);
  await expect(page.locator('body')).not.toContainText(EDITING_PROMISES);
  await page.screenshot({ path: 'test-results/a11y-notices-sent-390.png', fullPage: true });
});
