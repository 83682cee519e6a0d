import mercurius from 'mercurius';
import { utf8Length } from '#domain/answer-limits.ts';

/**
 * Issue 14 §1: the cost limit counts a JSON field as 1 whatever it holds, so 400 aliases of a record
 * holding 1 MB of answers asked for 400 MB in one request. Large JSON values (answers, forms) are
 * charged by size against one budget per request (a batch shares it), and refused beyond it.
 */
export const MAX_RESPONSE_JSON_BYTES = 16 * 1024 * 1024;

export const RESPONSE_TOO_LARGE_MESSAGE =
  'The answer would be too large. Ask for fewer records or fields at once.';

export interface ResponseBudget {
  spentBytes: number;
}

export function createResponseBudget(): ResponseBudget {
  return { spentBytes: 0 };
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

/** Charges a JSON value about to be returned; throws a client error once the budget is spent. */
export function charge<T>(budget: ResponseBudget | undefined, value: T): T {
  if (!budget) return value;
  budget.spentBytes += sizeOf(value);
  if (budget.spentBytes > MAX_RESPONSE_JSON_BYTES) {
    throw new mercurius.ErrorWithProps(RESPONSE_TOO_LARGE_MESSAGE, { code: 'RESPONSE_TOO_LARGE' }, 400);
  }
  return value;
}
