// Fills and reads the record screen the way a person does, by the labels the form template gives
// (the Life Inventory of src/domain/life-inventory.ts), so specs can list answers as data.
import { expect, type Locator, type Page } from '@playwright/test';
import type { CellField, Field, FormTemplate } from '../../src/domain/form-template.ts';
import { parseTableAnswerKey } from '../../src/domain/table-answer-keys.ts';

export type AnswerValue = string | string[];

function findField(form: FormTemplate, key: string): { field: CellField; scope: (page: Page) => Locator } {
  const address = parseTableAnswerKey(key);
  const fields = form.steps.flatMap((step) => step.fields);
  if (!address) {
    const field = fields.find((candidate) => candidate.id === key);
    if (!field) throw new Error(`No field ${key} in the form.`);
    return { field, scope: (page) => page.getByRole('main') };
  }
  const table = fields.find((candidate) => candidate.id === address.tableId) as Field;
  const row = table.rows?.[address.rowIndex];
  const cell = row?.fields.find((candidate) => candidate.id === address.cellFieldId);
  if (!row || !cell) throw new Error(`No cell ${key} in the form.`);
  const rowName = row.label ?? `Row ${address.rowIndex + 1}`;
  return { field: cell, scope: (page) => page.getByRole('group', { name: rowName, exact: true }) };
}

/** The control of a field (a text-like input) or its group (radio, checkbox list). */
export function fieldLocator(page: Page, form: FormTemplate, key: string): Locator {
  const { field, scope } = findField(form, key);
  if (field.type === 'radio' || (field.type === 'checkbox' && field.options?.length)) {
    return scope(page).getByRole('group', { name: field.label });
  }
  return scope(page).getByLabel(field.label);
}

/** Answers one question: types text, picks a radio, ticks the listed checkboxes. */
export async function answer(page: Page, form: FormTemplate, key: string, value: AnswerValue): Promise<void> {
  const { field } = findField(form, key);
  const control = fieldLocator(page, form, key);
  if (field.type === 'radio') {
    await control.getByRole('radio', { name: String(value), exact: true }).check();
  } else if (field.type === 'checkbox') {
    for (const option of [value].flat()) {
      await control.getByRole('checkbox', { name: option, exact: true }).check();
    }
  } else {
    await control.fill(String(value));
  }
}

/** Asserts the screen shows an answer (after a reload, in the other tab…). */
export async function expectAnswer(
  page: Page,
  form: FormTemplate,
  key: string,
  value: AnswerValue,
): Promise<void> {
  const { field } = findField(form, key);
  const control = fieldLocator(page, form, key);
  if (field.type === 'radio') {
    await expect(control.getByRole('radio', { name: String(value), exact: true })).toBeChecked();
  } else if (field.type === 'checkbox') {
    for (const option of [value].flat()) {
      await expect(control.getByRole('checkbox', { name: option, exact: true })).toBeChecked();
    }
  } else {
    await expect(control).toHaveValue(String(value));
  }
}

/** Opens the sections dropdown and reads its options ("Section N: title", ✓ when complete). */
export async function sectionOptions(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Sections/ }).click();
  // The list loads apart from the record screen (issue 10): wait for it before reading it.
  await expect(page.getByRole('listbox', { name: 'Sections' }).getByRole('option').first()).toBeVisible();
  const options = await page.getByRole('listbox', { name: 'Sections' }).getByRole('option').allTextContents();
  await page.getByRole('searchbox', { name: 'Search steps' }).press('Escape');
  return options;
}

/** Goes to a section through the dropdown's search. */
export async function goToSection(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: /^Sections/ }).click();
  await page.getByRole('searchbox', { name: 'Search steps' }).fill(title);
  await page
    .getByRole('option', { name: new RegExp(`: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await passContentNote(page);
}

/**
 * Issue 28 §2: a section with a content note shows the note before its questions; a test that is
 * about the questions chooses Continue (the note renders with the section's heading, in one frame).
 */
export async function passContentNote(page: Page): Promise<void> {
  const note = page.getByRole('region', { name: 'Before this section' });
  if (await note.isVisible()) {
    await note.getByRole('button', { name: 'Continue' }).click();
    await expect(note).toHaveCount(0);
  }
}
