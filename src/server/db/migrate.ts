import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database, DatabaseTarget } from './database.ts';
import { sealLegacyRows } from './encryption/seal-legacy-rows.ts';
import { replaceClearServerSecrets } from './encryption/server-state-sealing.ts';
import { installJobQueueSchema } from './job-queue-storage.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant works; it only has to be the same for every server instance.
const MIGRATION_LOCK_KEY = 7_406_130_215;

/**
 * Applies pending migrations, then has the job queue library create or migrate its own tables
 * (decision 180). On PostgreSQL several servers may start at once, so the migrator runs on its own
 * connection holding an advisory lock: the first applies, the others wait and find nothing left to
 * do. PGlite is single-process (guarded by the data directory lock).
 */
export async function migrateDatabase(
  database: Database,
  target: DatabaseTarget,
  log: (line: string) => void = () => {},
): Promise<void> {
  await applyMigrations(database, target);
  // Issue 30 §4: plaintext of before encryption at rest is sealed before anything reads it.
  await sealLegacyRows(database, log);
  // Issue 38 §1: signing and cookie keys of before sealing are replaced, never used again.
  await replaceClearServerSecrets(database, log);
}

async function applyMigrations(database: Database, target: DatabaseTarget): Promise<void> {
  if (target.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await installJobQueueSchema(database);
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
      // Through the pool, while this connection holds the lock that keeps other instances out.
      await installJobQueueSchema(database);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
