import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './support/axe.ts';
import { createRecord, createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { PASSWORD } from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 11: an admin builds a form from nothing in the browser (sections, every field type,
// options, a condition, a table), saves and updates it, exports and re-imports it identically;
// then a person fills in a record of it, with its condition working, and sends it.

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: 'Notifications' }).getByText(text).first();

async function addField(
  page: Page,
  field: { id: string; label: string; type: string; required?: boolean; options?: string[]; value?: string },
) {
  const editor = page.getByRole('region', { name: 'Add Field' });
  await editor.getByLabel('Field id').fill(field.id);
  await editor.getByLabel('Field label').fill(field.label);
  await editor.getByLabel('Field type').selectOption(field.type);
  if (field.required) await editor.getByRole('checkbox', { name: 'Required' }).check();
  if (field.value !== undefined) await editor.getByLabel('Value').fill(field.value);
  for (const option of field.options ?? []) {
    await editor.getByRole('textbox', { name: /^New option of/ }).fill(option);
    await editor.getByRole('button', { name: 'Add Option' }).click();
  }
}

async function downloadForm(page: Page): Promise<{ name: string; json: unknown }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  return { name: file.suggestedFilename(), json: JSON.parse(fs.readFileSync(await file.path(), 'utf8')) };
}

test('an admin builds, saves, updates, exports and re-imports a form; a person fills it in and sends it', async ({
  page,
  browser,
  admin: _admin,
}) => {
  test.setTimeout(180_000);
  await page.getByRole('banner').getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form builder' })).toBeVisible();
  await expect(page.getByText('No sections yet.')).toBeVisible();
  await expect(page.getByText('Select a section to add or edit its fields.')).toBeVisible();

  // admin-app §5: name and description first.
  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(toast(page, 'Form name and description are required.')).toBeVisible();
  const name = `Memory Book ${Date.now()}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Stories worth keeping');

  await page.getByRole('button', { name: 'Add Section' }).click();
  await expect(page.getByText('A section needs a title.')).toBeVisible();
  await page.getByLabel('Section title').fill('About you');
  await page.getByRole('button', { name: 'Add Section' }).click();
  await expect(page.getByLabel('Title of section 1')).toHaveValue('About you');
  await expect(page.getByRole('button', { name: 'Select section 1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const editor = page.getByRole('region', { name: 'Add Field' });
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await expect(editor.getByText('A field needs an id and a label.')).toBeVisible();
  await addField(page, { id: 'fullName', label: 'Your full name', type: 'text', required: true });
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await addField(page, { id: 'pets', label: 'Any pets?', type: 'radio', options: ['Yes', 'No', '  '] });
  await expect(editor.getByText('Type the option first.')).toBeVisible();
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await addField(page, { id: 'petNames', label: 'Their names', type: 'textarea' });
  await editor.getByLabel('Conditional field').selectOption('pets');
  await editor.getByRole('checkbox', { name: 'Yes' }).check();
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await addField(page, {
    id: 'hobbies',
    label: 'Hobbies',
    type: 'checkbox',
    options: ['Reading', 'Walking'],
  });
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await addField(page, { id: 'born', label: 'Date of birth', type: 'date' });
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await addField(page, { id: 'source', label: 'Source', type: 'hidden', value: 'builder' });
  await editor.getByRole('button', { name: 'Add Field' }).click();

  const fields = page.getByRole('list', { name: 'Fields of section 1' });
  await expect(fields.getByRole('listitem')).toHaveCount(6);
  const petNames = fields.getByRole('listitem').filter({ hasText: 'Their names' });
  await expect(petNames).toContainText('Shown when pets = Yes');
  await expect(fields.getByRole('listitem').filter({ hasText: 'Your full name' })).toContainText('Required');
  await expect(fields.getByRole('listitem').filter({ hasText: 'Source' })).toContainText('Hidden');

  // A second section with a table of one row, two cells.
  await page.getByLabel('Section title').fill('Family');
  await page.getByRole('button', { name: 'Add Section' }).click();
  await addField(page, { id: 'siblings', label: 'Brothers and sisters', type: 'table' });
  await editor.getByRole('button', { name: 'Add Row' }).click();
  await editor.getByRole('textbox', { name: 'Label of row 1' }).fill('Eldest');
  await editor.getByRole('textbox', { name: 'Cell id of cell 1 of row 1' }).fill('siblingName');
  await editor.getByRole('textbox', { name: 'Cell label of cell 1 of row 1' }).fill('Name');
  await editor.getByRole('button', { name: 'Add Cell to Row 1' }).click();
  await editor.getByRole('textbox', { name: 'Cell id of cell 2 of row 1' }).fill('siblingAge');
  await editor.getByRole('textbox', { name: 'Cell label of cell 2 of row 1' }).fill('Age');
  await expect(
    editor
      .getByRole('combobox', { name: 'Cell type of cell 1 of row 1' })
      .getByRole('option', { name: 'hidden' }),
  ).toHaveCount(0);
  await editor.getByRole('button', { name: 'Add Field' }).click();
  await expect(page.getByText('The form can be saved: no problems found.')).toBeVisible();
  await expectNoAxeFindings(page, 'the form builder', { include: 'main', minorToo: true });
  await page.screenshot({ path: 'test-results/formbuilder.png', fullPage: true });

  // Keyboard reorder of fields (dnd-kit's keyboard sensor), then undo.
  await page.getByRole('button', { name: 'Move field Your full name' }).focus();
  // Each step is announced to screen readers (dnd-kit's live region).
  await page.keyboard.press('Space');
  await expect(
    page.getByText(/^(Picked up field Your full name\.|field Your full name is now at position 1 of 6\.)$/),
  ).toBeAttached();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('field Your full name is now at position 2 of 6.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('field Your full name dropped at position 2 of 6.')).toBeAttached();
  await expect(fields.getByRole('listitem').first()).toContainText('Any pets?');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(fields.getByRole('listitem').first()).toContainText('Your full name');
  // Issue 44 §8 (WCAG 2.5.7): the same move with one press, no dragging.
  await expect(page.getByRole('button', { name: 'Move up field Your full name' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move down field Your full name' }).click();
  await expect(fields.getByRole('listitem').first()).toContainText('Any pets?');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(fields.getByRole('listitem').first()).toContainText('Your full name');
  // Every drag handle on the page has Move up and Move down beside it (fields, options, rows).
  const handles = await page.locator('.drag-handle').count();
  expect(handles).toBeGreaterThan(1);
  await expect(page.getByRole('button', { name: /^Move up / })).toHaveCount(handles);
  await expect(page.getByRole('button', { name: /^Move down / })).toHaveCount(handles);

  await page.getByRole('button', { name: 'Save Form' }).click();
  await expect(toast(page, 'Form saved successfully!')).toBeVisible();
  await expect(page).toHaveURL(/#\/formbuilder\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Update Form' })).toBeVisible();

  // Edit a field, then update.
  await page.getByRole('button', { name: 'Edit field Your full name' }).click();
  const edit = page.getByRole('region', { name: 'Edit Field to Section: About you' });
  await edit.getByLabel('Field label').fill('Your name');
  await edit.getByRole('button', { name: 'Update Field' }).click();
  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(toast(page, 'Form saved successfully!')).toBeVisible();

  // Export, re-import the same JSON, export again: identical.
  const first = await downloadForm(page);
  expect(first.name).toBe('custom-form.json');
  await page.getByLabel("Paste a form's JSON").fill('{ not json');
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await expect(page.getByText('Error: Invalid JSON format in form data.')).toBeVisible();
  await page.getByLabel("Paste a form's JSON").fill(JSON.stringify(first.json));
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await page.getByRole('button', { name: 'Update Form' }).click();
  await expect(toast(page, 'Form saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Title of section 2')).toHaveValue('Family');
  expect((await downloadForm(page)).json).toEqual(first.json);

  // A person fills in a record of the new type; the condition works; Complete & Send.
  const personEmail = uniqueEmail('builder-person');
  createUser({ email: personEmail, name: 'Pat Person', password: PASSWORD, role: 'client' });
  const recordId = createRecord({ clientEmail: personEmail, type: name });
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const person = await context.newPage();
  await login(person, { email: personEmail, password: PASSWORD });
  await person.goto(`/#/record/${recordId}`);
  const main = person.getByRole('main');
  await expect(main.getByLabel('Your name')).toBeVisible();
  await expect(main.getByLabel('Their names')).toHaveCount(0);
  await main
    .getByRole('group', { name: 'Any pets?' })
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();
  await expect(main.getByLabel('Their names')).toBeVisible();
  await main.getByLabel('Your name').fill('Pat Person');
  await main.getByLabel('Their names').fill('Rex');
  await main.getByRole('group', { name: 'Hobbies' }).getByRole('checkbox', { name: 'Reading' }).check();
  await person.getByRole('button', { name: 'Next' }).click();
  await expect(main.getByRole('group', { name: 'Eldest' })).toBeVisible();
  await main.getByRole('group', { name: 'Eldest' }).getByLabel('Name').fill('Sam');
  await person.getByRole('button', { name: 'Complete & Send' }).click();
  await expect(person.getByText('Form submitted successfully!')).toBeVisible();
  await context.close();
});
