import { hasUnstorableText } from './answer-limits.ts';

/**
 * What any input may hold, whatever its route or transport (issue 25 §7): no text the database
 * cannot store (a NUL character, a broken surrogate pair: PostgreSQL refuses both and the request
 * ended as a server error), and no nesting deeper than MAX_INPUT_DEPTH (a form template nested
 * 5,000 levels overflowed the stack while being written). The deepest legitimate input is a form
 * template (steps → elements → rows → columns → choices), about a dozen levels.
 */
export const MAX_INPUT_DEPTH = 32;

export const INPUT_LIMIT_MESSAGES = {
  unstorableText:
    'The request contains a character that cannot be stored (a NUL character or a broken character pair). Remove it and try again.',
  tooDeep: `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels of lists and objects).`,
} as const;

export type InputProblem = keyof typeof INPUT_LIMIT_MESSAGES;

/**
 * The first problem anywhere in a parsed JSON value (keys included), or null. Walks with its own
 * stack, never by recursion, so a value nested a million levels costs a loop, not the call stack.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      if (hasUnstorableText(current)) return 'unstorableText';
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= maxDepth) return 'tooDeep';
    if (Array.isArray(current)) {
      for (const item of current) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      if (hasUnstorableText(key)) return 'unstorableText';
      stack.push([item, depth + 1]);
    }
  }
  return null;
}
