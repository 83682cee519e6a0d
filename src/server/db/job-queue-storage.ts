import { type Db as LibraryDatabase, PgBoss } from 'pg-boss';
import type { Database } from './database.ts';

/**
 * Decision 180: the job queue library (pg-boss) keeps its jobs in tables of its own, in this schema,
 * beside ours in `public`. It creates and migrates them itself (its versions and migrations are its
 * own, and copying its SQL into our migrations would freeze a copy to regenerate at every upgrade);
 * migrateDatabase has it do so before any server serves, under our migration lock on PostgreSQL,
 * because the library's own check-then-create is not safe against several instances starting at
 * once. The running queue (modules/jobs) then finds nothing left to install.
 */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * The library's database door over ours: every statement goes through `Database.query` (with
 * values) or `Database.exec` (a script without), so it runs on PGlite and PostgreSQL alike and
 * never inside another caller's transaction. LISTEN goes through `Database.listen`, so a new job
 * wakes idle workers at once, in-process on PGlite and across instances on PostgreSQL.
 */
export function libraryDatabase(database: Pick<Database, 'query' | 'exec' | 'listen'>): LibraryDatabase {
  return {
    executeSql: async (text, values) => ({
      rows: values?.length ? await database.query(text, values) : await database.exec(text),
    }),
    listen: async (channel, onNotification, onReconnect) => {
      const stop = await database.listen(channel, onNotification);
      // Polling stays the floor: a notification lost in a reconnect delays a job by one poll at most.
      onReconnect();
      return { close: stop };
    },
  };
}

/** The library's constructor options shared by the installer and the running queue. */
export function libraryOptions(database: Database) {
  return {
    db: libraryDatabase(database),
    backend: database.kind,
    schema: JOB_QUEUE_SCHEMA,
    // No cron: reminders are jobs with a start time, sent by their module.
    schedule: false,
    // Nothing of ours reads the library's instance registry; it would only add writes.
    registerInstance: false,
    openTelemetry: { enabled: false },
  } as const;
}

/**
 * Creates or migrates the library's tables (migrateDatabase calls it under the migration lock). The
 * library does it at start with `migrate: true`; nothing else of it is started or left running.
 */
export async function installJobQueueSchema(database: Database): Promise<void> {
  const installer = new PgBoss({ ...libraryOptions(database), migrate: true, supervise: false });
  const errors: unknown[] = [];
  installer.on('error', (error) => errors.push(error));
  try {
    await installer.start();
  } finally {
    await installer.stop({ graceful: false, close: false });
  }
  if (errors.length > 0) throw errors[0];
}
