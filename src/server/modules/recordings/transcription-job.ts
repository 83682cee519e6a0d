import { MAX_ANSWER_LENGTH } from '#domain/answer-limits.ts';
import { type RecordingDescriptor, recordingKey, recordingOf } from '#domain/voice-answers.ts';
import type { RunningJob } from '../../kernel/job-queue.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { auditOwnAction } from '../audit/audit-service.ts';
import { actorReader, answersOf, openRecord } from '../records/open-records.ts';
import { writeAnswersForOwner } from '../records/owner-answer-writes.ts';
import { getRecord } from '../records/record-service.ts';
import { audioPieces } from './audio-pieces.ts';
import * as repository from './recording-repository.ts';
import { openedParts } from './recording-service.ts';
import type { SealedPartPlacement } from './sealed-part-placement.ts';
import { type Transcriber, TranscriptionError } from './transcriber.ts';

/** The job's kind on the queue; its payload names the recording only (TEAM.md: never an answer). */
export const TRANSCRIPTION_JOB = 'recording.transcribe';
export interface TranscriptionPayload {
  recordingId: string;
}

/** Three tries after the first, 30 s apart and doubling; 10 minutes for one attempt at most. */
export const TRANSCRIPTION_JOB_OPTIONS = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
  concurrency: 1,
} as const;

export interface TranscriptionDeps extends ServiceDeps {
  placement: SealedPartPlacement;
  transcriber: Transcriber;
  hasAiConsent(recordId: string): Promise<boolean>;
}

export type TranscriptionJob = Pick<RunningJob<TranscriptionPayload>, 'id' | 'data' | 'attempt' | 'progress'>;

/**
 * Issue 41 §5–§6: the background work of one recording's transcript. Runs only with the owner's
 * consent (decision 122, checked again when it runs: it may have been withdrawn meanwhile), enters
 * the send in the audit before the audio leaves, opens the audio, sends it in pieces under the
 * endpoint's limit, and writes the draft transcript into the recording's descriptor, with its
 * progress on the way, so the person watches it on every screen of the record. A failure is written
 * for the person and thrown, so the queue retries with back-off.
 */
export async function transcribeRecording(deps: TranscriptionDeps, job: TranscriptionJob): Promise<void> {
  const row = await repository.findRecording(deps.database, job.data.recordingId);
  if (!row?.finished_at || row.erased || !row.client) return;
  const owner = { userId: row.client, organizationId: null, roles: [], name: null };
  const current = async (): Promise<RecordingDescriptor | null> => {
    const record = await getRecord(deps, owner, row.report_id);
    const descriptor = record.ok
      ? recordingOf(
          await openRecord(actorReader(deps, owner), answersOf(record.value), 'owner.use'),
          row.answer_key,
        )
      : null;
    return descriptor?.id === row.id ? descriptor : null;
  };
  const write = async (transcript: RecordingDescriptor['transcript']) => {
    const descriptor = await current();
    if (!descriptor) return false;
    const written = await writeAnswersForOwner(deps, row.report_id, {
      [recordingKey(row.answer_key)]: { ...descriptor, transcript },
    });
    return written.ok;
  };

  if (!(await current())) return; // deleted or replaced since it was queued
  if (!(await deps.hasAiConsent(row.report_id))) {
    await write({ state: 'no-consent' });
    return;
  }
  await auditOwnAction(
    deps,
    { viewer: owner, requestId: `job:${job.id}` },
    {
      recordId: row.report_id,
      action: 'recording.transcribe',
      provider: 'openai',
      model: deps.transcriber.model,
    },
  );
  await write({ state: 'running', progress: 0 });
  try {
    const chunks: Buffer[] = [];
    for await (const part of openedParts(deps, row)) chunks.push(part);
    const pieces = audioPieces(Buffer.concat(chunks), row.mime_type, deps.transcriber.maxBytes);
    const texts: string[] = [];
    for (const [index, piece] of pieces.entries()) {
      texts.push(await deps.transcriber.transcribe(piece, row.mime_type, `recording-${index + 1}`));
      const fraction = (index + 1) / pieces.length;
      await job.progress(fraction, `piece ${index + 1} of ${pieces.length}`);
      if (index + 1 < pieces.length) await write({ state: 'running', progress: fraction });
    }
    const text = texts
      .filter((piece) => piece !== '')
      .join(' ')
      .slice(0, MAX_ANSWER_LENGTH);
    await write({ state: 'done', text });
  } catch (error) {
    const message =
      error instanceof TranscriptionError
        ? `The transcript could not be made: ${error.message} Your recording is kept; you can try again.`
        : 'The transcript could not be made. Your recording is kept; you can try again.';
    // While the queue still retries, the person reads that it will; after the last try, why not.
    const retried = job.attempt <= TRANSCRIPTION_JOB_OPTIONS.retryLimit;
    await write(
      retried
        ? { state: 'queued', error: `${message.split(' Your recording')[0]} Trying again shortly.` }
        : { state: 'failed', error: message },
    );
    throw error;
  }
}
