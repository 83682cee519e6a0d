import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type TranscriptionDeps, transcribeRecording } from './transcription-job.ts';

/**
 * Runs transcription jobs in this process, one at a time, in the background of the request that
 * queued them. A stand-in until the durable job queue (issue 41 §6, modules/jobs) lands: a restart
 * loses a queued job (the recording is kept; the person can ask again).
 */
export function inProcessTranscriptions(deps: TranscriptionDeps, log: FastifyBaseLogger) {
  let chain: Promise<void> = Promise.resolve();
  return {
    queue: async (recordingId: string) => {
      chain = chain.then(() =>
        transcribeRecording(deps, {
          id: randomUUID(),
          data: { recordingId },
          progress: async () => {},
        }).catch((error: unknown) =>
          log.warn({ err: error, recordingId }, 'transcribing a recording failed'),
        ),
      );
    },
    idle: () => chain,
  };
}
