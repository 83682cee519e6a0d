/**
 * Issue 41 (decision 185): a spoken answer is an answer. The server keeps the audio sealed in its own
 * table; the record's data carries, beside the question's typed answer, a small descriptor under
 * `recording:<answer key>`: which recording answers it, how long it is and how far its machine
 * transcript is. So the descriptor travels wherever answers travel (live updates to other devices,
 * the read-only record, datasync, Download my data) and counts for progress, while the key is
 * bookkeeping for everything that reads answers as words: report material and AI input only ever
 * see the transcript the person accepted, which "Use this transcript" put into the typed answer.
 *
 * This file holds what the record screen needs at start (no zod: decision 065); the descriptor's
 * schema and the recorder's words are in voice-answers.ts.
 */
export const RECORDING_KEY_PREFIX = 'recording:';

export function isRecordingKey(key: string): boolean {
  return key.startsWith(RECORDING_KEY_PREFIX);
}

export function recordingKey(answerKey: string): string {
  return `${RECORDING_KEY_PREFIX}${answerKey}`;
}

export function answerKeyOfRecordingKey(key: string): string | null {
  return isRecordingKey(key) ? key.slice(RECORDING_KEY_PREFIX.length) : null;
}

/**
 * Issue 41 §7: a question with a recording is answered, for progress and required questions. A
 * descriptor names its recording and length; a deleted recording leaves null.
 */
export function hasRecording(answers: Readonly<Record<string, unknown>>, answerKey: string): boolean {
  const value = answers[recordingKey(answerKey)];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, durationMs } = value as { id?: unknown; durationMs?: unknown };
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) && typeof durationMs === 'number';
}

/** Issue 41 §1: how long one recording may last, unless configured (RECORDING_MAX_MINUTES). */
export const DEFAULT_RECORDING_MAX_MINUTES = 20;
