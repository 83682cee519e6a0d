import { mergeChoiceLists } from '#domain/choice-merge.ts';
import { sameAnswer } from './answer-equality.ts';
import type { Answers, StructureCheck } from './sync-types.ts';

/**
 * Issue 13 §3: a tick list the person changed (`pending`, from `bases`) and another device changed
 * too (`stored`) keeps both devices' ticks and unticks (src/domain/choice-merge.ts), rather than the
 * person's whole list replacing the other's; the merged list is then a change of the stored one.
 * Other answers keep the usual rule (the person's unsent answer stays). `skip`: keys left alone.
 */
export function mergeChoiceAnswers(
  pending: Map<string, unknown>,
  bases: Map<string, unknown>,
  stored: Answers,
  skip: (key: string) => boolean,
): void {
  for (const [key, mine] of pending) {
    if (!bases.has(key) || skip(key)) continue;
    const base = bases.get(key);
    if (sameAnswer(base, stored[key])) continue;
    const merged = mergeChoiceLists(base, mine, stored[key]);
    if (merged === null) continue;
    pending.set(key, merged);
    bases.set(key, stored[key]);
  }
}

/** Whether the shown answers changed from `before` to `after` in a way that can change more than a field. */
export function structureChanged(before: Answers, after: Answers, check?: StructureCheck): boolean {
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!sameAnswer(before[key], after[key]) && (check?.(key, before[key], after[key]) ?? true)) return true;
  }
  return false;
}
