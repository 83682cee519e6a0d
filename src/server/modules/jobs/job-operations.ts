import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue-storage.ts';
import { prepared, runStatement, value } from '../../db/prepared-query.ts';

// The job table is the queue library's own (decision 180), not in schema.ts: its columns by name.
const START_WAITING_JOB_NOW = prepared<{ id: string }>(
  'jobs-start-waiting-job-now',
  sql`update ${sql.identifier(JOB_QUEUE_SCHEMA)}.job set start_after = now()
      where id = ${value('id')}::uuid and state = 'created' returning id`,
);

/**
 * Issue 43: a queued job that waits for its start time runs now instead (an operator's "send the
 * next reminder now", the browser test's passing of time). Only a job still waiting is moved;
 * resolves to whether there was one.
 */
export async function startWaitingJobNow(db: Db, id: string): Promise<boolean> {
  const rows = await runStatement(db, START_WAITING_JOB_NOW, { id });
  return rows.length > 0;
}
