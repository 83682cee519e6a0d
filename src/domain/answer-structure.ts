import { type AnswerMap, isAnswerComplete } from './answer-completeness.ts';
import { hasCondition } from './field-visibility.ts';
import type { FieldType, FormTemplate } from './form-template.ts';
import { tableAnswerKey, tableCells } from './table-answer-keys.ts';

/**
 * What in a form depends on an answer beyond its own field (issue 15 §1): which answers control
 * another question's visibility (customer-app §5 conditions), and the field type of every answer,
 * whose completeness drives "N% Completed" and the sections' check marks.
 */
export interface AnswerStructure {
  /** Answer keys that some field's or cell's condition reads. */
  controlling: ReadonlySet<string>;
  /** The type of the field or table cell each answer key belongs to. */
  types: ReadonlyMap<string, FieldType>;
}

export function answerStructure(form: FormTemplate): AnswerStructure {
  const controlling = new Set<string>();
  const types = new Map<string, FieldType>();
  for (const field of form.steps.flatMap((step) => step.fields)) {
    if (hasCondition(field.conditional)) controlling.add(field.conditional.fieldId);
    if (field.type !== 'table') {
      if (!types.has(field.id)) types.set(field.id, field.type);
      continue;
    }
    for (const { key, rowIndex, cell } of tableCells(field)) {
      if (!types.has(key)) types.set(key, cell.type);
      if (!hasCondition(cell.conditional)) continue;
      // customer-app §5: a cell's controller is the same row's cell of that id, else a form field.
      const { fieldId } = cell.conditional;
      const sibling = field.rows?.[rowIndex]?.fields.some((candidate) => candidate.id === fieldId);
      controlling.add(sibling ? tableAnswerKey(field.id, rowIndex, fieldId) : fieldId);
    }
  }
  return { controlling, types };
}

/**
 * Whether changing one answer from `before` to `after` can change anything but its own field:
 * another question's visibility (any change of a controlling answer), or progress and check marks
 * (the answer becoming complete or incomplete). A key the form does not know counts as a change,
 * so nothing unknown is ever left stale.
 */
export function changesStructure(
  structure: AnswerStructure,
  key: string,
  before: unknown,
  after: unknown,
): boolean {
  if (structure.controlling.has(key)) return true;
  const type = structure.types.get(key);
  if (type === undefined) return true;
  return isAnswerComplete(type, before) !== isAnswerComplete(type, after);
}

/** Whether any answer differs between two answer maps in a way `changesStructure` counts. */
export function structureDiffers(
  structure: AnswerStructure,
  before: AnswerMap,
  after: AnswerMap,
  same: (a: unknown, b: unknown) => boolean,
): boolean {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!same(before[key], after[key]) && changesStructure(structure, key, before[key], after[key]))
      return true;
  }
  return false;
}
