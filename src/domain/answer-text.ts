import { isAnswerComplete } from './answer-completeness.ts';
import { DECLINED_ANSWER_TEXT, isDeclined } from './declined-answer.ts';
import type { CellField } from './form-template.ts';

// customer-app §4: a read-only record shows this where an answer is empty.
export const NO_RESPONSE_TEXT = 'No response provided';

/** What answerText needs of a question: its type and options (a field or a table cell). */
export type AnsweredQuestion = Pick<CellField, 'type' | 'options'>;

/**
 * An answer as words, written once for every place that shows one (issue 16 §4): the read-only
 * record (customer-app §4 Record submitted), the kept-answer check and the report material. Option
 * values as their labels, a ticked single checkbox as "Yes", lists joined; null when empty (the
 * screen then says NO_RESPONSE_TEXT). Completeness is the domain's rule, so an unticked checkbox
 * (false) is empty. Without a question (an answer no question asks any more) it reads as text.
 */
export function answerText(question: AnsweredQuestion | undefined, value: unknown): string | null {
  if (isDeclined(value)) return DECLINED_ANSWER_TEXT;
  if (!isAnswerComplete(question?.type ?? 'text', value)) return null;
  if (value === true) return 'Yes';
  const labelOf = (entry: unknown) => {
    const text = String(entry).trim();
    return question?.options?.find((option) => option.value === text)?.label ?? text;
  };
  const entries = (Array.isArray(value) ? value : [value]).map(labelOf).filter((text) => text !== '');
  return entries.length > 0 ? entries.join(', ') : null;
}
