import { Readable } from 'node:stream';
import { Server as TusServer } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RECORDING_MESSAGES, recordingByteLimit } from '#domain/voice-answers.ts';
import { sendResult } from '../../kernel/http-result.ts';
import { HTTP_STATUS, type Result } from '../../kernel/result.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import type { Viewer } from '../identity/viewer.ts';
import { requireAiConsent } from '../records/record-consent-service.ts';
import { MY_DATA_ARCHIVE_NAME, myDataArchive } from './my-recordings-archive.ts';
import {
  checkNewUpload,
  checkUploadRequest,
  completeUpload,
  deleteExpiredUploads,
  deleteRecordingOf,
  openRecordingAudio,
  type RecordingDeps,
  retryTranscription,
} from './recording-service.ts';
import { databasePlacement, type SealedPartPlacement } from './sealed-part-placement.ts';
import { SealedUploadStore } from './sealed-upload-store.ts';
import { createTranscriber, type Transcriber } from './transcriber.ts';
import {
  TRANSCRIPTION_JOB,
  TRANSCRIPTION_JOB_OPTIONS,
  type TranscriptionPayload,
  transcribeRecording,
} from './transcription-job.ts';
import { wizardTranscriptRoute } from './wizard-transcript.ts';

export const UPLOADS_PATH = '/api/recordings/uploads';
const EXPIRY_SWEEP_MS = 10 * 60_000;

export interface RecordingRouteOptions {
  /** Where sealed parts lie: the database unless configured (RECORDING_STORE) or a test says. */
  placement?: SealedPartPlacement;
  /** The transcription endpoint; the configured one (TRANSCRIPTION_*, else OPENAI_*) by default. */
  transcriber?: Transcriber;
}

/** A refusal as tus answers it: the status and the sentence the person reads. */
function tusRefusal(result: Extract<Result<unknown>, { ok: false }>) {
  return { status_code: HTTP_STATUS[result.failure.code], body: result.failure.message };
}

/**
 * Issue 41 §2–§4: the resumable upload (tus 1.0 at /api/recordings/uploads, served by @tus/server
 * over our sealed store), the audio for playback, a recording's deletion and a new transcription.
 * The person's sign-in is checked by Fastify before tus sees a request; tus never serves audio.
 */
export async function recordingRoutes(app: FastifyInstance, options: RecordingRouteOptions): Promise<void> {
  const base = serviceDeps(app);
  const placement = options.placement ?? databasePlacement;
  const hasAiConsent = async (recordId: string) => (await requireAiConsent(base, recordId)).ok;
  const settings = app.config.recordings.transcription;
  const transcriber = options.transcriber ?? (settings ? createTranscriber(settings) : undefined);
  // Issue 41 §6: transcription is a job of the durable queue (decision 180): it survives a restart,
  // runs once across instances and retries with back-off. Every instance registers it alike.
  if (transcriber) {
    const jobDeps = { ...base, placement, transcriber, hasAiConsent };
    app.jobs.register<TranscriptionPayload>(TRANSCRIPTION_JOB, TRANSCRIPTION_JOB_OPTIONS, (job) =>
      transcribeRecording(jobDeps, job),
    );
  }
  const deps: RecordingDeps = {
    ...base,
    placement,
    maxMinutes: app.config.recordings.maxMinutes,
    transcription: transcriber !== undefined,
    // One job per recording at a time; the person asking again starts one now (the handler is
    // idempotent: whichever finishes last writes the same transcript).
    queueTranscription: async (recordingId, personId, again = false) => {
      await base.jobs.send<TranscriptionPayload>(
        TRANSCRIPTION_JOB,
        { recordingId },
        { personId, singletonKey: again ? `${recordingId}:${Date.now()}` : recordingId },
      );
    },
    hasAiConsent,
  };
  // Decision 188: the inventory wizard's recordings, transcribed without being stored.
  wizardTranscriptRoute(app, { ...base, transcriber, maxMinutes: deps.maxMinutes });
  const store = new SealedUploadStore(app.database, placement);
  const viewers = new WeakMap<object, Viewer>();
  const viewerOf = (req: { runtime?: { node?: { req?: object } } }) => {
    const raw = req.runtime?.node?.req;
    return raw ? (viewers.get(raw) ?? null) : null;
  };
  const tus = new TusServer({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    maxSize: recordingByteLimit(deps.maxMinutes),
    namingFunction: () => crypto.randomUUID(),
    onUploadCreate: async (req, upload) => {
      const checked = await checkNewUpload(deps, viewerOf(req), upload.metadata ?? {}, upload.size);
      if (!checked.ok) throw tusRefusal(checked);
      store.checked.set(upload.id, checked.value);
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      const done = await completeUpload(deps, upload.id);
      if (!done.ok) throw tusRefusal(done);
      return {};
    },
    // tus's own words for an upload past the limit name no limit; ours say what happened.
    onResponseError: (_req, error) => {
      if ('status_code' in error && error.status_code === 413)
        return { status_code: 413, body: RECORDING_MESSAGES.tooLong(deps.maxMinutes) };
      if ('status_code' in error && error.status_code === 410)
        return { status_code: 410, body: RECORDING_MESSAGES.expired };
      return undefined;
    },
  });

  // The upload's body is tus's to read: Fastify leaves it unparsed (and unlimited by its 1 MB body
  // limit: tus limits a recording to its byte limit).
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest<{ Params: { id?: string } }>, reply: FastifyReply) => {
    const viewer = await app.authenticate(request);
    const id = request.params.id;
    if (id !== undefined && request.method !== 'OPTIONS') {
      const allowed = await checkUploadRequest(deps, viewer, id);
      if (!allowed.ok) return sendResult(reply, allowed);
    }
    viewers.set(request.raw, viewer);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;
  app.route({ method: [...methods], url: UPLOADS_PATH, handler: handOver });
  app.route({ method: [...methods], url: `${UPLOADS_PATH}/:id`, handler: handOver });

  app.get<{ Params: { id: string } }>('/api/recordings/:id/audio', async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    const audio = await openRecordingAudio(
      deps,
      viewer && { viewer, requestId: request.id },
      request.params.id,
    );
    if (!audio.ok) return sendResult(reply, audio);
    return reply
      .header('content-type', audio.value.mimeType.split(';')[0] ?? 'audio/webm')
      .header('content-length', String(audio.value.size))
      .header('cache-control', 'no-store')
      .header('x-duration-ms', String(audio.value.durationMs))
      .send(Readable.from(audio.value.bytes()));
  });

  // Issue 41 §3: Download my data with the recordings, as a ZIP streamed part after part.
  app.get('/api/my-data/archive', async (request, reply) => {
    const viewer = await app.authenticate(request);
    const archive = await myDataArchive(deps, viewer);
    if (!archive.ok) return sendResult(reply, archive);
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${MY_DATA_ARCHIVE_NAME}"`)
      .send(Readable.from(archive.value));
  });

  app.delete<{ Params: { id: string } }>('/api/recordings/:id', async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await deleteRecordingOf(deps, viewer, request.params.id));
  });

  app.post<{ Params: { id: string } }>('/api/recordings/:id/transcription', async (request, reply) => {
    const viewer = await app.viewers.forRequest(request);
    return sendResult(reply, await retryTranscription(deps, viewer, request.params.id), 202);
  });

  // Issue 41 §2: unfinished uploads go after 24 hours (any instance may sweep; each row goes once).
  const sweep = () =>
    deleteExpiredUploads(deps).catch((error: unknown) =>
      app.log.warn({ err: error }, 'deleting expired recording uploads failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
