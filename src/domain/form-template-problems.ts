import { ANY_VALUE, hasCondition } from './field-visibility.ts';
import {
  CELL_FIELD_TYPES,
  type CellField,
  type Conditional,
  type Field,
  type FieldOption,
  type FormTemplate,
} from './form-template.ts';
import { BOOKKEEPING_KEYS } from './record-answers.ts';
import { isSectionChoiceKey } from './section-choices.ts';
import { TABLE_KEY_SEPARATOR } from './table-answer-keys.ts';
import { isRecordingKey } from './voice-answer-keys.ts';

/**
 * Whole-template checks beyond the shape (`formTemplateSchema`): what makes a form that people can
 * fill in without losing or mixing answers. The form builder lists these before save, the server
 * refuses a template that has any, with the same messages (docs/decisions/095).
 *
 * Every problem says where it is (section, field, row, cell) so the builder can point at it.
 */
export interface TemplateProblem {
  /** 0-based index of the section (step). */
  readonly sectionIndex: number;
  /** 0-based index of the field in its section, when the problem is in a field. */
  readonly fieldIndex?: number;
  /** 0-based row and cell of a table field, when the problem is in a cell. */
  readonly rowIndex?: number;
  readonly cellIndex?: number;
  /** Where, for people: `Section 2 "Family" › field "mother" › row 1 › cell "name"`. */
  readonly location: string;
  readonly message: string;
}

const CHOICE_TYPES = new Set(['radio', 'checkbox']);
const RESERVED_IDS = new Set<string>(BOOKKEEPING_KEYS);
const CELL_TYPES = new Set<string>(CELL_FIELD_TYPES);

/** Every problem of a template, in form order; empty when people can fill it in as it is. */
export function findTemplateProblems(form: FormTemplate): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const earlierFields = new Map<string, Field>();
  const seenIds = new Set<string>();

  form.steps.forEach((step, sectionIndex) => {
    const sectionName = `Section ${sectionIndex + 1}${step.stepTitle.trim() ? ` "${step.stepTitle.trim()}"` : ''}`;
    if (step.stepTitle.trim() === '') {
      problems.push({ sectionIndex, location: sectionName, message: 'The section needs a title.' });
    }
    step.fields.forEach((field, fieldIndex) => {
      const location = `${sectionName} › field ${fieldName(field, fieldIndex)}`;
      const report = (message: string) => problems.push({ sectionIndex, fieldIndex, location, message });
      checkIdAndLabel(field, report);
      const id = field.id.trim();
      if (id !== '' && seenIds.has(id)) report(`The id "${id}" is used by another field of the form.`);
      if (RESERVED_IDS.has(id) || isSectionChoiceKey(id) || isRecordingKey(id))
        report(`The id "${id}" is reserved for the record's bookkeeping.`);
      if (field.type === 'table' && id.includes(TABLE_KEY_SEPARATOR)) {
        report(`A table's id may not contain "${TABLE_KEY_SEPARATOR}".`);
      }
      checkOptions(field, report);
      // Issue 28 §3: "Prefer not to answer" declines one answer; a table or a computed field has none.
      if (field.sensitive && (field.type === 'table' || field.type === 'hidden')) {
        report(`A ${field.type} field cannot be marked sensitive; mark the questions people answer.`);
      }
      checkConditional(field.conditional, (id) => earlierFields.get(id), report);
      if (field.type === 'table') {
        checkTable(field, earlierFields, (rowIndex, cellIndex, where, message) =>
          problems.push({
            sectionIndex,
            fieldIndex,
            rowIndex,
            ...(cellIndex === undefined ? {} : { cellIndex }),
            location: `${location} › ${where}`,
            message,
          }),
        );
      }
      if (id !== '') {
        seenIds.add(id);
        if (!earlierFields.has(id)) earlierFields.set(id, field);
      }
    });
  });
  return problems;
}

/** One line per problem, as the builder lists them and the server answers them. */
export function describeTemplateProblem(problem: TemplateProblem): string {
  return `${problem.location}: ${problem.message}`;
}

function fieldName(field: Pick<Field, 'id' | 'label'>, index: number): string {
  if (field.id.trim()) return `"${field.id.trim()}"`;
  if (field.label.trim()) return `"${field.label.trim()}"`;
  return `${index + 1}`;
}

