import { utf8Length } from '#domain/answer-limits.ts';
import { sameAnswer } from './answer-equality.ts';
import type { Answers, ServerRecordState } from './sync-types.ts';

/** One save's answers at most, in bytes: well under the server's 1 MB request limit. */
export const MAX_SAVE_BYTES = 256 * 1024;

/** The answers of one save. */
export interface SaveBody {
  answers: Answers;
  /** The unsent answers it carries (not what follows from them). */
  sent: Map<string, unknown>;
  baseVersion: number;
}

interface Unsent {
  pending: ReadonlyMap<string, unknown>;
  /** Keys kept from an earlier visit or a closed tab (issue 13 §2). */
  restoredKeys: ReadonlySet<string>;
  typedAgainst: ReadonlyMap<string, number>;
}

/**
 * The answers of one save: the unsent ones, as many as fit in MAX_SAVE_BYTES (issue 13 §5: one
 * request over the server's limit used to block every later save; the rest go in the next save),
 * and what follows from them (`derived`) where it differs from the stored data.
 */
export function saveBody(
  { pending, restoredKeys, typedAgainst }: Unsent,
  {
    reason,
    stored,
    derived,
  }: { reason: 'save' | 'submit'; stored: ServerRecordState; derived: () => Answers },
): SaveBody {
  // Issue 13 §2: kept answers of an earlier visit go first, alone, against the oldest version
  // they were typed against, so an answer written since on another device is refused, not replaced.
  const keptFirst = reason === 'save' && [...pending.keys()].some((key) => restoredKeys.has(key));
  const sent = new Map<string, unknown>();
  let bytes = 0;
  for (const [key, value] of pending) {
    if (keptFirst && !restoredKeys.has(key)) continue;
    const size = utf8Length(key) + utf8Length(JSON.stringify(value) ?? 'null') + 8;
    if (sent.size > 0 && bytes + size > MAX_SAVE_BYTES) break;
    sent.set(key, value);
    bytes += size;
  }
  if (keptFirst) {
    const baseVersion = Math.min(...[...sent.keys()].map((key) => typedAgainst.get(key) ?? 0));
    return { answers: Object.fromEntries(sent), sent, baseVersion };
  }
  const following = Object.entries(derived()).filter(
    ([key, value]) => !sent.has(key) && !sameAnswer(value, stored.data[key]),
  );
  return { answers: Object.fromEntries([...following, ...sent]), sent, baseVersion: stored.version };
}
