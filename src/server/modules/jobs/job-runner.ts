import type { Job } from 'pg-boss';
import type { Database } from '../../db/database.ts';
import type { JobHandler } from '../../kernel/job-queue.ts';
import { setProgress, startAttempt } from './job-index-repository.ts';

export const MAX_PROGRESS_NOTE = 120;
export const MAX_ERROR_MESSAGE = 500;
/** Progress calls closer together than this store only the ones that change the note. */
const PROGRESS_INTERVAL_MS = 500;

export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The library's handler for one kind: resets the job's progress, runs our handler with the job as
 * modules see it (kernel/job-queue.ts), and turns a failure into the short message the job keeps.
 */
export function runnerFor<Payload extends object>(
  database: Database,
  kind: string,
  handler: JobHandler<Payload>,
  log: JobLog,
): (jobs: Job<Payload>[]) => Promise<void> {
  return async (jobs) => {
    for (const job of jobs) {
      const started = await startAttempt(database, job.id);
      // Forgotten (an erasure) after the library handed it out: it must not run.
      if (!started) continue;
      try {
        await handler({
          id: job.id,
          kind,
          data: job.data,
          personId: started.personId,
          attempt: job.retryCount + 1,
          signal: job.signal,
          progress: progressReporter(database, job.id),
        });
      } catch (error) {
        log.warn({ err: error, jobId: job.id, kind, attempt: job.retryCount + 1 }, 'a job attempt failed');
        throw storedError(error);
      }
    }
  };
}

function progressReporter(database: Database, id: string) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let lastNote: string | null = null;
  return async (fraction: number, note?: string): Promise<void> => {
    if (!Number.isFinite(fraction)) throw new Error('Job progress must be a number from 0 to 1.');
    if (note !== undefined && note.length > MAX_PROGRESS_NOTE)
      throw new Error(`A job's progress note is at most ${MAX_PROGRESS_NOTE} characters.`);
    const clamped = Math.min(1, Math.max(0, fraction));
    const stored = note ?? null;
    const now = Date.now();
    if (stored === lastNote && clamped < 1 && now - lastAt < PROGRESS_INTERVAL_MS) return;
    lastAt = now;
    lastNote = stored;
    await setProgress(database, id, clamped, stored);
  };
}

/**
 * What the job keeps of a failure: its message, cut short, without a stack. The full error went to
 * the log above.
 */
function storedError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const stored = new Error(
    message.length > MAX_ERROR_MESSAGE ? `${message.slice(0, MAX_ERROR_MESSAGE - 1)}…` : message,
  );
  stored.stack = undefined;
  return stored;
}
