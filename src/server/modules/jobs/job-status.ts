import type { JobWithMetadata } from 'pg-boss';
import type { JobState, JobStatus } from '../../kernel/job-queue.ts';
import type { JobIndexRow } from './job-index-repository.ts';

const STATES: Record<JobWithMetadata['state'], JobState> = {
  created: 'queued',
  retry: 'retrying',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** A job as `status()` tells it: the library's state and times, our progress. */
export function toJobStatus(row: JobIndexRow, job: JobWithMetadata<unknown>): JobStatus {
  const state = STATES[job.state];
  return {
    id: row.id,
    kind: row.kind,
    personId: row.personId,
    state,
    progress: {
      fraction: state === 'completed' ? 1 : row.progress,
      note: row.progressNote,
    },
    // The library counts claims after the first in retryCount, and sets startedOn at the first.
    attempts: job.startedOn ? job.retryCount + 1 : 0,
    error: state === 'completed' ? null : errorMessage(job.output),
    runAfter: new Date(job.startAfter),
    createdAt: new Date(job.createdOn),
    finishedAt: job.completedOn ? new Date(job.completedOn) : null,
  };
}

/**
 * A failed attempt leaves `{ message }` as the job's output (job-runner.ts storedError); the library's
 * own failures (a time limit, a shutdown cut) leave a message or `{ value: message }`.
 */
function errorMessage(output: unknown): string | null {
  if (typeof output === 'string') return output;
  if (typeof output !== 'object' || output === null) return null;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === 'string') return message;
  return typeof value === 'string' ? value : null;
}