type Report = (message: string) => void;

// admin-app §5: adding a field needs a non-empty label and id.
function checkIdAndLabel(field: Pick<Field, 'id' | 'label'>, report: Report): void {
  if (field.id.trim() === '') report('The field needs an id.');
  else if (field.id !== field.id.trim()) report('The id may not start or end with spaces.');
  if (field.label.trim() === '') report('The field needs a label.');
}

// admin-app §5 Options: an option is non-blank after trimming, and label equals value.
function checkOptions(field: Pick<Field, 'type' | 'options'>, report: Report): void {
  if (!CHOICE_TYPES.has(field.type)) return;
  const options: FieldOption[] = field.options ?? [];
  if (options.length === 0) {
    report(`A ${field.type} field needs at least one option.`);
    return;
  }
  const seen = new Set<string>();
  for (const option of options) {
    if (option.value.trim() === '' || option.label.trim() === '') {
      report('Every option needs a text that is not blank.');
    } else if (seen.has(option.value)) {
      report(`The option "${option.value}" is listed twice.`);
    }
    seen.add(option.value);
  }
}

/**
 * customer-app §5: a condition names the field whose answer decides. It must be a field people
 * answer BEFORE this one (earlier in the form), so the form never hides what comes first because of
 * what comes later, and conditions can never form a loop. A value for a choice field must be one of
 * its options (or 'any').
 */
function checkConditional(
  conditional: Conditional | null | undefined,
  findEarlier: (id: string) => Pick<Field | CellField, 'type' | 'options'> | undefined,
  report: Report,
): void {
  if (!hasCondition(conditional)) return;
  const controller = findEarlier(conditional.fieldId.trim());
  if (!controller) {
    report(`The condition names "${conditional.fieldId}", which is not a field before this one.`);
    return;
  }
  if (controller.type === 'table') {
    report(
      `The condition names the table "${conditional.fieldId}"; name one of its questions' fields instead.`,
    );
    return;
  }
  if (!CHOICE_TYPES.has(controller.type)) return;
  const values = (typeof conditional.value === 'string' ? [conditional.value] : conditional.value)
    .map((value) => value.trim())
    .filter((value) => value !== '' && value !== ANY_VALUE);
  const known = new Set((controller.options ?? []).map((option) => option.value));
  const unknown = values.find((value) => !known.has(value));
  if (unknown !== undefined) {
    report(`The condition's value "${unknown}" is not an option of "${conditional.fieldId}".`);
  }
}

type CellReport = (rowIndex: number, cellIndex: number | undefined, where: string, message: string) => void;

// admin-app §3: table fields have rows of cell fields; hidden (and a table) is not offered in cells.
function checkTable(table: Field, earlierFields: ReadonlyMap<string, Field>, report: CellReport): void {
  const rows = table.rows ?? [];
  if (rows.length === 0) {
    report(0, undefined, 'rows', 'A table needs at least one row.');
    return;
  }
  rows.forEach((row, rowIndex) => {
    const rowName = `row ${rowIndex + 1}`;
    if (row.fields.length === 0) report(rowIndex, undefined, rowName, 'The row needs at least one cell.');
    const earlierCells = new Map<string, CellField>();
    row.fields.forEach((cell, cellIndex) => {
      const where = `${rowName} › cell ${fieldName(cell, cellIndex)}`;
      const cellReport: Report = (message) => report(rowIndex, cellIndex, where, message);
      checkIdAndLabel(cell, cellReport);
      const id = cell.id.trim();
      if (id !== '' && earlierCells.has(id)) cellReport(`The id "${id}" is used by another cell of the row.`);
      if (!CELL_TYPES.has(cell.type)) cellReport(`A cell cannot be of type ${cell.type}.`);
      checkOptions(cell, cellReport);
      // customer-app §5: a cell's condition names a cell of the same row (before it); when the row
      // has no cell of that id, a field of the form before the table (decision 020).
      checkConditional(cell.conditional, (id) => earlierCells.get(id) ?? earlierFields.get(id), cellReport);
      if (id !== '' && !earlierCells.has(id)) earlierCells.set(id, cell);
    });
  });
}
