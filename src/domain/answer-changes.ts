import type { Answers } from './record-answers.ts';

/**
 * Issue 39 §3 (docs/decisions/152-live-update-diffs.md): what a live update carries of a record's
 * answers for a reader who holds the record at version `since`: the answers written after it, or,
 * when only the whole answers say it right, all of them (`full`).
 */
export type AnswerChanges =
  | { full: true; sinceVersion: null; answers: Answers }
  | { full: false; sinceVersion: number; answers: Answers };

export interface VersionedRecordAnswers {
  data: Answers;
  /** key → the row version that last wrote it (decision 012); absent: written before versions. */
  answerVersions?: Readonly<Record<string, number>> | undefined;
  /** The row version at which the record last changed form (a migration, its undo, a move). */
  formChangedVersion?: number | undefined;
}

/**
 * Saves only ever write keys (a cleared answer is written as its empty value and stamped like any
 * other), so the answers stamped after `since` are exactly what changed. Keys go away only when the
 * form changes (a migration moves and drops them) or the answers are erased: then, as when nothing
 * is known of the reader (`since` undefined), the versions are missing, or the changes are every
 * answer anyway, the whole answers go.
 */
export function answerChangesSince(record: VersionedRecordAnswers, since: number | undefined): AnswerChanges {
  const full: AnswerChanges = { full: true, sinceVersion: null, answers: record.data };
  const { answerVersions, formChangedVersion, data } = record;
  if (since === undefined || answerVersions === undefined || formChangedVersion === undefined) return full;
  if (formChangedVersion > since) return full;
  const changed: Record<string, unknown> = {};
  let count = 0;
  for (const [key, version] of Object.entries(answerVersions)) {
    if (version <= since) continue;
    // Stamped but gone: not something a save does; the whole answers are sure to be right.
    if (!Object.hasOwn(data, key)) return full;
    Object.defineProperty(changed, key, {
      value: data[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
    count++;
  }
  // An erased record has no answers and no versions: the whole (empty) answers say it.
  if (count >= Object.keys(data).length) return full;
  return { full: false, sinceVersion: since, answers: changed };
}

/**
 * The reader's side: the answers at the update's `version`, from the stored answers it holds (at
 * `held.version`) and the update. Null when the update does not follow from them (they are older
 * than its base, or newer than the update): the reader then waits for a whole record (the poll).
 */
export function applyAnswerChanges(
  held: { data: Answers; version: number } | null,
  changes: AnswerChanges,
  version: number,
): Answers | null {
  if (changes.full) return changes.answers;
  // Every answer written after `sinceVersion` is in the update, so any copy from then on will do.
  if (!held || held.version < changes.sinceVersion || held.version > version) return null;
  const merged: Record<string, unknown> = { ...held.data };
  for (const [key, value] of Object.entries(changes.answers))
    Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  return merged;
}
