import { type AnswerMap, isFilledValue } from './answer-completeness.ts';
import type { CellField, Conditional, Field, FormTemplate } from './form-template.ts';
import { tableAnswerKey, tableCells } from './table-answer-keys.ts';

/** customer-app §5: the conditional value meaning "the controlling field has any answer". */
export const ANY_VALUE = 'any';

/** customer-app §5: "no conditional, or empty fieldId, means always shown". */
export function hasCondition(conditional: Conditional | null | undefined): conditional is Conditional {
  return Boolean(conditional && conditional.fieldId.trim() !== '');
}

/**
 * The values an answer stands for, as the strings templates compare with: text trimmed, numbers in
 * their JavaScript form (3 → '3'), `true` → 'true', a list → its entries. Empty text, `false` (an
 * unset checkbox, customer-app §5) and anything else stand for nothing (decision 020).
 */
export function answerValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(answerValues);
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (typeof value === 'number') return Number.isFinite(value) ? [String(value)] : [];
  if (value === true) return ['true'];
  return [];
}

/**
 * customer-app §5, the value rule alone: 'any' → the controlling value is non-empty (or a non-empty
 * list); a list → matches if any of its values is selected; otherwise equality. "Selected" and
 * "equality" are one rule here: some value of the answer (a checkbox answer is a list) is one of the
 * expected values. A blank value or an empty list behaves as 'any' (decision 020).
 */
export function conditionHolds(
  conditional: Conditional | null | undefined,
  controllingValue: unknown,
): boolean {
  if (!hasCondition(conditional)) return true;
  const { value } = conditional;
  const expected = (typeof value === 'string' ? [value] : value)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (value === ANY_VALUE || expected.length === 0) return isFilledValue(controllingValue);
  const given = answerValues(controllingValue);
  return expected.some((value) => given.includes(value));
}

export type FieldVisibility = {
  /** Whether a field of the form's steps is shown. */
  isFieldVisible(field: Field): boolean;
  /** Whether a cell of row `rowIndex` of a table field is shown; never when the table is hidden. */
  isCellVisible(table: Field, rowIndex: number, cell: CellField): boolean;
};

/**
 * Conditional visibility over a whole form (customer-app §5). Beyond the value rule, a field whose
 * controlling field is itself hidden is hidden too (decision 020): otherwise a stale answer of a
 * question the person can no longer see would keep its follow-up questions open. Following the
 * chain of controllers stops at a field met twice, so a cycle in a template cannot loop; every
 * condition on the chain must hold, whichever field of it is asked about first.
 */
export function fieldVisibility(form: FormTemplate, answers: AnswerMap): FieldVisibility {
  const fieldsById = new Map<string, Field>();
  for (const field of form.steps.flatMap((step) => step.fields)) {
    if (!fieldsById.has(field.id)) fieldsById.set(field.id, field);
  }

  function fieldVisible(field: Field, seen: Set<unknown>): boolean {
    if (!hasCondition(field.conditional) || seen.has(field)) return true;
    seen.add(field);
    const controller = fieldsById.get(field.conditional.fieldId);
    return (
      conditionHolds(field.conditional, answers[field.conditional.fieldId]) &&
      (controller === undefined || fieldVisible(controller, seen))
    );
  }

  function cellVisible(table: Field, rowIndex: number, cell: CellField, seen: Set<unknown>): boolean {
    const address = tableAnswerKey(table.id, rowIndex, cell.id);
    if (!hasCondition(cell.conditional) || seen.has(address)) return true;
    seen.add(address);
    const { fieldId } = cell.conditional;
    // customer-app §5: a cell's controlling id is combined with its row, so it names a cell of the
    // same row. When the row has no cell of that id, the id names a field of the form (decision 020).
    const sibling = table.rows?.[rowIndex]?.fields.find((candidate) => candidate.id === fieldId);
    if (sibling) {
      return (
        conditionHolds(cell.conditional, answers[tableAnswerKey(table.id, rowIndex, fieldId)]) &&
        cellVisible(table, rowIndex, sibling, seen)
      );
    }
    const controller = fieldsById.get(fieldId);
    return (
      conditionHolds(cell.conditional, answers[fieldId]) &&
      (controller === undefined || fieldVisible(controller, seen))
    );
  }

  return {
    isFieldVisible: (field) => fieldVisible(field, new Set()),
    isCellVisible: (table, rowIndex, cell) =>
      fieldVisible(table, new Set()) && cellVisible(table, rowIndex, cell, new Set()),
  };
}

/**
 * The answers without those of fields and table cells the form currently hides (decision 020): a
 * follow-up answered before its question was changed (parents separated: Yes, then No) is not
 * passed on as if it applied. Keys the form does not know are kept.
 */
export function withoutHiddenAnswers(form: FormTemplate, answers: AnswerMap): Record<string, unknown> {
  const visibility = fieldVisibility(form, answers);
  const hiddenKeys = new Set<string>();
  const shownKeys = new Set<string>();
  const note = (key: string, shown: boolean) => (shown ? shownKeys : hiddenKeys).add(key);
  for (const field of form.steps.flatMap((step) => step.fields)) {
    if (field.type !== 'table') note(field.id, visibility.isFieldVisible(field));
    else
      for (const { key, rowIndex, cell } of tableCells(field))
        note(key, visibility.isCellVisible(field, rowIndex, cell));
  }
  // Two fields sharing an id share one answer: it stays while either of them is shown.
  return Object.fromEntries(
    Object.entries(answers).filter(([key]) => shownKeys.has(key) || !hiddenKeys.has(key)),
  );
}
