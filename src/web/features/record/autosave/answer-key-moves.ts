import { type FormChangeStep, movedAnswerKey } from '#domain/answer-mapping.ts';
import type { Answers, KeptAnswers } from './sync-types.ts';

/**
 * Issue 26 §3: the record's form changes (migrations and undos, as `LifeRecord.formChanges` lists
 * them) applied to answers typed against an earlier form, so they are sent where the migration put
 * the stored ones (src/domain/answer-mapping.ts movedAnswerKey), never under a key no question shows.
 */
export interface AnswerKeyMover {
  /** Where an answer held under `key` goes. */
  target(key: string): string;
  /** Old question ids whose question now has another id: a key still arriving from the old field follows it. */
  renamed: ReadonlyMap<string, string>;
}

/** The steps as the API lists them. */
export function formChangeSteps(
  changes: readonly {
    version: number;
    fromFormVersion: number;
    moves: readonly { from: string; to?: string | null }[];
  }[],
): FormChangeStep[] {
  return changes.map((change) => ({
    version: change.version,
    fromFormVersion: change.fromFormVersion,
    moves: Object.fromEntries(change.moves.map((move) => [move.from, move.to ?? null])),
  }));
}

/** How the answers of a screen that had row version `since` move to the form it changes to. */
export function answerKeyMover(
  steps: readonly FormChangeStep[],
  since: number,
  oldKeys: ReadonlySet<string>,
  newKeys: ReadonlySet<string>,
): AnswerKeyMover {
  const target = (key: string) => movedAnswerKey(key, since, steps, newKeys).key;
  const renamed = new Map<string, string>();
  for (const key of oldKeys) {
    const moved = target(key);
    if (moved !== key && !oldKeys.has(moved)) renamed.set(key, moved);
  }
  return { target, renamed };
}

/**
 * Answers kept in this browser (an earlier visit, a closed tab), each moved from the form it was
 * typed against; a moved one counts as typed against the form change it went through, so it is
 * sent rather than refused. Two kept answers landing on one key: the one changed last.
 */
export function moveKeptAnswers(
  kept: KeptAnswers,
  steps: readonly FormChangeStep[],
  newKeys: ReadonlySet<string>,
): KeptAnswers {
  if (steps.length === 0) return kept;
  const answers = new Map<string, unknown>();
  const typedAgainst = new Map<string, number>();
  const changedAt = new Map<string, number>();
  for (const [key, value] of Object.entries(kept.answers)) {
    const at = kept.changedAt?.[key] ?? 0;
    const moved = movedAnswerKey(key, kept.typedAgainst[key] ?? 0, steps, newKeys);
    if (answers.has(moved.key) && (changedAt.get(moved.key) ?? 0) > at) continue;
    answers.set(moved.key, value);
    typedAgainst.set(moved.key, moved.version);
    changedAt.set(moved.key, at);
  }
  return {
    answers: Object.fromEntries(answers),
    typedAgainst: Object.fromEntries(typedAgainst),
    changedAt: Object.fromEntries(changedAt),
  };
}

/** Re-keys a map in place. */
export function moveKeys<V>(map: Map<string, V>, target: (key: string) => string): void {
  const entries = [...map];
  map.clear();
  for (const [key, value] of entries) map.set(target(key), value);
}

/** Shown answers under the keys the migration moved them to (what the screen showed, in new keys). */
export function movedAnswers(answers: Answers, mover: AnswerKeyMover): Answers {
  return Object.fromEntries(Object.entries(answers).map(([key, value]) => [mover.target(key), value]));
}
