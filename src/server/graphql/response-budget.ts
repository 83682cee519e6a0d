import mercurius from 'mercurius';
import { utf8Length } from '#domain/answer-limits.ts';
import type { AnswerRead } from '../modules/records/record-model.ts';

/**
 * Issue 14 §1 and issue 25 §1: what one operation may cost in memory, counted in bytes of large
 * JSON values (answers, forms). Two counts, one budget object per operation (an HTTP request's
 * batch shares one; each WebSocket operation and each subscription event has its own):
 * - loaded: answers read from the database, charged by their stored size BEFORE they are read (the
 *   database measures them and returns only what fits, record-repository.ts), so 400 aliases or a
 *   list of large records never bring more than the budget into memory;
 * - spent: what the answer will hold, charged per field as it is resolved (an alias repeats it).
 */
export const MAX_RESPONSE_JSON_BYTES = 16 * 1024 * 1024;
export const MAX_LOADED_ANSWER_BYTES = 16 * 1024 * 1024;

export const RESPONSE_TOO_LARGE_MESSAGE =
  'The answer would be too large. Ask for fewer records or fields at once.';

export interface ResponseBudget {
  spentBytes: number;
  loadedBytes: number;
  /** Reads of answers run one after another, so each knows what the ones before it used. */
  reading: Promise<unknown>;
}

export function createResponseBudget(): ResponseBudget {
  return { spentBytes: 0, loadedBytes: 0, reading: Promise.resolve() };
}

// A stored value is measured once, however many aliases ask for it.
const sizes = new WeakMap<object, number>();

function sizeOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return utf8Length(JSON.stringify(value) ?? '');
  let size = sizes.get(value);
  if (size === undefined) {
    size = utf8Length(JSON.stringify(value));
    sizes.set(value, size);
  }
  return size;
}

export function tooLarge(): Error {
  return new mercurius.ErrorWithProps(RESPONSE_TOO_LARGE_MESSAGE, { code: 'RESPONSE_TOO_LARGE' }, 400);
}

/**
 * Charges a JSON value about to be returned; throws a client error once the budget is spent.
 * `storedBytes`: a record's answers are charged by the size the database measured (issue 25).
 */
export function charge<T>(budget: ResponseBudget | undefined, value: T, storedBytes = 0): T {
  if (!budget) return value;
  budget.spentBytes += storedBytes > 0 ? storedBytes : sizeOf(value);
  if (budget.spentBytes > MAX_RESPONSE_JSON_BYTES) throw tooLarge();
  return value;
}

interface SizedRecord {
  dataBytes: number;
  answersWithheld: boolean;
}

/**
 * Reads records with their answers only if `wanted` (the caller selected answers or form), and
 * then only within what the operation may still load. Records past the budget come back with
 * `answersWithheld`, and their `data` field answers RESPONSE_TOO_LARGE.
 */
export function readWithinBudget<T>(
  budget: ResponseBudget | undefined,
  wanted: boolean,
  read: (answers: AnswerRead) => Promise<T>,
  recordsOf: (result: T) => readonly SizedRecord[],
): Promise<T> {
  if (!wanted) return read(null);
  if (!budget) return read({ maxBytes: MAX_LOADED_ANSWER_BYTES });
  const next = budget.reading.then(async () => {
    const result = await read({ maxBytes: Math.max(0, MAX_LOADED_ANSWER_BYTES - budget.loadedBytes) });
    for (const record of recordsOf(result)) {
      if (record.answersWithheld) continue;
      budget.loadedBytes += record.dataBytes;
    }
    return result;
  });
  budget.reading = next.catch(() => undefined);
  return next;
}
