import { DECLINED_ANSWER_TEXT, isDeclined } from './declined-answer.ts';
import { answerSlots } from './form-answer-keys.ts';
import type { FormTemplate } from './form-template.ts';
import { answersOfRecordData, isPlainObject } from './record-form-data.ts';
import { recordingsOf } from './voice-answers.ts';

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

/** Issue 41 §7: a spoken answer in the person's copy; its audio is in the ZIP beside the JSON. */
export interface ExportedRecording {
  readonly key: string;
  readonly question: string | null;
  readonly recordingId: string;
  readonly file: string;
  readonly mimeType: string;
  readonly durationSeconds: number;
  readonly recordedAt: string;
  /** The machine transcript, a draft unless the person used it (then it is also the answer). */
  readonly machineTranscript: string | null;
}

export interface ExportedRecordAnswers {
  readonly answers: readonly ExportedAnswer[];
  readonly answersNoLongerAsked: Readonly<Record<string, unknown>>;
  readonly recordings: readonly ExportedRecording[];
}

/** Where a recording's audio lies in the archive of Download my data (issue 41 §3). */
export function recordingFileName(recordingId: string, mimeType: string): string {
  const extension = mimeType.startsWith('audio/mp4')
    ? 'm4a'
    : mimeType.startsWith('audio/ogg')
      ? 'ogg'
      : 'webm';
  return `recordings/${recordingId}.${extension}`;
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
  const labels = new Map((form ? answerSlots(form) : []).map((slot) => [slot.key, slot.label]));
  const recordings = [...recordingsOf(isPlainObject(data) ? data : {})].map(([key, recording]) => ({
    key,
    question: labels.get(key) ?? null,
    recordingId: recording.id,
    file: recordingFileName(recording.id, recording.mimeType),
    mimeType: recording.mimeType,
    durationSeconds: Math.round(recording.durationMs / 1000),
    recordedAt: recording.recordedAt,
    machineTranscript: recording.transcript.text ?? null,
  }));
  return { answers, answersNoLongerAsked: rest, recordings };
}

export const PERSONAL_DATA_FILE_NAME = 'life-record-my-data.json';
