import { checkboxValueToSave } from './answer-completeness.ts';

/** A checkbox answer as a list of ticked values: false, null or nothing is no tick (customer-app §5). */
function ticks(value: unknown): string[] | null {
  if (value === undefined || value === null || value === false) return [];
  if (!Array.isArray(value)) return null;
  return value.filter((entry): entry is string => typeof entry === 'string');
}

/**
 * Issue 13 §3: a multiple-choice answer changed on two devices at once. `base` is the list this
 * device started from, `mine` what the person made of it, `theirs` what the other device stored.
 * The person's ticks and unticks are applied to theirs, so neither device's ticks are lost:
 * (theirs ∪ added) − removed, in theirs' order, then the added ones in the person's order.
 * Null when the values are not tick lists (a single yes/no checkbox, text): then there is nothing
 * to merge and the usual rule applies.
 */
export function mergeChoiceLists(base: unknown, mine: unknown, theirs: unknown): unknown | null {
  const [baseTicks, myTicks, theirTicks] = [ticks(base), ticks(mine), ticks(theirs)];
  if (!baseTicks || !myTicks || !theirTicks) return null;
  if (!Array.isArray(mine) && !Array.isArray(theirs)) return null;
  const added = myTicks.filter((value) => !baseTicks.includes(value));
  const removed = new Set(baseTicks.filter((value) => !myTicks.includes(value)));
  const merged = [...theirTicks.filter((value) => !removed.has(value))];
  for (const value of added) if (!merged.includes(value)) merged.push(value);
  return checkboxValueToSave(merged);
}
