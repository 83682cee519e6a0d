import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss } from 'pg-boss';
import { checkJobPayload } from '#domain/job-payload.ts';
import type { Database, Db } from '../../db/database.ts';
import { libraryOptions } from '../../db/job-queue-storage.ts';
import type { JobHandler, JobKindOptions, JobQueue, JobStatus, SendOptions } from '../../kernel/job-queue.ts';
import {
  deleteJobIndex,
  findJobIndex,
  insertJobIndex,
  jobsOfPerson,
  sweepPurgedJobs,
} from './job-index-repository.ts';
import {
  queueOptions,
  type ResolvedKindOptions,
  resolveKindOptions,
  resolveSendOptions,
  workOptions,
} from './job-kind-options.ts';
import { type JobLog, runnerFor } from './job-runner.ts';
import { toJobStatus } from './job-status.ts';

export interface JobQueueSettings {
  log: JobLog;
  /** Whether this instance runs handlers; false for a process that only sends (default true). */
  workers?: boolean;
  /** How often an idle worker looks for due jobs (default 2 s; the library's least is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** At shutdown, how long running jobs may take to finish before they are cut (default 5 s). */
  shutdownGraceSeconds?: number;
}

/** The queue with the lifecycle its owner (plugins/jobs.ts, tests) drives. */
export interface ManagedJobQueue extends JobQueue {
  /** After migrations (the library's tables exist): creates the kinds' queues, starts the workers. */
  start(): Promise<void>;
  /**
   * Stops fetching, lets running jobs finish within the grace period, then fails what is left so it
   * is retried (on this instance after a restart, or on another one). The database stays open.
   */
  stop(): Promise<void>;
  /** Runs the library's maintenance (time limits, retention) and removes our rows of purged jobs. */
  maintain(): Promise<void>;
}

/** Our rows of purged jobs are removed this often, besides at start and in maintain(). */
const SWEEP_INTERVAL_MS = 15 * 60_000;

class Duplicate extends Error {}

/** The library's statements inside one of our Drizzle transactions, through its own adapter. */
function inTransaction(tx: Pick<Db, 'execute'>) {
  return fromDrizzle({ execute: (query) => tx.execute(query as SQL) as Promise<{ rows: unknown[] }> }, sql);
}

/**
 * The library's worker waits its polling interval after every job, even with more waiting. Told
 * that a job ended, the kind's workers fetch again at once, so a backlog drains at the handlers'
 * pace; a fetch that finds nothing puts a worker back to polling.
 */
function wakeWorkers(library: PgBoss, kind: string): void {
  for (const worker of library.getWipData()) if (worker.name === kind) library.notifyWorker(worker.id);
}

/** What the library's cancel and delete answer (its declared type leaves the fields out). */
type Affected = { affected: number };

/**
 * A kind whose queue is gone (a kind a later version dropped) has no jobs left: the library says
 * so with this code, and reading or forgetting its jobs finds none rather than failing an erasure.
 */
async function unlessQueueGone<T>(work: () => Promise<T>, gone: T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'PGBOSS_QUEUE_NOT_FOUND') return gone;
    throw error;
  }
}

interface Kind {
  options: ResolvedKindOptions;
  handler: JobHandler<object>;
}

