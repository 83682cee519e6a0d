/**
 * Whether two answers are the same JSON value (strings, numbers, booleans, null, lists, objects).
 * Record answers come from JSON, so key order of objects does not matter and nothing else occurs.
 */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((entry, index) => sameAnswer(entry, b[index]));
  }
  const aEntries = Object.entries(a);
  const bObject = b as Record<string, unknown>;
  return (
    aEntries.length === Object.keys(bObject).length &&
    aEntries.every(([key, value]) => Object.hasOwn(bObject, key) && sameAnswer(value, bObject[key]))
  );
}
