import type { FieldType, FormTemplate } from './form-template.ts';
import { tableCells } from './table-answer-keys.ts';

/**
 * Every answer a form can hold, one entry per answer key: a field's id, or a table cell's flattened
 * key `{tableId}__{rowIndex}__{cellFieldId}` (customer-app §3). What form versions compare and what
 * a migration maps, since answers are stored by these keys.
 */
export interface AnswerSlot {
  readonly key: string;
  /** The question as people read it: the field's label, or "Table › Row › Cell" for a cell. */
  readonly label: string;
  readonly type: FieldType;
  readonly sectionTitle: string;
  /** Option values of a radio or checkbox. */
  readonly options: readonly string[];
}

export function answerSlots(form: FormTemplate): AnswerSlot[] {
  const slots: AnswerSlot[] = [];
  const seen = new Set<string>();
  const add = (slot: AnswerSlot) => {
    // Two fields sharing an id share one answer (decision 020): one slot.
    if (seen.has(slot.key)) return;
    seen.add(slot.key);
    slots.push(slot);
  };
  for (const step of form.steps)
    for (const field of step.fields) {
      if (field.type === 'table') {
        for (const { key, rowIndex, cell } of tableCells(field)) {
          const row = field.rows?.[rowIndex];
          const rowName = row?.label?.trim() || `Row ${rowIndex + 1}`;
          add({
            key,
            label: `${field.label.trim() || field.id} › ${rowName} › ${cell.label.trim() || cell.id}`,
            type: cell.type,
            sectionTitle: step.stepTitle,
            options: (cell.options ?? []).map((option) => option.value),
          });
        }
      } else {
        add({
          key: field.id,
          label: field.label.trim() || field.id,
          type: field.type,
          sectionTitle: step.stepTitle,
          options: (field.options ?? []).map((option) => option.value),
        });
      }
    }
  return slots;
}
