import { expect, test } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { ownServer } from './support/own-server.ts';
import { answer, expectAnswer } from './support/record-form-driver.ts';
import { expectOnServer, idTokenOf, openRecord, personWithRecord } from './support/record-session.ts';

const form = lifeInventoryForm;
const server = ownServer();

test.afterAll(async () => {
  await server.stop();
});

test('the server stops while a person types and starts again: nothing is lost', async ({ browser }) => {
  test.setTimeout(180_000);
  await server.start();
  const owner = personWithRecord('restart', server.env);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  await openRecord(page, owner);
  const token = await idTokenOf(page);
  await answer(page, form, 'name', 'Ada Restart');
  await expectOnServer(token, owner.recordId, { name: 'Ada Restart' }, server.baseUrl);

  await server.stop();
  await answer(page, form, 'dateOfBirth', '1969-07-20');
  await page.getByRole('button', { name: 'Next' }).click();
  await answer(page, form, 'height', '180 cm');
  await answer(page, form, 'eyeColor', 'Green');
  await page.waitForTimeout(3000); // saves fail and wait to retry meanwhile

  await server.start();
  const typed = { name: 'Ada Restart', dateOfBirth: '1969-07-20', height: '180 cm', eyeColor: 'Green' };
  await expectOnServer(token, owner.recordId, typed, server.baseUrl);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Physical Characteristics' })).toBeVisible();
  await expectAnswer(page, form, 'height', '180 cm');
  await expectAnswer(page, form, 'eyeColor', 'Green');
  await context.close();
});
