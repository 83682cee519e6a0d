import { DECLINED_ANSWER_TEXT, isDeclined } from './declined-answer.ts';
import { answerSlots } from './form-answer-keys.ts';
import type { FormTemplate } from './form-template.ts';
import { answersOfRecordData, isPlainObject } from './record-form-data.ts';

/**
 * A person's copy of what they wrote (issue 12: answers to questions a later version removed, or
 * left behind by a migration, are never deleted and appear here). Each record's answers are listed
 * with the question they answer, in the form's order; answers no question of the record's form
 * holds any more are listed apart, as they were stored.
 */
export interface ExportedAnswer {
  readonly key: string;
  readonly question: string;
  readonly section: string;
  readonly answer: unknown;
  /** Issue 28 §3: the person chose "Prefer not to answer"; `answer` then says so in words. */
  readonly declined?: true;
}

export interface ExportedRecordAnswers {
  readonly answers: readonly ExportedAnswer[];
  readonly answersNoLongerAsked: Readonly<Record<string, unknown>>;
}

export function exportedRecordAnswers(form: FormTemplate | null, data: unknown): ExportedRecordAnswers {
  const stored = answersOfRecordData(isPlainObject(data) ? data : {});
  const answers: ExportedAnswer[] = [];
  const asked = new Set<string>();
  for (const slot of form ? answerSlots(form) : []) {
    asked.add(slot.key);
    if (!Object.hasOwn(stored, slot.key)) continue;
    const answer = stored[slot.key];
    answers.push({
      key: slot.key,
      question: slot.label,
      section: slot.sectionTitle,
      ...(isDeclined(answer) ? { answer: DECLINED_ANSWER_TEXT, declined: true } : { answer }),
    });
  }
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (!asked.has(key))
      Object.defineProperty(rest, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { answers, answersNoLongerAsked: rest };
}

export const PERSONAL_DATA_FILE_NAME = 'life-record-my-data.json';
