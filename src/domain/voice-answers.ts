import { z } from 'zod';

import { answerKeyOfRecordingKey, recordingKey } from './voice-answer-keys.ts';

export {
  answerKeyOfRecordingKey,
  DEFAULT_RECORDING_MAX_MINUTES,
  hasRecording,
  isRecordingKey,
  RECORDING_KEY_PREFIX,
  recordingKey,
} from './voice-answer-keys.ts';

/** Issue 41 §5: where the machine transcript of a recording is. */
export const TRANSCRIPT_STATES = [
  // No endpoint is configured here: the recording is the answer.
  'not-set-up',
  // An endpoint is configured, but the person has not agreed to AI processing (decision 122).
  'no-consent',
  'queued',
  'running',
  'done',
  'failed',
] as const;

export const recordingDescriptorSchema = z.object({
  id: z.uuid(),
  mimeType: z.string().max(100),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  recordedAt: z.string().max(40),
  transcript: z.object({
    state: z.enum(TRANSCRIPT_STATES),
    /** 0..1 while running (issue 41 §6: progress shown to the person). */
    progress: z.number().min(0).max(1).optional(),
    /** The machine's words: a draft until the person uses it (never an answer by itself). */
    text: z.string().optional(),
    /** What went wrong, in words a person can act on. */
    error: z.string().optional(),
  }),
});
export type RecordingDescriptor = z.infer<typeof recordingDescriptorSchema>;

/** The recording descriptor stored for an answer key, or null (none, deleted, or not one). */
export function recordingOf(answers: Readonly<Record<string, unknown>>, answerKey: string) {
  const parsed = recordingDescriptorSchema.safeParse(answers[recordingKey(answerKey)]);
  return parsed.success ? parsed.data : null;
}

/** Every recording of a record's answers, by answer key. */
export function recordingsOf(answers: Readonly<Record<string, unknown>>): Map<string, RecordingDescriptor> {
  const found = new Map<string, RecordingDescriptor>();
  for (const [key, value] of Object.entries(answers)) {
    const answerKey = answerKeyOfRecordingKey(key);
    if (answerKey === null) continue;
    const parsed = recordingDescriptorSchema.safeParse(value);
    if (parsed.success) found.set(answerKey, parsed.data);
  }
  return found;
}

/**
 * Issue 41 §5 "Use this transcript": it never overwrites typed text. Into an empty answer it goes as
 * it is; after typed text it follows on a new paragraph (a one-line text question: after a space);
 * a transcript already there is not added twice.
 */
export function answerWithTranscript(typed: unknown, transcript: string, multiline = true): string {
  const words = multiline ? transcript.trim() : transcript.replace(/\s+/g, ' ').trim();
  const current = typeof typed === 'string' ? typed : '';
  if (current.trim() === '') return words;
  if (current.includes(words)) return current;
  return `${current.replace(/\s+$/, '')}${multiline ? '\n\n' : ' '}${words}`;
}

/** Issue 41 §1: the warning comes this long before the end. */
export const RECORDING_WARNING_BEFORE_END_MS = 60_000;
/** Issue 41 §2: the browser keeps what it recorded in chunks of at most this long. */
export const RECORDING_CHUNK_MS = 5_000;
/**
 * The most bytes a recording of `maxMinutes` may take: the browser records at 32 kbit/s (4 KB/s);
 * a browser that ignores the asked bit rate gets up to 256 kbit/s before an upload is refused.
 */
export function recordingByteLimit(maxMinutes: number): number {
  return Math.ceil(maxMinutes * 60 * 32_000);
}
/** Issue 41 §2: an upload not finished within this long is deleted. */
export const UNFINISHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The audio formats a recording may be in (issue 41 §1: Opus in WebM or Ogg, AAC in MP4). */
export const RECORDING_MIME_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4'] as const;

/** The container of a MediaRecorder mime type ("audio/webm;codecs=opus" → audio/webm), or null. */
export function recordingContainer(mimeType: string): (typeof RECORDING_MIME_TYPES)[number] | null {
  const base = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (RECORDING_MIME_TYPES as readonly string[]).includes(base)
    ? (base as (typeof RECORDING_MIME_TYPES)[number])
    : null;
}

/** "3:07", "1:02:03": a duration as a person reads it on a player. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** "3 minutes 7 seconds": the same for a screen reader. */
export function spokenDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return part(seconds, 'second');
  return seconds === 0 ? part(minutes, 'minute') : `${part(minutes, 'minute')} ${part(seconds, 'second')}`;
}

/** The words a person reads about recordings, defined once for the screen and the server. */
export const RECORDING_MESSAGES = {
  tooLong: (maxMinutes: number) =>
    `This recording is longer than the ${maxMinutes} minutes a recording may last here, so it was not kept on the server. It is still on this device.`,
  notFound: 'Recording not found.',
  notYourRecord: 'Only the person this record belongs to can record an answer.',
  badMetadata: 'The recording must name its record, its question and its audio format.',
  badFormat: 'This audio format cannot be kept. Record in a browser that records Opus or AAC audio.',
  notATextQuestion: 'Only text questions can be answered by recording.',
  notSetUp: 'Transcription is not set up here: your recording is your answer.',
  noConsent:
    'Not transcribed: you have not allowed an AI service to work with your answers. Your recording is your answer.',
  failed: 'The transcript could not be made. Your recording is kept; you can try again.',
  expired: 'This upload was not finished within 24 hours and has been deleted.',
} as const;
