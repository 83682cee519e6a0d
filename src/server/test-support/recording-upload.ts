import * as tus from 'tus-js-client';
import { UPLOADS_PATH } from '../modules/recordings/recording-routes.ts';

/** What a test says about the upload it starts through the real tus client (issue 41 §2). */
export interface RecordingUploadInput {
  baseUrl: string;
  token: string;
  recordId: string;
  answerKey: string;
  audio: Buffer;
  mimeType?: string;
  durationMs?: number;
  chunkSize?: number;
  /** Resume this upload instead of creating one. */
  uploadUrl?: string;
  /** Stop (abort the running PATCH) once this many bytes were acknowledged. */
  stopAfter?: number;
}

export interface RecordingUploadOutcome {
  url: string | null;
  /** The offset acknowledged last. */
  offset: number;
  error?: { status: number | undefined; body: string };
}

/** Uploads (or resumes) a recording with tus-js-client, as the browser does. */
export function uploadRecording(input: RecordingUploadInput): Promise<RecordingUploadOutcome> {
  return new Promise((resolve) => {
    let offset = 0;
    const upload: tus.Upload = new tus.Upload(input.audio, {
      endpoint: `${input.baseUrl}${UPLOADS_PATH}`,
      ...(input.uploadUrl ? { uploadUrl: input.uploadUrl } : {}),
      headers: { authorization: `Bearer ${input.token}` },
      chunkSize: input.chunkSize ?? 64 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      metadata: {
        recordId: input.recordId,
        answerKey: input.answerKey,
        filetype: input.mimeType ?? 'audio/webm;codecs=opus',
        durationMs: String(input.durationMs ?? 30_000),
      },
      onChunkComplete: (_chunk, accepted) => {
        offset = accepted;
        if (input.stopAfter !== undefined && accepted >= input.stopAfter) {
          void upload.abort(false).then(() => resolve({ url: upload.url, offset }));
        }
      },
      onSuccess: () => resolve({ url: upload.url, offset: input.audio.length }),
      onError: (error) => {
        const failed = error as tus.DetailedError;
        resolve({
          url: upload.url,
          offset,
          error: {
            status: failed.originalResponse?.getStatus(),
            body: failed.originalResponse?.getBody() ?? error.message,
          },
        });
      },
    });
    upload.start();
  });
}
