import * as tus from 'tus-js-client';
import { forgetKept, type KeptRecording, keepManifest, keptAudio } from './kept-recordings.ts';

/**
 * Issue 41 §2: sending a kept recording with the tus resumable-upload protocol (tus-js-client). The
 * upload's address is kept with the recording, so a cut connection, a reload or a later visit asks
 * the server how far it got and sends only the rest: at most the 64 KB chunk that was in flight
 * goes again. Offline it waits for the connection; the recording stays kept (encrypted) on this
 * device until the server has all of it. Uploads live outside React, so leaving a section does not
 * stop one; the screen subscribes to their progress.
 */
export const UPLOAD_CHUNK_BYTES = 64 * 1024;
export const UPLOADS_PATH = '/api/recordings/uploads';

export type UploadState =
  | { phase: 'waiting'; reason: 'offline' | 'retrying' }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'done' }
  | { phase: 'refused'; message: string };

export interface UploadContext {
  owner: string;
  recordId: string;
  getIdToken: () => Promise<string | null>;
}

interface Running {
  state: UploadState;
  listeners: Set<() => void>;
}

const running = new Map<string, Running>();

export function uploadStateOf(localId: string): UploadState | undefined {
  return running.get(localId)?.state;
}

export function subscribeUpload(localId: string, listener: () => void): () => void {
  const entry = running.get(localId);
  if (!entry) return () => {};
  entry.listeners.add(listener);
  return () => entry.listeners.delete(listener);
}

/** Starts sending a kept recording (once: a second call for the same recording joins the first). */
export function sendKeptRecording(context: UploadContext, kept: KeptRecording): void {
  if (running.has(kept.localId)) return;
  const entry: Running = { state: { phase: 'sending', sent: 0, total: 0 }, listeners: new Set() };
  running.set(kept.localId, entry);
  const set = (state: UploadState) => {
    entry.state = state;
    for (const listener of entry.listeners) listener();
  };
  let current = kept;
  const attempt = async () => {
    if (!navigator.onLine) {
      set({ phase: 'waiting', reason: 'offline' });
      window.addEventListener('online', () => void attempt(), { once: true });
      return;
    }
    const audio = await keptAudio(context.owner, context.recordId, current);
    const upload = new tus.Upload(audio, {
      endpoint: new URL(UPLOADS_PATH, window.location.origin).href,
      ...(current.uploadUrl ? { uploadUrl: current.uploadUrl } : {}),
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000, 5_000],
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      metadata: {
        recordId: context.recordId,
        answerKey: current.answerKey,
        filetype: current.mimeType,
        durationMs: String(current.durationMs),
      },
      onBeforeRequest: async (request) => {
        const token = await context.getIdToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onUploadUrlAvailable: async () => {
        current = { ...current, uploadUrl: upload.url ?? undefined };
        await keepManifest(context.owner, context.recordId, current);
      },
      onProgress: (sent, total) => set({ phase: 'sending', sent, total }),
      onSuccess: async () => {
        await forgetKept(context.owner, context.recordId, current);
        set({ phase: 'done' });
      },
      onError: async (error) => {
        const response = (error as tus.DetailedError).originalResponse;
        const status = response?.getStatus() ?? 0;
        if ((status === 404 || status === 410) && current.uploadUrl) {
          // The server no longer has the unfinished upload (24 hours passed): send it anew.
          current = { ...current, uploadUrl: undefined };
          await keepManifest(context.owner, context.recordId, current);
          return void attempt();
        }
        if (
          status >= 400 &&
          status < 500 &&
          status !== 408 &&
          status !== 409 &&
          status !== 423 &&
          status !== 429
        ) {
          set({
            phase: 'refused',
            message: response?.getBody() || 'The server did not take this recording.',
          });
          return;
        }
        // The network or the server is away: try again when back (or in a while).
        set({ phase: 'waiting', reason: navigator.onLine ? 'retrying' : 'offline' });
        if (navigator.onLine) setTimeout(() => void attempt(), 10_000);
        else window.addEventListener('online', () => void attempt(), { once: true });
      },
    });
    upload.start();
  };
  void attempt().catch(() =>
    set({ phase: 'refused', message: 'This recording could not be read on this device.' }),
  );
}

/** Forgets a refused upload's progress so the person can try it again. */
export function clearUpload(localId: string): void {
  running.delete(localId);
}
