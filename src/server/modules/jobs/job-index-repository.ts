import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { JOB_QUEUE_SCHEMA } from '../../db/job-queue-storage.ts';
import { column, prepared, runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { backgroundJobs } from '../../db/schema.ts';

/**
 * Our row beside each of the library's jobs (decision 180): whom it is about and the progress its
 * handler reports. Only this module reads or writes `background_jobs`.
 */
export type JobIndexRow = Pick<
  typeof backgroundJobs.$inferSelect,
  'id' | 'kind' | 'personId' | 'progress' | 'progressNote'
>;

type Writer = Pick<Db, 'insert'>;

/** Written in the transaction that queues the job, so neither exists without the other. */
export async function insertJobIndex(
  writer: Writer,
  row: { id: string; kind: string; personId: string | null },
): Promise<void> {
  await writer.insert(backgroundJobs).values(row);
}

export async function findJobIndex(database: Database, id: string): Promise<JobIndexRow | undefined> {
  const [row] = await database.db
    .select({
      id: backgroundJobs.id,
      kind: backgroundJobs.kind,
      personId: backgroundJobs.personId,
      progress: backgroundJobs.progress,
      progressNote: backgroundJobs.progressNote,
    })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.id, id));
  return row;
}

/**
 * An attempt starts from no progress. Resolves to the job's person, or undefined when the row is
 * gone: the job was forgotten (an erasure) after the library handed it out, so it must not run.
 */
export async function startAttempt(
  database: Database,
  id: string,
): Promise<{ personId: string | null } | undefined> {
  const [row] = await database.db
    .update(backgroundJobs)
    .set({ progress: 0, progressNote: null, progressAt: sql`now()` })
    .where(eq(backgroundJobs.id, id))
    .returning({ personId: backgroundJobs.personId });
  return row;
}

export async function setProgress(
  database: Database,
  id: string,
  fraction: number,
  note: string | null,
): Promise<void> {
  await database.db
    .update(backgroundJobs)
    .set({ progress: fraction, progressNote: note, progressAt: sql`now()` })
    .where(eq(backgroundJobs.id, id));
}

export async function jobsOfPerson(
  database: Database,
  personId: string,
): Promise<{ id: string; kind: string }[]> {
  return database.db
    .select({ id: backgroundJobs.id, kind: backgroundJobs.kind })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.personId, personId));
}

export async function deleteJobIndex(database: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await database.db.delete(backgroundJobs).where(inArray(backgroundJobs.id, [...ids]));
}

const SWEEP_PURGED_JOBS = prepared<ColumnsOfRow<typeof backgroundJobs, 'id'>>(
  'jobs-sweep-purged',
  sql`delete from ${backgroundJobs}
      where not exists (select 1 from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job j
                        where j.name = ${backgroundJobs.kind} and j.id = ${backgroundJobs.id})
      returning ${column(backgroundJobs.id)}`,
);

/**
 * Removes our rows of jobs the library has purged (after their retention, decision 180). Its job
 * table is keyed by (name, id), so the lookup names both. Rows of a job still being queued are never
 * seen half-way: both are written in one transaction.
 */
export async function sweepPurgedJobs(database: Database): Promise<number> {
  const removed = await runPrepared(database, SWEEP_PURGED_JOBS);
  return removed.length;
}
