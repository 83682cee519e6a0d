/**
 * A record's answers (customer-app §3 "Record form data"): answers keyed by field id, plus the
 * bookkeeping keys steps, currentStep and flattened, which are stored exactly as sent.
 *
 * Saves (DESIGN §7) send only the answers that changed, with the version the sender started from.
 * The server merges them key by key; the rule is `mergeAnswers` below, and the database statement
 * that performs a save implements the same rule (docs/decisions/012-answer-merge-rule.md).
 */
export type Answers = Record<string, unknown>;

export const BOOKKEEPING_KEYS = ['steps', 'currentStep', 'flattened'] as const;

/** Limits that keep one save a sensible size; a real form has a few hundred keys at most. */
export const MAX_ANSWER_KEYS = 5000;
export const MAX_ANSWER_KEY_LENGTH = 256;
/** customer-app §3: data is "sometimes double-encoded"; three layers is more than ever seen. */
const MAX_ENCODING_LAYERS = 3;

export type AnswersParseResult = { ok: true; answers: Answers } | { ok: false; error: string };

/**
 * Reads answers sent as an object, or as a JSON string of one, even encoded twice or three times
 * (customer-app §3 and §7 call 7 send `data` as a string). Anything else is refused with a
 * message a person can act on.
 */
export function parseAnswers(input: unknown, maxKeys = MAX_ANSWER_KEYS): AnswersParseResult {
  let value = input;
  for (let layer = 0; typeof value === 'string' && layer < MAX_ENCODING_LAYERS; layer++) {
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, error: 'The answers are not valid JSON.' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'The answers must be a JSON object of answers keyed by field id.' };
  }
  const keys = Object.keys(value);
  if (keys.length > maxKeys) {
    return { ok: false, error: `Too many answers in one save (at most ${maxKeys}).` };
  }
  const badKey = keys.find((key) => key.length === 0 || key.length > MAX_ANSWER_KEY_LENGTH);
  if (badKey !== undefined) {
    return {
      ok: false,
      error: `Every answer needs a field id of 1 to ${MAX_ANSWER_KEY_LENGTH} characters.`,
    };
  }
  return { ok: true, answers: value as Answers };
}

/**
 * Stored data as an object whatever shape it was stored in (older rows may hold a JSON string).
 * Unreadable data reads as no answers rather than failing the whole record screen.
 */
export function readStoredAnswers(stored: unknown): Answers {
  if (stored === null || stored === undefined || stored === '') return {};
  // The per-save key limit is not a reading rule: a record with more keys reads whole (it read as
  // empty before, issue 14 §1); writes keep records within MAX_RECORD_KEYS (answer-limits.ts).
  const parsed = parseAnswers(stored, Number.POSITIVE_INFINITY);
  return parsed.ok ? parsed.answers : {};
}

/** The stored answers together with the version at which each key was last written. */
export interface VersionedAnswers {
  readonly data: Answers;
  /** key → the record version that last wrote it (absent: written before versions were kept). */
  readonly keyVersions: Readonly<Record<string, number>>;
  readonly version: number;
}

export type MergeResult =
  | { ok: true; stored: VersionedAnswers; conflictingKeys: string[] }
  | { ok: false; error: 'base-version-ahead' };

/**
 * The merge rule of a save, per key:
 * - keys the save does not mention are never touched, so two people editing different questions
 *   both keep their work;
 * - a key is written only if nobody wrote it after `baseVersion` (the version the sender's copy was
 *   at); otherwise the stored answer is newer than what the sender saw, it stays, and the key is
 *   reported back as conflicting. A stale or reordered write therefore never replaces a newer
 *   answer, and the sender, told of the conflict, re-sends from the current version if the person
 *   still means their value (then the later, informed write wins);
 * - every save raises the version by one, accepted keys are stamped with the new version.
 */
export function mergeAnswers(stored: VersionedAnswers, changes: Answers, baseVersion: number): MergeResult {
  if (baseVersion > stored.version) return { ok: false, error: 'base-version-ahead' };
  const version = stored.version + 1;
  const data: Answers = { ...stored.data };
  const keyVersions: Record<string, number> = { ...stored.keyVersions };
  const conflictingKeys: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if ((stored.keyVersions[key] ?? 0) > baseVersion) {
      conflictingKeys.push(key);
      continue;
    }
    setOwn(data, key, mergedValue(key, data[key], value));
    setOwn(keyVersions, key, version);
  }
  return { ok: true, stored: { data, keyVersions, version }, conflictingKeys };
}

/**
 * The value a save leaves under a key: the one sent, except for the `flattened` map of table cells
 * (customer-app §3), which each device derives from what it has seen: its cells are merged into the
 * stored map, so two devices filling different rows never drop each other's cells (issue 13).
 */
export function mergedValue(key: string, stored: unknown, sent: unknown): unknown {
  if (key !== 'flattened' || !isPlainMap(stored) || !isPlainMap(sent)) return sent;
  const merged: Record<string, unknown> = { ...stored };
  for (const [cell, value] of Object.entries(sent)) setOwn(merged, cell, value);
  return merged;
}

function isPlainMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key named "__proto__" is an answer like any other, not the object's prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}
