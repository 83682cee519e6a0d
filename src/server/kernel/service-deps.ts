import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import type { RecordChanges } from './record-changes.ts';

/** What the services of the data API work with; resolvers and routes pass the app's own. */
export interface ServiceDeps {
  database: Database;
  /** Live updates: every change of a record is published (src/serv./record-changes.ts). */
  changes: RecordChanges;
  /** Forgets cached viewers of a user after their roles or organization changed. */
  invalidateUser(userId: string): Promise<void>;
  /** Background work (decision 180): send, status, cancel; an erasure forgets the person's jobs. */
  jobs: JobQueue;
}

/** The app's own dependencies for the services. */
export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return {
    database: app.database,
    changes: app.recordChanges,
    invalidateUser: (userId) => app.viewers.invalidateUser(userId),
    jobs: app.jobs,
  };
}
