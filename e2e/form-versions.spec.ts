import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createRecord, createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { answerAsOwner, PASSWORD } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

test.use({ adminName: 'Vic Versions' });

// Issue 12 (decision 100): an admin changes a form people have started; their records keep the
// version they started on; the admin publishes, reads the diff, maps answers, previews, migrates
// a started record to the new version, sees it in the person's screen, and undoes it.

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text).first();

const form = (fields: unknown[]) => ({
  formId: 'memories',
  formTitle: 'Memories',
  steps: [{ stepTitle: 'You', fields }],
});
const V1 = form([
  { id: 'name', label: 'Name', type: 'text' },
  { id: 'colour', label: 'Favourite colour', type: 'text' },
  { id: 'pet', label: 'First pet', type: 'text' },
]);
const V2 = form([
  { id: 'fullName', label: 'Name', type: 'text' },
  {
    id: 'colour',
    label: 'Favourite colour',
    type: 'radio',
    options: [
      { label: 'Red', value: 'Red' },
      { label: 'Blue', value: 'Blue' },
    ],
  },
  { id: 'town', label: 'Home town', type: 'text' },
]);

async function importAndSave(page: Page, json: unknown, button: 'Save Form' | 'Update Form') {
  await page.getByLabel("Paste a form's JSON").fill(JSON.stringify(json));
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await page.getByRole('button', { name: button }).click();
  await expect(toast(page, 'Form saved successfully!')).toBeVisible();
}

test('a started record keeps its version; publish, diff, mapping preview, migrate and undo', async ({
  page,
  browser,
  admin: _admin,
}) => {
  test.setTimeout(180_000);

  // Version 1: built and saved; a person starts a record of it (the first record publishes v1).
  await page.goto('/#/formbuilder');
  const name = `Memories ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Versioned stories');
  await importAndSave(page, V1, 'Save Form');
  await expect(page).toHaveURL(/#\/formbuilder\/[0-9a-f-]{36}$/);

  const personEmail = uniqueEmail('versions-person');
  createUser({ email: personEmail, name: 'Peg Person', password: PASSWORD, role: 'client' });
  const started = createRecord({ clientEmail: personEmail, type: name });
  await answerAsOwner(
    browser,
    { email: personEmail, recordId: started },
    { name: 'Ada', colour: 'Green', pet: 'Rex' },
  );

  // Version 2: the draft changes; Publish waits for a save, then publishes.
  await page.getByLabel("Paste a form's JSON").fill(JSON.stringify(V2));
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(toast(page, 'Form saved successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, /Published as version 2\./)).toBeVisible();

  // The person's started record still asks version 1's questions; a new record asks version 2's.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const person = await context.newPage();
  await login(person, { email: personEmail, password: PASSWORD });
  await person.goto(`/#/record/${started}`);
  const main = person.getByRole('main');
  await expect(main.getByLabel('First pet')).toHaveValue('Rex');
  await expect(main.getByLabel('Home town')).toHaveCount(0);
  const fresh = createRecord({ clientEmail: personEmail, type: name });
  await person.goto(`/#/record/${fresh}`);
  await expect(main.getByLabel('Home town')).toBeVisible();

  // The versions screen, from the console's Inventory Types tab.
  await page.goto(`/#/admin?tab=inventory-types&q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `Versions ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Versions of ${name}` })).toBeVisible();
  await expect(page.getByText('The draft is the same as version 2.')).toBeVisible();
  const versions = page.getByRole('region', { name: 'Published versions' });
  await expect(versions.getByRole('row', { name: /^v2 .* Vic Versions 1$/ })).toBeVisible();
  await expect(versions.getByRole('row', { name: /^v1 .* First record \(automatic\) 1$/ })).toBeVisible();

  // The diff of v1 and v2.
  const diff = page.getByRole('region', { name: 'Compare versions' });
  await expect(diff.getByText('Home town (town, text) in "You"')).toBeVisible();
  await expect(diff.getByText(/^First pet \(pet, text\) from "You"/)).toBeVisible();
  await expect(diff.getByText(/Favourite colour \(colour\): Type: text → radio/)).toBeVisible();

  // The mapping is proposed by id, then label; the admin previews it.
  const migrate = page.getByRole('region', { name: 'Migrate records to another version or type' });
  await expect(migrate.getByRole('combobox', { name: 'Goes to, for Name' })).toHaveValue('fullName');
  await expect(migrate.getByRole('combobox', { name: 'Goes to, for Favourite colour' })).toHaveValue(
    'colour',
  );
  await expect(migrate.getByRole('combobox', { name: 'Goes to, for First pet' })).toHaveValue('');
  await migrate.getByRole('button', { name: 'Preview migration' }).click();
  const preview = migrate.getByRole('status');
  await expect(preview).toContainText(`1 record of v1 would move to ${name} v2.`);
  await expect(preview).toContainText('Name → Name: 1 answer');
  await expect(preview).toContainText(
    'Favourite colour (colour): "Green" is not an option of the target, 1 answer',
  );
  await expect(preview).toContainText('First pet (pet): not mapped to a question of the target, 1 answer');
  await expectNoAxeFindings(page, 'the migration preview', { include: 'main', minorToo: true });
  await page.screenshot({ path: 'test-results/form-versions.png', fullPage: true });
  // At phone width the page does not scroll sideways (wide tables scroll inside their region).
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/form-versions-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Migrate: the person's open record switches to version 2's questions by itself (no reload),
  // with the answer carried over.
  await person.goto(`/#/record/${started}`);
  await expect(main.getByLabel('First pet')).toHaveValue('Rex');
  await migrate.getByRole('button', { name: 'Migrate 1 record' }).click();
  await expect(migrate.getByText('Migrated 1 record.')).toBeVisible();
  await expect(main.getByLabel('Home town')).toBeVisible();
  await expect(main.getByLabel('Name')).toHaveValue('Ada');

  // Answers not carried over are not lost: they are in the person's own copy of their data.
  await person.goto('/#/');
  const download = person.waitForEvent('download');
  await person.getByRole('button', { name: 'Download my data', exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('life-record-my-data.json');
  const copy = JSON.parse(fs.readFileSync(await file.path(), 'utf8')) as {
    records: {
      id: string;
      formVersion: number;
      answers: { key: string; answer: unknown }[];
      answersNoLongerAsked: unknown;
    }[];
  };
  expect(copy.records.find((record) => record.id === started)).toMatchObject({
    formVersion: 2,
    answers: [{ key: 'fullName', answer: 'Ada' }],
    answersNoLongerAsked: { pet: 'Rex', 'colour@v1': 'Green' },
  });

  // Undo: version 1 and its answers are back.
  await migrate.getByRole('button', { name: 'Undo this migration' }).click();
  await expect(migrate.getByText('Undone: 1 record restored.')).toBeVisible();
  await person.goto(`/#/record/${started}`);
  await expect(main.getByLabel('First pet')).toHaveValue('Rex');
  await expect(main.getByLabel('Favourite colour')).toHaveValue('Green');
  await context.close();
});
