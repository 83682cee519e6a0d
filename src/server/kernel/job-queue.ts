/**
 * The durable job queue every module uses for background work (issue 41 §6, issues 42 and 43;
 * decision 180): transcription, book making, reminders. Jobs live in the database, survive
 * restarts, run once across server instances, retry with back-off and report progress.
 *
 * Modules depend on this interface, never on the library behind it (modules/jobs). The app's own
 * is `app.jobs` (plugins/jobs.ts) and `deps.jobs` in services.
 */
export interface JobQueue {
  /**
   * Declares a kind of job and the handler that runs it on this instance. Call it while the app is
   * built (in a module's plugin); a kind is registered once per instance. Every instance must
   * register the kinds it sends, with the same options.
   */
  register<Payload extends object>(kind: string, options: JobKindOptions, handler: JobHandler<Payload>): void;
  /**
   * Queues a job and resolves to its id. The payload is stored in the clear: ids and settings only,
   * never a person's words (checked here: a payload that looks like text throws, a bug in the
   * caller). With a `singletonKey`, while a job of this kind and key is queued or running, the
   * existing job's id comes back instead of a second job.
   */
  send<Payload extends object>(kind: string, payload: Payload, options?: SendOptions): Promise<string>;
  /**
   * A job's state, progress and last error; null when there is no such job (or it was purged). Who
   * may see it is the caller's to decide (its `personId` against the viewer, through `decide`).
   */
  status(id: string): Promise<JobStatus | null>;
  /**
   * Cancels a job that is queued, waiting for a retry or running: it will not run (again). A
   * running handler sees `job.signal` aborted at its next heartbeat; what it finishes is ignored.
   * Resolves to whether there was such a job to cancel.
   */
  cancel(id: string): Promise<boolean>;
  /**
   * Erasure (issue 30 §6): cancels and deletes every job about this person, whatever its state, so
   * nothing runs for them any more and nothing of theirs is kept. Resolves to how many there were.
   */
  forgetPerson(personId: string): Promise<number>;
}

export interface JobKindOptions {
  /** Attempts after the first (1–20, default 3). A shutdown or crash cut counts as one. */
  retryLimit?: number;
  /** Seconds before the first retry (default 10); doubled for each retry after it, with jitter. */
  retryDelaySeconds?: number;
  /** The longest wait between two attempts (default 1 hour). */
  retryDelayMaxSeconds?: number;
  /**
   * Time limit of one attempt (default 5 minutes): past it `job.signal` aborts and the attempt
   * counts as failed.
   */
  expireInSeconds?: number;
  /** Jobs of this kind one instance runs at once (default 1). */
  concurrency?: number;
  /** How long a finished (completed, failed or cancelled) job stays readable (default 7 days). */
  keepSeconds?: number;
}

export interface SendOptions {
  /**
   * The person whose data the job touches. Give it for every such job: erasing the person cancels
   * and deletes their jobs by it (forgetPerson).
   */
  personId?: string;
  /** At most one queued or running job of this kind per key (e.g. `book:<recordId>:pdf`). */
  singletonKey?: string;
  /** Not before this moment (reminders). */
  startAfter?: Date;
}

export interface RunningJob<Payload> {
  id: string;
  kind: string;
  data: Payload;
  personId: string | null;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /**
   * Aborted when the time limit passes, the job is cancelled or the server shuts down and the grace
   * period ends: stop work and throw (or return) soon after.
   */
  signal: AbortSignal;
  /**
   * Reports progress for `status()`: a fraction from 0 to 1 and an optional short note such as
   * "Part 2 of 5" (at most 120 characters; never a person's words). Calls closer together than
   * half a second store only the ones that change the note, so report per step, not per byte.
   */
  progress(fraction: number, note?: string): Promise<void>;
}

/**
 * Runs one attempt. Resolving completes the job; throwing fails the attempt (retried while attempts
 * are left; the error's message, cut to 500 characters, is the job's `error`). A job may run more
 * than once (a crash after the work but before the completion is recorded): make handlers
 * idempotent.
 */
export type JobHandler<Payload> = (job: RunningJob<Payload>) => Promise<void>;

export type JobState = 'queued' | 'active' | 'retrying' | 'completed' | 'failed' | 'cancelled';

export interface JobStatus {
  id: string;
  kind: string;
  personId: string | null;
  state: JobState;
  /** 0 to 1 (1 once completed) and the handler's latest note. */
  progress: { fraction: number; note: string | null };
  /** Attempts started so far. */
  attempts: number;
  /** The last failed attempt's message, or null. */
  error: string | null;
  /** When it may run (next): the delay of `startAfter`, or of the back-off before a retry. */
  runAfter: Date;
  createdAt: Date;
  /** When it completed, failed for good or was cancelled. */
  finishedAt: Date | null;
}
