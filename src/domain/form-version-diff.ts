import type { CellField, Conditional, Field, FieldOption, FormTemplate, TableRow } from './form-template.ts';

/**
 * A readable difference between two versions of a form (issue 12): the fields added, removed and
 * changed, matched by field id (answers are stored by id, so the id is what a field IS to a record).
 */
export interface FieldRef {
  readonly id: string;
  readonly label: string;
  readonly type: Field['type'];
  readonly sectionTitle: string;
}

export interface FieldChange extends FieldRef {
  /** One sentence per change, e.g. `Label: "Name" → "Full name"`. */
  readonly changes: readonly string[];
}

export interface FormDiff {
  readonly added: readonly FieldRef[];
  readonly removed: readonly FieldRef[];
  readonly changed: readonly FieldChange[];
  /** Section-level changes: titles, sections added or removed, fields moved between sections. */
  readonly sections: readonly string[];
}

interface Located {
  field: Field;
  sectionTitle: string;
  sectionIndex: number;
}

function fieldsById(form: FormTemplate): Map<string, Located> {
  const byId = new Map<string, Located>();
  form.steps.forEach((step, sectionIndex) => {
    for (const field of step.fields)
      if (!byId.has(field.id)) byId.set(field.id, { field, sectionTitle: step.stepTitle, sectionIndex });
  });
  return byId;
}

const refOf = ({ field, sectionTitle }: Located): FieldRef => ({
  id: field.id,
  label: field.label,
  type: field.type,
  sectionTitle,
});

export function diffForms(before: FormTemplate, after: FormTemplate): FormDiff {
  const old = fieldsById(before);
  const now = fieldsById(after);
  const added = [...now.values()].filter((entry) => !old.has(entry.field.id)).map(refOf);
  const removed = [...old.values()].filter((entry) => !now.has(entry.field.id)).map(refOf);
  const changed: FieldChange[] = [];
  for (const entry of now.values()) {
    const previous = old.get(entry.field.id);
    if (!previous) continue;
    const changes = fieldChanges(previous.field, entry.field);
    // A renamed section is one change of its own (below), not a move of each of its fields.
    if (previous.sectionIndex !== entry.sectionIndex) {
      changes.push(
        `Moved from section ${previous.sectionIndex + 1} "${previous.sectionTitle}" to section ${entry.sectionIndex + 1} "${entry.sectionTitle}"`,
      );
    }
    if (changes.length > 0) changed.push({ ...refOf(entry), changes });
  }
  return { added, removed, changed, sections: sectionChanges(before, after) };
}

/** Whether two versions differ at all in what people see or answer. */
export function formsDiffer(diff: FormDiff): boolean {
  return diff.added.length + diff.removed.length + diff.changed.length + diff.sections.length > 0;
}

const quoted = (value: string | undefined) => `"${value ?? ''}"`;

function fieldChanges(before: CellField | Field, after: CellField | Field): string[] {
  const changes: string[] = [];
  if (before.label !== after.label) changes.push(`Label: ${quoted(before.label)} → ${quoted(after.label)}`);
  if (before.type !== after.type) changes.push(`Type: ${before.type} → ${after.type}`);
  if (Boolean(before.required) !== Boolean(after.required)) {
    changes.push(after.required ? 'Now required' : 'No longer required');
  }
  if ((before.placeholder ?? '') !== (after.placeholder ?? '')) {
    changes.push(`Placeholder: ${quoted(before.placeholder)} → ${quoted(after.placeholder)}`);
  }
  changes.push(...optionChanges(before.options ?? [], after.options ?? []));
  const [was, is] = [describeCondition(before.conditional), describeCondition(after.conditional)];
  if (was !== is) changes.push(`Condition: ${was} → ${is}`);
  if ('rows' in before || 'rows' in after) {
    changes.push(...rowChanges((before as Field).rows ?? [], (after as Field).rows ?? []));
  }
  changes.push(...careChanges(before, after));
  return changes;
}

