import { type AnswerChanges, applyAnswerChanges } from '#domain/answer-changes.ts';
import type { Answers } from '#domain/record-answers.ts';
import { recordDataObject } from './record-state.ts';

/** A subscription's update as the record screen selects it (record-documents.ts, RecordLive). */
export interface LiveUpdate {
  version: number;
  answerChanges?: { full: boolean; sinceVersion?: number | null; answers: unknown } | null;
}

/**
 * Issue 39 §3 (decision 152): one subscription's updates made whole again. The first brings the
 * whole answers, each next only the answers written since the one before; merged into the stored
 * answers as this subscription last told them, they make the whole record, which then takes the
 * same path as a polled one (the same rules: an unsent answer is never replaced). Null for changes
 * that follow nothing held here (the next poll brings the whole record). A subscription taken up
 * again starts with the whole answers, so a fresh reader per subscription is never needed.
 */
export function liveAnswers() {
  let streamed: { data: Answers; version: number } | null = null;
  return <T extends LiveUpdate>(update: T): (Omit<T, 'answerChanges'> & { data: Answers }) | null => {
    const { answerChanges, ...facts } = update;
    if (!answerChanges) return null;
    const data = applyAnswerChanges(streamed, checked(answerChanges), update.version);
    if (!data) return null;
    streamed = { data, version: update.version };
    return { ...facts, data };
  };
}

/** The changes as the schema sends them (JSON), checked for shape: never trust it. */
function checked(changes: NonNullable<LiveUpdate['answerChanges']>): AnswerChanges {
  const answers = recordDataObject(changes.answers);
  if (changes.full) return { full: true, sinceVersion: null, answers };
  // Changes without their base follow nothing held.
  const since = typeof changes.sinceVersion === 'number' ? changes.sinceVersion : Number.POSITIVE_INFINITY;
  return { full: false, sinceVersion: since, answers };
}
