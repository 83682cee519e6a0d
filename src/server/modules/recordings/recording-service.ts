import { type Actor, decideRecord, type RecordFacts } from '#domain/permissions.ts';
import {
  RECORDING_MESSAGES,
  type RecordingDescriptor,
  recordingByteLimit,
  recordingContainer,
  recordingKey,
  recordingOf,
} from '#domain/voice-answers.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, auditRecordReads } from '../audit/audit-service.ts';
import { actorReader, answersOf, openRecord } from '../records/open-records.ts';
import { writeAnswersForOwner } from '../records/owner-answer-writes.ts';
import { getRecord } from '../records/record-service.ts';
import { textQuestionOf } from './recording-form.ts';
import * as repository from './recording-repository.ts';
import type { SealedPartPlacement } from './sealed-part-placement.ts';
import type { UploadMetadata } from './sealed-upload-store.ts';
import { partBinding } from './sealed-upload-store.ts';

export interface RecordingDeps extends ServiceDeps {
  placement: SealedPartPlacement;
  maxMinutes: number;
  /** Whether a transcription endpoint is configured here (issue 41 §5). */
  transcription: boolean;
  /** Puts a recording's transcription on the job queue (transcription-job.ts), as its person's job. */
  queueTranscription(recordingId: string, personId: string, again?: boolean): Promise<void>;
  /** Whether the record's owner agreed to AI processing (decision 122). */
  hasAiConsent(recordId: string): Promise<boolean>;
}

const notFound = { notFound: RECORDING_MESSAGES.notFound, forbidden: RECORDING_MESSAGES.notYourRecord };

function factsOf(row: repository.RecordingRow): RecordFacts {
  return { clientId: row.client, organizationId: row.organization_id, submitted: row.submitted };
}

/**
 * Issue 41 §1–§2: a new upload (tus POST). Only the record's owner, only until submitted, only for
 * a text or long-text question of the record's form, in an audio format we keep, within the length.
 */
export async function checkNewUpload(
  deps: RecordingDeps,
  viewer: Actor | null,
  metadata: Record<string, string | null | undefined>,
  size: number | undefined,
): Promise<Result<UploadMetadata>> {
  if (!viewer) return denial('unauthenticated');
  const recordId = metadata.recordId ?? '';
  const answerKey = metadata.answerKey ?? '';
  const mimeType = metadata.filetype ?? '';
  const durationMs = Number(metadata.durationMs ?? '0');
  if (!isUuid(recordId) || answerKey === '' || mimeType === '' || !Number.isFinite(durationMs))
    return fail('BAD_USER_INPUT', RECORDING_MESSAGES.badMetadata);
  if (!recordingContainer(mimeType) || mimeType.length > 100)
    return fail('BAD_USER_INPUT', RECORDING_MESSAGES.badFormat);
  const record = await getRecord(deps, viewer, recordId);
  if (!record.ok) return record;
  const refused = refusal(decideRecord(viewer, 'saveAnswers', record.value), notFound);
  if (refused) return refused;
  if (!(await textQuestionOf(deps, record.value, answerKey)))
    return fail('BAD_USER_INPUT', RECORDING_MESSAGES.notATextQuestion);
  const tooLong =
    (size !== undefined && size > recordingByteLimit(deps.maxMinutes)) ||
    durationMs > deps.maxMinutes * 60_000 + 10_000;
  if (tooLong) return fail('BAD_USER_INPUT', RECORDING_MESSAGES.tooLong(deps.maxMinutes));
  return ok({
    reportId: recordId,
    answerKey,
    ownerId: viewer.userId,
    mimeType,
    durationMs: Math.round(durationMs),
  });
}

/** Issue 41 §2: a HEAD, PATCH or DELETE of an upload: its owner only (anyone else: not found). */
export async function checkUploadRequest(
  deps: RecordingDeps,
  viewer: Actor | null,
  recordingId: string,
): Promise<Result<repository.RecordingRow>> {
  if (!viewer) return denial('unauthenticated');
  const row = isUuid(recordingId) ? await repository.findRecording(deps.database, recordingId) : undefined;
  if (!row) return denial('not-found', notFound);
  // The record's policy first (who may not even see it is told "not found"; a reader who is not
  // its owner "only the person this record belongs to"), then the upload must be this person's.
  const refused = refusal(decideRecord(viewer, 'saveAnswers', factsOf(row)), notFound);
  if (refused) return refused;
  return row.owner_id === viewer.userId ? ok(row) : denial('not-found', notFound);
}

/**
 * Issue 41 §7: the upload is whole. The recording replaces the answer's earlier one, its descriptor
 * goes into the record's answers (so every screen of the record shows it at once) and, where
 * allowed, its transcription is queued.
 */
export async function completeUpload(
  deps: RecordingDeps,
  recordingId: string,
): Promise<Result<RecordingDescriptor>> {
  const row = await repository.findRecording(deps.database, recordingId);
  if (!row) return denial('not-found', notFound);
  const replaced = await repository.finishRecording(deps.database, recordingId, row.duration_ms);
  if (replaced) await deps.placement.removeRecordings(replaced);
  const state = !deps.transcription
    ? 'not-set-up'
    : (await deps.hasAiConsent(row.report_id))
      ? 'queued'
      : 'no-consent';
  const descriptor: RecordingDescriptor = {
    id: row.id,
    mimeType: row.mime_type,
    durationMs: row.duration_ms,
    bytes: row.received,
    recordedAt: row.created_at.toISOString(),
    transcript: { state },
  };
  const written = await writeAnswersForOwner(deps, row.report_id, {
    [recordingKey(row.answer_key)]: descriptor,
  });
  if (!written.ok) return written;
  if (state === 'queued' && row.client) await deps.queueTranscription(row.id, row.client);
  return ok(descriptor);
}