/** Issue 28 §1: the sensitive marker and "Why we ask" of a question. */
function careChanges(before: CellField | Field, after: CellField | Field): string[] {
  const changes: string[] = [];
  const [wasSensitive, isSensitive] = [
    Boolean((before as Field).sensitive),
    Boolean((after as Field).sensitive),
  ];
  if (wasSensitive !== isSensitive) changes.push(isSensitive ? 'Now sensitive' : 'No longer sensitive');
  const [wasWhy, isWhy] = [(before as Field).whyWeAsk ?? '', (after as Field).whyWeAsk ?? ''];
  if (wasWhy !== isWhy) changes.push(`Why we ask: ${quoted(wasWhy)} → ${quoted(isWhy)}`);
  return changes;
}

function optionChanges(before: readonly FieldOption[], after: readonly FieldOption[]): string[] {
  const oldValues = before.map((option) => option.value);
  const newValues = after.map((option) => option.value);
  const added = newValues.filter((value) => !oldValues.includes(value));
  const removed = oldValues.filter((value) => !newValues.includes(value));
  const changes: string[] = [];
  if (added.length) changes.push(`Options added: ${added.map(quoted).join(', ')}`);
  if (removed.length) changes.push(`Options removed: ${removed.map(quoted).join(', ')}`);
  const kept = newValues.filter((value) => oldValues.includes(value));
  const keptBefore = oldValues.filter((value) => newValues.includes(value));
  if (kept.join('\u0000') !== keptBefore.join('\u0000')) changes.push('Options reordered');
  for (const option of after) {
    const previous = before.find((candidate) => candidate.value === option.value);
    if (previous && previous.label !== option.label) {
      changes.push(
        `Option ${quoted(option.value)} relabelled: ${quoted(previous.label)} → ${quoted(option.label)}`,
      );
    }
  }
  return changes;
}

function describeCondition(conditional: Conditional | null | undefined): string {
  if (!conditional || conditional.fieldId.trim() === '') return 'always shown';
  const values = typeof conditional.value === 'string' ? [conditional.value] : conditional.value;
  const shown =
    values.length === 0 || (values.length === 1 && values[0] === 'any')
      ? 'has an answer'
      : `is ${values.map(quoted).join(' or ')}`;
  return `shown when "${conditional.fieldId}" ${shown}`;
}

function rowChanges(before: readonly TableRow[], after: readonly TableRow[]): string[] {
  const changes: string[] = [];
  if (after.length > before.length)
    changes.push(`Rows added: ${after.length - before.length} (now ${after.length})`);
  if (after.length < before.length)
    changes.push(`Rows removed: ${before.length - after.length} (now ${after.length})`);
  const shared = Math.min(before.length, after.length);
  for (let rowIndex = 0; rowIndex < shared; rowIndex++) {
    const oldCells = before[rowIndex]?.fields ?? [];
    const newCells = after[rowIndex]?.fields ?? [];
    const row = `Row ${rowIndex + 1}`;
    for (const cell of newCells) {
      const previous = oldCells.find((candidate) => candidate.id === cell.id);
      if (!previous) changes.push(`${row}: cell "${cell.id}" added`);
      else
        for (const change of fieldChanges(previous, cell))
          changes.push(`${row}, cell "${cell.id}": ${change}`);
    }
    for (const cell of oldCells)
      if (!newCells.some((candidate) => candidate.id === cell.id))
        changes.push(`${row}: cell "${cell.id}" removed`);
  }
  return changes;
}

function sectionChanges(before: FormTemplate, after: FormTemplate): string[] {
  const changes: string[] = [];
  const shared = Math.min(before.steps.length, after.steps.length);
  for (let index = 0; index < shared; index++) {
    const [was, is] = [before.steps[index]?.stepTitle, after.steps[index]?.stepTitle];
    if (was !== is) changes.push(`Section ${index + 1} renamed: ${quoted(was)} → ${quoted(is)}`);
    const [noteWas, noteIs] = [before.steps[index]?.contentNote ?? '', after.steps[index]?.contentNote ?? ''];
    if (noteWas !== noteIs) {
      changes.push(`Section ${index + 1} content note: ${quoted(noteWas)} → ${quoted(noteIs)}`);
    }
  }
  for (let index = shared; index < after.steps.length; index++) {
    changes.push(`Section ${index + 1} added: ${quoted(after.steps[index]?.stepTitle)}`);
  }
  for (let index = shared; index < before.steps.length; index++) {
    changes.push(`Section ${index + 1} removed: ${quoted(before.steps[index]?.stepTitle)}`);
  }
  return changes;
}
