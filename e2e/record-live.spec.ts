import type { Page } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { chooseInAccountMenu } from './support/fixtures.ts';
import { answer, fieldLocator } from './support/record-form-driver.ts';
import { expectOnServer, idTokenOf, openRecord, personWithRecord } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

const form = lifeInventoryForm;

/** What this browser keeps of unsent answers (DESIGN §7): entries and whether they read as text. */
function keptInBrowser(page: Page, typed: string[]) {
  return page.evaluate(async (texts) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('life-record-unsent-answers');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const entries = await all<{ iv: Uint8Array; ciphertext: ArrayBuffer }>('entries');
    const keys = await all<CryptoKey>('keys');
    db.close();
    const stored = entries.map((entry) => new TextDecoder().decode(entry.ciphertext)).join('');
    return {
      entries: entries.length,
      plainTextFound: texts.some((text) => stored.includes(text)),
      keyExtractable: keys.map((key) => key.extractable),
      inLocalStorage: texts.some((text) => JSON.stringify({ ...localStorage }).includes(text)),
    };
  }, typed);
}

test('offline mid-typing, more answers, a reload, back online: every answer reaches the server', async ({
  browser,
}) => {
  const owner = personWithRecord('offline');
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept()); // the beforeunload warning
  await openRecord(page, owner);
  const token = await idTokenOf(page);
  await answer(page, form, 'name', 'Ada Offline');
  await expectOnServer(token, owner.recordId, { name: 'Ada Offline' });

  await context.setOffline(true);
  await answer(page, form, 'dateOfBirth', '1975-03-04');
  await page.getByRole('button', { name: 'Next' }).click();
  await answer(page, form, 'height', '170 cm');
  await answer(page, form, 'weight', '61 kg');
  await answer(page, form, 'hairColor', 'Red');
  // Kept in the browser, encrypted under a key script cannot read out, never in localStorage.
  await expect
    .poll(async () => keptInBrowser(page, ['170 cm', '61 kg', '1975-03-04']))
    .toEqual({ entries: 1, plainTextFound: false, keyExtractable: [false], inLocalStorage: false });

  await page.reload().catch(() => {}); // offline: the page itself cannot load
  await context.setOffline(false);
  await page.goto(`/#/record/${owner.recordId}`);
  await expectOnServer(token, owner.recordId, {
    name: 'Ada Offline',
    dateOfBirth: '1975-03-04',
    height: '170 cm',
    weight: '61 kg',
    hairColor: 'Red',
  });
  // Deleted from the browser the moment the server acknowledged them.
  await expect.poll(async () => (await keptInBrowser(page, [])).entries).toBe(0);
  await context.close();
});

test('two devices: an answer appears in the other within 3 s and never replaces a field being edited', async ({
  browser,
}) => {
  const owner = personWithRecord('devices');
  const [first, second] = [await browser.newContext(), await browser.newContext()];
  const one = await first.newPage();
  const two = await second.newPage();
  await openRecord(one, owner);
  await openRecord(two, owner);

  await answer(one, form, 'name', 'Typed on one');
  await expect(fieldLocator(two, form, 'name')).toHaveValue('Typed on one', { timeout: 3000 });

  await one.getByRole('button', { name: 'Next' }).click();
  await two.getByRole('button', { name: 'Next' }).click();
  const heightOnTwo = fieldLocator(two, form, 'height');
  await heightOnTwo.click();
  await heightOnTwo.pressSequentially('tall');
  await answer(one, form, 'height', '170 cm');
  await answer(one, form, 'weight', '61 kg');
  await one.waitForTimeout(4000); // longer than the polling interval
  await expect(heightOnTwo).toBeFocused();
  await expect(heightOnTwo).toHaveValue('tall');

  await heightOnTwo.press('Tab');
  await expect(fieldLocator(two, form, 'weight')).toHaveValue('61 kg', { timeout: 3000 });
  await first.close();
  await second.close();
});

test('logout deletes the answers this browser still kept, after trying to send them', async ({
  page,
  recordOwner: _owner,
}) => {
  // The server refuses to answer saves for a while (as an unreachable network would).
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('SaveRecordAnswers')
      ? route.abort('internetdisconnected')
      : route.fallback(),
  );
  await answer(page, form, 'name', 'Never sent');
  await expect.poll(async () => (await keptInBrowser(page, [])).entries).toBe(1);

  await chooseInAccountMenu(page, 'Logout');
  // Issue 26 §2: with an answer the server does not have, Logout asks first; deleting it is the
  // person's explicit choice (it used to happen without a word after 5 s).
  const question = page.getByRole('dialog', { name: 'Some answers are not on the server yet' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Log out now and delete them' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeVisible();
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name));
  expect(databases).not.toContain('life-record-unsent-answers');
});