/**
 * Issue 41 §4: the owner deletes a recording; the question's typed text stays. Its descriptor is
 * cleared only when it still names this recording (a newer one may have replaced it).
 */
export async function deleteRecordingOf(
  deps: RecordingDeps,
  viewer: Actor | null,
  recordingId: string,
): Promise<Result<{ deleted: true }>> {
  const checked = await checkUploadRequest(deps, viewer, recordingId);
  if (!checked.ok) return checked;
  const row = checked.value;
  const record = await getRecord(deps, viewer, row.report_id);
  const answers =
    record.ok && viewer
      ? await openRecord(actorReader(deps, viewer), answersOf(record.value), 'recording.lookup')
      : null;
  if (answers && recordingOf(answers, row.answer_key)?.id === row.id) {
    const written = await writeAnswersForOwner(deps, row.report_id, { [recordingKey(row.answer_key)]: null });
    if (!written.ok) return written;
  }
  await repository.deleteRecording(deps.database, row.id);
  await deps.placement.removeRecordings([row.id]);
  return ok({ deleted: true });
}

/** Issue 41 §5: the owner asks again after a failed transcription (or after giving consent). */
export async function retryTranscription(
  deps: RecordingDeps,
  viewer: Actor | null,
  recordingId: string,
): Promise<Result<{ queued: true }>> {
  const checked = await checkUploadRequest(deps, viewer, recordingId);
  if (!checked.ok) return checked;
  const row = checked.value;
  if (!row.finished_at) return denial('not-found', notFound);
  if (!deps.transcription) return fail('UNAVAILABLE', RECORDING_MESSAGES.notSetUp);
  if (!(await deps.hasAiConsent(row.report_id))) return fail('FORBIDDEN', RECORDING_MESSAGES.noConsent);
  const record = await getRecord(deps, viewer, row.report_id);
  const current =
    record.ok && viewer
      ? recordingOf(
          await openRecord(actorReader(deps, viewer), answersOf(record.value), 'recording.lookup'),
          row.answer_key,
        )
      : null;
  if (!current || current.id !== row.id) return denial('not-found', notFound);
  const written = await writeAnswersForOwner(deps, row.report_id, {
    [recordingKey(row.answer_key)]: { ...current, transcript: { state: 'queued' } },
  });
  if (!written.ok) return written;
  await deps.queueTranscription(row.id, row.client ?? row.owner_id ?? '', true);
  return ok({ queued: true });
}

export interface RecordingAudio {
  mimeType: string;
  size: number;
  durationMs: number;
  /** The opened audio, part after part: never the whole recording in memory at once. */
  bytes(): AsyncGenerator<Buffer>;
}

/**
 * Issue 41 §4: a finished recording for whoever may read the record. For anyone but the owner the
 * audit entry is written first; if it cannot be, nothing is played (decision 122).
 */
export async function openRecordingAudio(
  deps: RecordingDeps,
  request: AuditRequest | null,
  recordingId: string,
): Promise<Result<RecordingAudio>> {
  const viewer = request?.viewer ?? null;
  if (!request || !viewer) return denial('unauthenticated');
  const row = isUuid(recordingId) ? await repository.findRecording(deps.database, recordingId) : undefined;
  if (!row?.finished_at || row.erased) return denial('not-found', notFound);
  const refused = refusal(decideRecord(viewer, 'read', factsOf(row)), notFound);
  if (refused) return refused;
  if (row.client !== viewer.userId)
    await auditRecordReads(deps, request, [{ recordId: row.report_id, action: 'recording.play' }]);
  return ok({
    mimeType: row.mime_type,
    size: row.received,
    durationMs: row.duration_ms,
    bytes: () => openedParts(deps, row),
  });
}

/** The recording's clear bytes in order, a few parts at a time (for playback, export, transcription). */
export async function* openedParts(
  deps: Pick<RecordingDeps, 'database' | 'placement'>,
  row: Pick<repository.RecordingRow, 'id' | 'report_id'>,
): AsyncGenerator<Buffer> {
  let from = 0;
  for (;;) {
    const parts = await repository.partsFrom(deps.database, row.id, from, 8);
    if (parts.length === 0) return;
    for (const part of parts) {
      const sealed = await deps.placement.fetch(row.id, part.start, part.sealed);
      yield await deps.database.vault.openBytes(
        row.report_id,
        'audio',
        sealed,
        partBinding(row.id, part.start),
      );
      from = part.start + part.length;
    }
  }
}

/** Issue 41 §2: deletes unfinished uploads older than 24 hours (every instance may run it). */
export async function deleteExpiredUploads(
  deps: Pick<RecordingDeps, 'database' | 'placement'>,
): Promise<number> {
  const rows = await repository.deleteExpired(deps.database);
  await deps.placement.removeRecordings(rows.map((row) => row.id));
  return rows.length;
}

/**
 * Issue 41 §3: erasure (decision 131) deletes the recordings of the person's records, after their
 * data keys were destroyed: what a backup still holds of them no longer opens either.
 */
export async function eraseRecordingsOf(
  deps: Pick<RecordingDeps, 'database' | 'placement'>,
  recordIds: readonly string[],
): Promise<void> {
  if (recordIds.length === 0) return;
  const rows = await repository.deleteRecordingsOfRecords(deps.database, recordIds);
  await deps.placement.removeRecordings(rows.map((row) => row.id));
}
