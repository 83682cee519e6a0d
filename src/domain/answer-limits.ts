import { groupDigits } from './group-digits.ts';
/**
 * How large and what kind of text an answer and a record may hold: the one place both the record
 * screen (a field refuses more, with a message) and the server (a save is refused before any SQL,
 * a stored record is capped the same on write as on read) take these limits from.
 *
 * Why limits at all: one answer over the request limit used to block every later save, and a record
 * without a total cap let one owner make every read of it cost the server unbounded memory.
 * See docs/decisions/064-answer-and-record-limits.md.
 */

/** One answer's text, in characters: about ten printed pages, far more than a real answer needs. */
export const MAX_ANSWER_LENGTH = 20_000;

/** A record's stored answers (bookkeeping included) as JSON, in UTF-8 bytes. */
export const MAX_RECORD_BYTES = 2 * 1024 * 1024;

/** A record's stored keys (answers, table cells, bookkeeping). A real form has a few hundred. */
export const MAX_RECORD_KEYS = 5_000;

/**
 * How deeply one answer may nest arrays and objects. The deepest legitimate value is the `steps`
 * bookkeeping (steps → fields → rows → fields → options → option), about ten levels.
 */
export const MAX_ANSWER_DEPTH = 16;

export const ANSWER_LIMIT_MESSAGES = {
  tooLong: `An answer can be at most ${groupDigits(MAX_ANSWER_LENGTH)} characters.`,
  unstorableText:
    'An answer contains a character that cannot be stored (a NUL character or a broken character pair). Remove it and try again.',
  tooDeep: `An answer is nested too deeply (at most ${MAX_ANSWER_DEPTH} levels).`,
  recordTooLarge: `This record has reached its size limit (${MAX_RECORD_BYTES / (1024 * 1024)} MB of answers). Shorten some answers to save more.`,
  tooManyKeys: `This record has reached its limit of ${groupDigits(MAX_RECORD_KEYS)} answers.`,
} as const;

export type AnswerProblem = keyof typeof ANSWER_LIMIT_MESSAGES;

/**
 * A NUL character, or a UTF-16 surrogate without its partner. PostgreSQL refuses both in text and
 * jsonb (and would echo the text in its error), and neither can be written as UTF-8.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE_TEXT.test(text);
}

/** Removes what `hasUnstorableText` finds, e.g. from pasted text, leaving everything else as typed. */
export function withoutUnstorableText(text: string): string {
  return text.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), '');
}

/**
 * The first problem of one answer's value (keys of nested objects are checked like text), or null.
 * Strings longer than MAX_ANSWER_LENGTH are a problem wherever they sit in the value.
 */
export function findAnswerProblem(value: unknown): AnswerProblem | null {
  return problemIn(value, 0);
}

function problemIn(value: unknown, depth: number): AnswerProblem | null {
  if (typeof value === 'string') {
    if (value.length > MAX_ANSWER_LENGTH) return 'tooLong';
    return hasUnstorableText(value) ? 'unstorableText' : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_ANSWER_DEPTH) return 'tooDeep';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = problemIn(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (hasUnstorableText(key)) return 'unstorableText';
    const problem = problemIn(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** The first problem of a set of answers keyed by field id (the keys included), or null. */
export function findAnswersProblem(answers: Readonly<Record<string, unknown>>): AnswerProblem | null {
  for (const [key, value] of Object.entries(answers)) {
    if (hasUnstorableText(key)) return 'unstorableText';
    const problem = findAnswerProblem(value);
    if (problem) return problem;
  }
  return null;
}

/** Whether a whole record's answers fit its caps: key count first (cheap), then the JSON's bytes. */
export function findRecordSizeProblem(data: Readonly<Record<string, unknown>>): AnswerProblem | null {
  if (Object.keys(data).length > MAX_RECORD_KEYS) return 'tooManyKeys';
  return utf8Length(JSON.stringify(data)) > MAX_RECORD_BYTES ? 'recordTooLarge' : null;
}

/** UTF-8 length of a string without allocating its bytes (a 2 MB record is checked on every save). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
