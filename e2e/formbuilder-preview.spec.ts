import { LEAVE_WITH_UNSAVED_CHANGES } from '../src/web/features/formbuilder/use-builder-shortcuts.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 11: the builder's live preview is the record screen's own renderer (conditions, progress,
// sections), it follows every edit, and leaving with unsaved changes asks first.

const FORM = {
  formId: 'preview-form',
  formTitle: 'Preview Form',
  steps: [
    {
      stepTitle: 'About you',
      fields: [
        { id: 'name', label: 'Your name', type: 'text', required: true },
        {
          id: 'pets',
          label: 'Any pets?',
          type: 'radio',
          required: true,
          options: [
            { label: 'Yes', value: 'Yes' },
            { label: 'No', value: 'No' },
          ],
        },
        {
          id: 'petNames',
          label: 'Their names',
          type: 'text',
          conditional: { fieldId: 'pets', value: 'Yes' },
        },
      ],
    },
    { stepTitle: 'Family', fields: [{ id: 'mother', label: "Mother's name", type: 'text' }] },
  ],
};

test('the preview shows the form as people will, follows edits, and leaving unsaved asks first', async ({
  page,
  admin: _admin,
}) => {
  await page.goto('/#/formbuilder');
  await page.getByLabel("Paste a form's JSON").fill(JSON.stringify(FORM));
  await page.getByRole('button', { name: 'Import JSON' }).click();

  await page.getByRole('button', { name: 'Show preview' }).click();
  const preview = page.locator('.formbuilder__preview-frame');
  await expect(preview.getByRole('heading', { name: 'About you' })).toBeVisible();
  await expect(preview.getByText('0% Completed')).toBeVisible();
  await expect(preview.getByLabel('Their names')).toHaveCount(0);
  await preview
    .getByRole('group', { name: 'Any pets?' })
    .getByRole('radio', { name: 'Yes', exact: true })
    .check();
  await expect(preview.getByLabel('Their names')).toBeVisible();
  await preview.getByLabel('Your name').fill('Pat');
  await expect(preview.getByText('100% Completed')).toBeVisible();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByRole('heading', { name: 'Family' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Complete & Send' })).toBeDisabled();
  await page.screenshot({ path: 'test-results/formbuilder-preview.png', fullPage: true });

  // An edit in the builder shows in the preview at once.
  await page.getByRole('button', { name: 'Select section 2' }).click();
  await page.getByRole('button', { name: "Edit field Mother's name" }).click();
  const edit = page.getByRole('region', { name: 'Edit Field to Section: Family' });
  await edit.getByLabel('Field label').fill('Your mother’s full name');
  await edit.getByRole('button', { name: 'Update Field' }).click();
  await expect(preview.getByLabel('Your mother’s full name')).toBeVisible();

  // Unsaved: a link inside the app asks first; staying keeps the work.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/#\/formbuilder$/);
  await expect(page.getByText('Unsaved changes.')).toBeVisible();

  // The browser's Back button asks too; staying keeps the work and the address.
  const askedOnBack = page.waitForEvent('dialog');
  await page.evaluate(() => window.history.back());
  const question = await askedOnBack;
  expect(question.message()).toBe(LEAVE_WITH_UNSAVED_CHANGES);
  await question.dismiss();
  await expect(page).toHaveURL(/#\/formbuilder$/);
  await expect(page.getByText('Unsaved changes.')).toBeVisible();
  await expect(preview.getByLabel('Your mother’s full name')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/#\/$/);
});

test('Back with unsaved changes leaves once the admin says so; saved, it leaves without asking', async ({
  page,
  admin: _admin,
}) => {
  await page.goto('/#/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/#/formbuilder');
  await page.getByLabel("Paste a form's JSON").fill(JSON.stringify(FORM));
  await page.getByRole('button', { name: 'Import JSON' }).click();
  await expect(page.getByText('Unsaved changes.')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/#\/admin$/);
  await expect(page.getByText('Unsaved changes.')).toHaveCount(0);

  // Nothing unsaved: Back is one press and asks nothing.
  await page.goto('/#/formbuilder');
  await expect(page.getByRole('button', { name: 'Save Form' })).toBeVisible();
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/#\/admin$/);
  expect(asked).toBe(false);
});
