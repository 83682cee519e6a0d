import type { BrowserContext, Page } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { answer, fieldLocator } from './support/record-form-driver.ts';
import {
  answerAsOwner,
  expectOnServer,
  idTokenOf,
  openRecord,
  personWithRecord,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 26 §4–§6: the last keys before a reload or a crash, the same question answered in two
// tabs offline, and the status while a kept answer waits for the person's choice.

const form = lifeInventoryForm;
const status = (page: Page) => page.getByRole('status').filter({ hasText: /saved|Saving|kept|choice/i });
const recordHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Life Inventory' });

/** Types a word and ends the page `afterMs` after the last key, the way `end` says. */
async function typeThenEnd(page: Page, word: string, end: () => Promise<void>, afterMs = 40) {
  const name = fieldLocator(page, form, 'name');
  await name.click();
  await name.press('End');
  await page.keyboard.type(word, { delay: 15 });
  await page.waitForTimeout(afterMs);
  await end();
}

test('the last keys before a reload, within 50 ms, are kept and sent', async ({
  page,
  recordOwner: owner,
}) => {
  test.setTimeout(120_000);
  const token = await idTokenOf(page);
  let expected = '';
  for (const word of ['alpha', ' bravo', ' charlie', ' delta']) {
    expected += word;
    await typeThenEnd(page, word, async () => {
      await page.reload();
    });
    await expect(recordHeading(page)).toBeVisible();
    await expect(fieldLocator(page, form, 'name')).toHaveValue(expected);
  }
  await expectOnServer(token, owner.recordId, { name: expected });
});

test('the last keys before the tab crashes, within 50 ms, are kept and sent', async ({ context }) => {
  test.setTimeout(120_000);
  const owner = personWithRecord('crash-keys');
  let page = await context.newPage();
  await openRecord(page, owner);
  const token = await idTokenOf(page);
  let expected = '';
  for (const word of ['one', ' two', ' three']) {
    expected += word;
    const crashed = page;
    const cdp = await context.newCDPSession(crashed);
    const crash = crashed.waitForEvent('crash', { timeout: 15_000 });
    await typeThenEnd(crashed, word, async () => {
      void cdp.send('Page.crash').catch(() => {}); // the call itself dies with the tab
    });
    await crash;
    await crashed.close().catch(() => {});
    page = await context.newPage();
    await page.goto(`/#/record/${owner.recordId}`);
    await expect(recordHeading(page)).toBeVisible();
    await expect(fieldLocator(page, form, 'name')).toHaveValue(expected);
  }
  await expectOnServer(token, owner.recordId, { name: expected });
});

async function openSecondTab(context: BrowserContext, recordId: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(`/#/record/${recordId}`);
  await expect(recordHeading(tab)).toBeVisible();
  return tab;
}

test('two tabs offline answer the same question: the newer answer wins', async ({ context }) => {
  const owner = personWithRecord('two-tabs-same');
  const one = await context.newPage();
  await openRecord(one, owner);
  const two = await openSecondTab(context, owner.recordId);
  const token = await idTokenOf(two);

  await context.setOffline(true);
  await answer(two, form, 'name', 'Older, typed in tab two');
  await two.waitForTimeout(300);
  await answer(one, form, 'name', 'Newer, typed in tab one');
  await one.waitForTimeout(300);
  await one.close();
  await context.setOffline(false);

  await expectOnServer(token, owner.recordId, { name: 'Newer, typed in tab one' });
  await expect(fieldLocator(two, form, 'name')).toHaveValue('Newer, typed in tab one');
  await expect(status(two)).toHaveText('All changes saved', { timeout: 20_000 });
  await two.waitForTimeout(3500); // polls and saves come and go: the older one never returns
  await expectOnServer(token, owner.recordId, { name: 'Newer, typed in tab one' });
});

test('while a kept answer waits for a choice, the status says so, not "All changes saved"', async ({
  context,
  browser,
}) => {
  const owner = personWithRecord('choice-status');
  const laptop = await context.newPage();
  await openRecord(laptop, owner);
  await context.setOffline(true);
  await answer(laptop, form, 'name', 'Typed offline on the laptop');
  await laptop.waitForTimeout(300);
  await laptop.close();
  await context.setOffline(false);
  await answerAsOwner(browser, owner, { name: 'Written later on the phone' });

  const again = await openSecondTab(context, owner.recordId);
  await expect(again.getByRole('region', { name: 'Check an answer' })).toBeVisible();
  await expect(status(again)).toHaveText('One answer needs your choice: see “Check an answer” above.');
  await again.waitForTimeout(3500);
  await expect(status(again)).toHaveText('One answer needs your choice: see “Check an answer” above.');
  await again.screenshot({ path: 'test-results/needs-choice.png' });
  await again.setViewportSize({ width: 390, height: 844 });
  await again.screenshot({ path: 'test-results/needs-choice-390.png' });
  await again.setViewportSize({ width: 1280, height: 720 });
  await again
    .getByRole('region', { name: 'Check an answer' })
    .getByRole('button', { name: 'Keep the saved answer' })
    .click();
  await expect(status(again)).toHaveText('All changes saved');
});
