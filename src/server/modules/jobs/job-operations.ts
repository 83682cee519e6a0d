import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue-storage.ts';

/**
 * Issue 43: a queued job that waits for its start time runs now instead (an operator's "send the
 * next reminder now", the browser test's passing of time). Only a job still waiting is moved;
 * resolves to whether there was one.
 */
export async function startWaitingJobNow(db: Db, id: string): Promise<boolean> {
  const result = await db.execute(
    sql`update ${sql.identifier(JOB_QUEUE_SCHEMA)}.job set start_after = now()
        where id = ${id}::uuid and state = 'created' returning id`,
  );
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return rows.length > 0;
}