/** The job queue on pg-boss, over our Database (decision 180). */
export function createJobQueue(database: Database, settings: JobQueueSettings): ManagedJobQueue {
  const kinds = new Map<string, Kind>();
  const polling = settings.pollingIntervalSeconds ?? 2;
  let boss: PgBoss | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const running = (): PgBoss => {
    if (!boss) throw new Error('The job queue is not running (it starts when the app is ready).');
    return boss;
  };

  const sweep = async () => {
    try {
      await sweepPurgedJobs(database);
    } catch (error) {
      settings.log.error({ err: error }, 'sweeping purged jobs failed');
    }
  };

  /** With a singleton key taken, the job of that key that is still queued or running. */
  const existingJob = async (kind: string, singletonKey: string): Promise<string | undefined> => {
    const jobs = await running().findJobs(kind, { key: singletonKey });
    return jobs.find((job) => ['created', 'retry', 'active'].includes(job.state))?.id;
  };

  const queueJob = async (kind: string, payload: object, options: SendOptions): Promise<string | null> => {
    const id = randomUUID();
    try {
      await database.db.transaction(async (tx) => {
        await insertJobIndex(tx, { id, kind, personId: options.personId ?? null });
        const sent = await running().send(kind, payload, {
          id,
          singletonKey: options.singletonKey ?? id,
          startAfter: options.startAfter,
          db: inTransaction(tx),
        });
        if (sent === null) throw new Duplicate();
      });
      return id;
    } catch (error) {
      if (error instanceof Duplicate) return null;
      throw error;
    }
  };

  return {
    register(kind, options: JobKindOptions, handler) {
      if (boss)
        throw new Error(`Job kind "${kind}": register kinds while the app is built, before it starts.`);
      if (kinds.has(kind)) throw new Error(`Job kind "${kind}" is registered twice.`);
      kinds.set(kind, { options: resolveKindOptions(kind, options), handler: handler as JobHandler<object> });
    },

    async send(kind, payload, options = {}) {
      if (!kinds.has(kind)) throw new Error(`Job kind "${kind}" is not registered on this instance.`);
      const check = checkJobPayload(payload);
      if (!check.ok)
        throw new Error(`A "${kind}" job's payload holds ids and settings only: ${check.problem}`);
      const resolved = resolveSendOptions(kind, options);
      // A duplicate key names a job still queued or running; should it finish in between, a second
      // try queues a new one.
      for (let attempt = 0; attempt < 3; attempt++) {
        const id = await queueJob(kind, payload, resolved);
        if (id) return id;
        const existing = resolved.singletonKey && (await existingJob(kind, resolved.singletonKey));
        if (existing) return existing;
      }
      throw new Error(`Could not queue a "${kind}" job: its singleton key stayed taken.`);
    },

    async status(id): Promise<JobStatus | null> {
      const row = await findJobIndex(database, id);
      if (!row) return null;
      const [job] = await unlessQueueGone(() => running().findJobs(row.kind, { id }), []);
      return job ? toJobStatus(row, job) : null;
    },

    async cancel(id) {
      const row = await findJobIndex(database, id);
      if (!row) return false;
      const result = await unlessQueueGone(() => running().cancel(row.kind, id), { affected: 0 });
      return (result as Affected).affected > 0;
    },

    async forgetPerson(personId) {
      const jobs = await jobsOfPerson(database, personId);
      const idsByKind = Map.groupBy(jobs, (job) => job.kind);
      for (const [kind, ofKind] of idsByKind) {
        const ids = ofKind.map((job) => job.id);
        // Cancelled first, so a handler running one sees it at its next heartbeat; then deleted with
        // its payload. Our rows go last: a job handed out meanwhile finds no row and does not run.
        await unlessQueueGone(async () => {
          await running().cancel(kind, ids);
          await running().deleteJob(kind, ids);
        }, undefined);
      }
      await deleteJobIndex(
        database,
        jobs.map((job) => job.id),
      );
      return jobs.length;
    },

    async start() {
      if (boss) return;
      const library = new PgBoss({ ...libraryOptions(database), migrate: true, useListenNotify: true });
      library.on('error', (error) => settings.log.error({ err: error }, 'job queue error'));
      library.on('warning', (warning) => settings.log.warn({ warning }, 'job queue warning'));
      await library.start();
      boss = library;
      for (const [kind, { options }] of kinds) {
        // createQueue keeps an existing queue as it is; updateQueue brings its options up to date.
        await library.createQueue(kind, queueOptions(options));
        const { policy: _fixed, ...changeable } = queueOptions(options);
        await library.updateQueue(kind, changeable);
      }
      if (settings.workers ?? true) {
        for (const [kind, { options, handler }] of kinds) {
          const run = runnerFor(database, kind, handler, settings.log);
          await library.work<object>(kind, workOptions(options, polling), async (jobs) => {
            try {
              await run(jobs);
            } finally {
              wakeWorkers(library, kind);
            }
          });
        }
      }
      await sweep();
      sweepTimer = setInterval(sweep, SWEEP_INTERVAL_MS);
      sweepTimer.unref();
    },

    async stop() {
      clearInterval(sweepTimer);
      const library = boss;
      if (!library) return;
      boss = undefined;
      await library.stop({
        graceful: true,
        timeout: (settings.shutdownGraceSeconds ?? 5) * 1000,
        close: false,
      });
    },

    async maintain() {
      await running().supervise();
      await sweepPurgedJobs(database);
    },
  };
}
