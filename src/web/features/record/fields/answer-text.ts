import { isAnswerComplete } from '#domain/answer-completeness.ts';
import type { CellField } from '#domain/form-template.ts';

// customer-app §4: a read-only record shows this where an answer is empty.
export const NO_RESPONSE_TEXT = 'No response provided';

/**
 * An answer as read-only text (customer-app §4 Record submitted): option values as their labels, a
 * ticked single checkbox as "Yes", lists joined; null when empty (the screen then says
 * NO_RESPONSE_TEXT). Completeness is the domain's rule, so an unticked checkbox (false) is empty.
 */
export function answerText(field: Pick<CellField, 'type' | 'options'>, value: unknown): string | null {
  if (!isAnswerComplete(field.type, value)) return null;
  if (value === true) return 'Yes';
  const labelOf = (entry: unknown) => {
    const text = String(entry).trim();
    return field.options?.find((option) => option.value === text)?.label ?? text;
  };
  const entries = (Array.isArray(value) ? value : [value]).map(labelOf).filter((text) => text !== '');
  return entries.length > 0 ? entries.join(', ') : null;
}
