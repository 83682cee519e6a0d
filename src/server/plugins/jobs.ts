import fp from 'fastify-plugin';
import type { JobQueue } from '../kernel/job-queue.ts';
import { createJobQueue, type JobQueueSettings } from '../modules/jobs/pg-boss-job-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (kernel/job-queue.ts, decision 180); services reach it as `deps.jobs`. */
    jobs: JobQueue;
  }
}

export type JobQueueTuning = Omit<JobQueueSettings, 'log'>;

/**
 * Issue 41 §6: the job queue, shared by the modules that register kinds of background work while
 * the app is built. It starts once the app is ready (main.ts has migrated the database by then,
 * the library's tables included) and stops first at shutdown, before in-flight requests end and
 * long before the database closes: running jobs get the grace period to finish, and what is cut is
 * retried, so no job is lost.
 */
export const jobsPlugin = fp<{ tuning?: JobQueueTuning }>(
  async (app, { tuning }) => {
    const queue = createJobQueue(app.database, { ...tuning, log: app.log });
    app.decorate('jobs', queue);
    app.addHook('onReady', () => queue.start());
    app.addHook('preClose', () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
