import { isDeclined } from './declined-answer.ts';
import type { FieldType, FormTemplate } from './form-template.ts';
import { tableCells } from './table-answer-keys.ts';

/**
 * A record's answers keyed by field id; table cells are keyed by their flattened key
 * `{tableId}__{rowIndex}__{cellFieldId}` (table-answer-keys.ts). Values are whatever the inputs
 * saved: strings, string lists (checkboxes with options), booleans (a checkbox without options, and
 * the `false` an unset checkbox is saved as), numbers.
 */
export type AnswerMap = Readonly<Record<string, unknown>>;

/**
 * Whether a single answer value holds something. Whitespace-only text is empty (decision 020: a
 * space typed by accident is not an answer). `false` is empty: it is how an unset checkbox is saved
 * (customer-app §5). A list holds something when one of its entries does. Objects are no answer of
 * any field type, so they count as empty.
 */
export function isFilledValue(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.some(isFilledValue);
  return false;
}

/**
 * customer-app §5: "a checkbox is complete when it holds a non-empty list or true; other fields when
 * non-empty". Issue 28 §3: a declined answer ("Prefer not to answer") is complete too, for the
 * progress bar, a required question and the section's check mark.
 */
export function isAnswerComplete(type: FieldType, value: unknown): boolean {
  if (isDeclined(value)) return true;
  if (type === 'checkbox') return value === true || (Array.isArray(value) && value.some(isFilledValue));
  return isFilledValue(value);
}

/** customer-app §5: "Empty or unset checkbox values are saved as false"; a filled value is kept as is. */
export function checkboxValueToSave(value: unknown): unknown {
  return isAnswerComplete('checkbox', value) ? value : false;
}

/**
 * The answers as they are saved: every checkbox of the form, table cells included, whose answer is
 * empty or unset becomes false (customer-app §5). The same object comes back when nothing changes.
 */
export function withUnsetCheckboxesFalse(form: FormTemplate, answers: AnswerMap): AnswerMap {
  const checkboxKeys = form.steps.flatMap((step) =>
    step.fields.flatMap((field) => {
      if (field.type === 'checkbox') return [field.id];
      if (field.type !== 'table') return [];
      return tableCells(field).flatMap(({ key, cell }) => (cell.type === 'checkbox' ? [key] : []));
    }),
  );
  const unset = checkboxKeys.filter(
    (key) => answers[key] !== false && checkboxValueToSave(answers[key]) === false,
  );
  if (unset.length === 0) return answers;
  return { ...answers, ...Object.fromEntries(unset.map((key) => [key, false])) };
}
