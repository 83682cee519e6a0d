import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, type DatabaseTarget, openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { createRecordChanges } from '../kernel/record-changes.ts';
import type { RecordWriteDeps } from '../kernel/record-writes.ts';

/**
 * Issue 30: the key-encryption key of test databases on PostgreSQL (a test and the server processes
 * it starts must open the same records). Set in the environment the servers inherit; embedded test
 * databases keep generating their own key file under their data directory.
 */
export const TEST_DATA_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');
if (process.env.TEST_DATABASE_URL) process.env.DATA_ENCRYPTION_KEY ??= TEST_DATA_ENCRYPTION_KEY;

export interface TestDatabase {
  database: Database;
  target: DatabaseTarget;
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a new database on that PostgreSQL server (dropped afterwards) so files never share state.
 * `migrated: false` leaves it empty, for tests of a migration on a database of before it.
 */
export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const target = serverUrl
    ? await createPostgresDatabase(serverUrl)
    : ({ kind: 'pglite', dir: 'memory://' } as const);
  const database = await openDatabase(target);
  if (migrated) await migrateDatabase(database, target);
  return {
    database,
    target,
    drop: async () => {
      await database.close();
      if (serverUrl && target.kind === 'postgres') await dropPostgresDatabase(serverUrl, target.url);
    },
  };
}

export function usingPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

async function createPostgresDatabase(serverUrl: string): Promise<DatabaseTarget> {
  const name = `life_record_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { kind: 'postgres', url: url.toString() };
}

/** Drops a test database and its key store (`<name>_keys`, issue 30). */
export async function dropPostgresDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`DROP DATABASE IF EXISTS ${name}_keys WITH (FORCE)`);
  });
}

async function withAdminClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A database with a publisher of its own, for calling a writer of records outside an app. */
export function recordWriteDeps(database: Database): RecordWriteDeps {
  return { database, changes: createRecordChanges(database, { error: () => {} }) };
}
