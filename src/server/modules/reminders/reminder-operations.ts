import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reminders } from '../../db/schema.ts';
import { startWaitingJobNow } from '../jobs/job-operations.ts';

/** Issue 43 (CLI `send-reminder-now`): the record's waiting reminder job runs now. */
export async function sendNextReminderNow(db: Db, recordId: string): Promise<boolean> {
  const [row] = await db
    .select({ jobId: reminders.jobId })
    .from(reminders)
    .where(eq(reminders.recordId, recordId));
  return row?.jobId ? startWaitingJobNow(db, row.jobId) : false;
}

/**
 * Erasure (issue 30 §6): the person's reminder settings go with them (their jobs are forgotten by
 * the job queue's `forgetPerson`). Resolves to how many records had one.
 */
export async function forgetRemindersOf(db: Db, ownerId: string): Promise<number> {
  const rows = await db
    .delete(reminders)
    .where(eq(reminders.ownerId, ownerId))
    .returning({ id: reminders.recordId });
  return rows.length;
}
