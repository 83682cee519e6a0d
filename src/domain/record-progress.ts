import { type AnswerMap, isAnswerComplete } from './answer-completeness.ts';
import { type FieldVisibility, fieldVisibility } from './field-visibility.ts';
import type { Field, FieldType, FormTemplate, Step } from './form-template.ts';
import { type TableCell, tableCells } from './table-answer-keys.ts';
import { hasRecording } from './voice-answer-keys.ts';

/** Hidden fields are computed (age), never typed; a table's answers are its cells. */
function takesInput(type: FieldType): boolean {
  return type !== 'hidden' && type !== 'table';
}

function shownCells(table: Field, visibility: FieldVisibility): TableCell[] {
  return tableCells(table).filter(
    ({ rowIndex, cell }) => takesInput(cell.type) && visibility.isCellVisible(table, rowIndex, cell),
  );
}

/** Issue 41 §7: typed, chosen, declined, or spoken (a recording answers its question). */
export function fieldAnswered(field: Field, answers: AnswerMap): boolean {
  return isAnswerComplete(field.type, answers[field.id]) || hasRecording(answers, field.id);
}

const cellComplete = (answers: AnswerMap) => (entry: TableCell) =>
  isAnswerComplete(entry.cell.type, answers[entry.key]);

/**
 * customer-app §5: "Record progress counts only required fields that are visible". One entry per
 * required visible thing to answer, true when answered. In a table every visible required cell
 * counts on its own; a table marked required counts once more, answered when any of its visible
 * cells is (decision 020).
 */
function requiredAnswers(field: Field, visibility: FieldVisibility, answers: AnswerMap): boolean[] {
  if (field.type === 'table') {
    const cells = shownCells(field, visibility);
    const complete = cellComplete(answers);
    const perCell = cells.filter((entry) => entry.cell.required).map(complete);
    return field.required && cells.length > 0 ? [...perCell, cells.some(complete)] : perCell;
  }
  if (!takesInput(field.type) || !field.required || !visibility.isFieldVisible(field)) return [];
  return [fieldAnswered(field, answers)];
}

export type RecordProgress = { percent: number; required: number; answered: number };

/**
 * The "N% Completed" of the record screen (customer-app §2, §5) over all steps: answered required
 * visible fields as a whole percent. Rounded to the nearest, except that a record with something
 * missing never shows 100 and one with something answered never shows 0; nothing required (or
 * nothing visible that is) is 100 — nothing is outstanding (decision 020).
 */
export function recordProgress(form: FormTemplate, answers: AnswerMap): RecordProgress {
  const visibility = fieldVisibility(form, answers);
  const results = form.steps.flatMap((step) =>
    step.fields.flatMap((field) => requiredAnswers(field, visibility, answers)),
  );
  const required = results.length;
  const answered = results.filter(Boolean).length;
  if (answered === required) return { percent: 100, required, answered };
  if (answered === 0) return { percent: 0, required, answered };
  const percent = Math.min(99, Math.max(1, Math.round((answered / required) * 100)));
  return { percent, required, answered };
}

export type ProgressBand =
  | 'red'
  | 'red-orange'
  | 'orange'
  | 'orange-yellow'
  | 'yellow'
  | 'yellow-green'
  | 'green';

// customer-app §4: "up to 14 red, 29 red-orange, 44 orange, 59 orange-yellow, 74 yellow,
// 90 yellow-green, above that green". "Up to" includes the bound.
const BAND_UPPER_BOUNDS: ReadonlyArray<readonly [number, ProgressBand]> = [
  [14, 'red'],
  [29, 'red-orange'],
  [44, 'orange'],
  [59, 'orange-yellow'],
  [74, 'yellow'],
  [90, 'yellow-green'],
];

/** customer-app §4 progress colour band of a percent. */
export function progressBand(percent: number): ProgressBand {
  return BAND_UPPER_BOUNDS.find(([upTo]) => percent <= upTo)?.[1] ?? 'green';
}

/**
 * Issue 44 §8 (WCAG 1.4.1): the band in words beside its colour, so no one needs the colour to
 * tell how far along the record is.
 */
export function progressBandWords(percent: number): string {
  const words: Record<ProgressBand, string> = {
    red: 'Just started',
    'red-orange': 'Started',
    orange: 'Under way',
    'orange-yellow': 'About halfway',
    yellow: 'Well along',
    'yellow-green': 'Nearly there',
    green: 'Almost done',
  };
  return percent >= 100 ? 'All done' : words[progressBand(percent)];
}

/**
 * Whether a field of a step is filled for the section check mark; null when it needs no input
 * (hidden by its condition, a computed hidden field, a table with no visible cells). A table is
 * filled when each visible required cell is and at least one visible cell is (decision 020).
 */
function fieldFilled(field: Field, visibility: FieldVisibility, answers: AnswerMap): boolean | null {
  if (field.type === 'table') {
    const cells = shownCells(field, visibility);
    if (cells.length === 0) return null;
    const complete = cellComplete(answers);
    return cells.some(complete) && cells.filter((entry) => entry.cell.required).every(complete);
  }
  if (!takesInput(field.type) || !visibility.isFieldVisible(field)) return null;
  return fieldAnswered(field, answers);
}

function stepComplete(step: Step, visibility: FieldVisibility, answers: AnswerMap): boolean {
  return step.fields.every((field) => fieldFilled(field, visibility, answers) !== false);
}

/**
 * customer-app §5: "A section's check mark requires every visible field of the step to be filled,
 * required or not." One flag per step, in step order. A step with nothing to fill is complete.
 */
export function stepCompletion(form: FormTemplate, answers: AnswerMap): boolean[] {
  const visibility = fieldVisibility(form, answers);
  return form.steps.map((step) => stepComplete(step, visibility, answers));
}
