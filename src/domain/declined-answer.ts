import type { Field } from './form-template.ts';

/**
 * Issue 28 §3 "Prefer not to answer" (docs/decisions/121): a sensitive question may be declined.
 * The decline is stored as the question's answer, so it is saved, merged between devices and
 * conflict-checked like any answer, and answering the question replaces it (undo).
 *
 * The mark is the JSON object `{ "declined": true }`: no field type ever saves an object (text,
 * numbers, dates and choices are strings, numbers, booleans or string lists), so it can be told
 * apart from every real answer and from an empty one.
 */
export interface DeclinedAnswer {
  readonly declined: true;
}

export const DECLINED_ANSWER: DeclinedAnswer = Object.freeze({ declined: true });

/** What people read wherever a declined answer is shown (read-only record, datasync, Download my data). */
export const DECLINED_ANSWER_TEXT = 'Prefer not to answer';

/** Whether a stored answer is the declined mark: a plain object whose only member is `declined: true`. */
export function isDeclined(value: unknown): value is DeclinedAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'declined' && (value as { declined: unknown }).declined === true;
}

/**
 * Whether a question offers "Prefer not to answer": it is marked sensitive and people answer it
 * (a computed hidden field or a whole table is no single answer to decline).
 */
export function canDecline(field: Pick<Field, 'type' | 'sensitive'>): boolean {
  return field.sensitive === true && field.type !== 'hidden' && field.type !== 'table';
}

/**
 * The answer a question gets back when "Prefer not to answer" is undone without a new answer: its
 * empty answer (customer-app §5: an unset checkbox is saved as false, other fields as empty text).
 */
export function emptyAnswerOf(type: Field['type']): false | '' {
  return type === 'checkbox' ? false : '';
}

/**
 * The answers without the declined ones (and the `flattened` bookkeeping map without them too):
 * what may go into report material and to an AI model (issue 28 §3: a decline is left out, it says
 * nothing about the person). The same object comes back when nothing is declined.
 */
export function withoutDeclinedAnswers<T extends Readonly<Record<string, unknown>>>(answers: T): T {
  let result: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(answers)) {
    if (isDeclined(value)) {
      result ??= { ...answers };
      delete result[key];
    } else if (key === 'flattened' && isPlainMap(value)) {
      const inner = withoutDeclinedAnswers(value);
      if (inner !== value) {
        result ??= { ...answers };
        Object.defineProperty(result, key, {
          value: inner,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return (result ?? answers) as T;
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
