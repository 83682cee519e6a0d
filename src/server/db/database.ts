import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import {
  type EncryptionConfig,
  encryptionConfigFromEnv,
  GENERATED_KEY_FILE,
  keyStoreTargetOf,
  resolveKeyring,
} from './encryption/encryption-settings.ts';
import { KeyEncryptionKeyError, toKeyEncryptionKey } from './encryption/key-encryption-keys.ts';
import { type KeyStore, openKeyStore } from './encryption/key-store.ts';
import { createRecordVault, type RecordVault } from './encryption/record-vault.ts';
import { newDataKey } from './encryption/sealed-value.ts';
import * as identitySchema from './identity-schema.ts';
import { PGLITE_PARSERS } from './pglite-bytea.ts';
import { type PreparedStatement, runPglitePrepared } from './pglite-prepared.ts';
import { PgliteWorkerClient } from './pglite-worker-client.ts';
import { type NotificationHandler, PostgresListener } from './postgres-listener.ts';
import * as productSchema from './schema.ts';

const schema = { ...productSchema, ...identitySchema };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type { NotificationHandler };
export type DatabaseTarget = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

/** One query layer over PGlite or PostgreSQL (DESIGN §2), plus LISTEN/NOTIFY for live updates. */
export interface Database {
  readonly kind: DatabaseTarget['kind'];
  readonly db: Db;
  /** Issue 30: seals and opens every record's answers, narrative and generations (decision 130). */
  readonly vault: RecordVault;
  /** Runs a named statement on the driver itself, planned once per connection (prepared-query.ts). */
  prepared<Row>(statement: PreparedStatement): Promise<Row[]>;
  /**
   * Raw SQL for a library that brings its own statements (the job queue, decision 180): one
   * statement, values only through `$1…` placeholders. Never lands inside another caller's open
   * transaction. Our own code uses `db` or `prepared` instead.
   */
  query<Row>(text: string, values?: readonly unknown[]): Promise<Row[]>;
  /**
   * Several statements without parameters, run as one script (PostgreSQL's simple query protocol);
   * resolves to the rows of every statement in order. A script that fails leaves no transaction
   * open behind it (its own BEGIN included), so the next caller never meets an aborted one.
   */
  exec<Row>(script: string): Promise<Row[]>;
  /** Subscribes to a NOTIFY channel; resolves to the function that stops listening. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Who holds the embedded database's lock, shown to a second process that tries to open it. */
  purpose?: string;
  poolSize?: number;
  /** The server's (config.encryption); when absent, read from the environment (tools, tests). */
  encryption?: EncryptionConfig;
  /** Issue 39 §2: PGlite in a worker thread, off the event loop; off by default (decision 151). */
  pgliteInWorker?: boolean;
}

/** The server's connections to PostgreSQL (bench/raw-rate-process.ts uses as many). */
export const POSTGRES_POOL_SIZE = 10;
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const database =
    target.kind === 'pglite'
      ? await openPglite(target.dir, options.purpose ?? 'Life Record server', options.pgliteInWorker ?? false)
      : await openPostgres(target.url, options.poolSize ?? POSTGRES_POOL_SIZE);
  // Opened after the database: the embedded key store is guarded by the data directory's lock.
  try {
    const vault = await openVault(target, options.encryption, database.db);
    vaults.set(database.db, vault);
    return {
      ...database,
      vault,
      close: async () => {
        try {
          await vault.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

const vaults = new WeakMap<Db, RecordVault>();

/**
 * The vault of a query layer opened by openDatabase, for seeding code that holds only a `Db`
 * (test fixtures, benchmark seeds) and must seal the answers it writes (issue 30).
 */
export function vaultOf(db: Db): RecordVault {
  const vault = vaults.get(db);
  if (!vault) throw new Error('this query layer was not opened by openDatabase');
  return vault;
}

async function openVault(target: DatabaseTarget, configured: EncryptionConfig | undefined, db: Db) {
  if (target.kind === 'pglite' && target.dir.startsWith('memory://') && !configured) {
    // A database that lives as long as the process: a key-encryption key that does too.
    return createRecordVault(await openKeyStore({ kind: 'memory' }), {
      current: toKeyEncryptionKey(newDataKey()),
      previous: [],
    });
  }
  const encryption =
    configured ??
    encryptionConfigFromEnv(process.env, target.kind === 'pglite' ? path.dirname(target.dir) : process.cwd());
  if (!configured && target.kind === 'postgres' && !encryption.key && !encryption.keyFile)
    throw new Error('DATA_ENCRYPTION_KEY (or DATA_ENCRYPTION_KEY_FILE) must be set to open this database');
  const store = await openKeyStore(keyStoreTargetOf(target, encryption));
  try {
    await refuseNewKeyOverWrappedKeys(store, encryption, db);
    return createRecordVault(store, resolveKeyring(encryption));
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * Issue 38 §3: with no key configured, a missing generated key file used to be replaced by a new
 * key, under which none of the wrapped keys opens (every answer unreadable, silently). When the
 * key store holds keys, the start stops instead and says what to restore.
 */
async function refuseNewKeyOverWrappedKeys(
  store: KeyStore,
  encryption: EncryptionConfig,
  db: Db,
): Promise<void> {
  if (encryption.key || encryption.keyFile) return;
  const file = path.join(encryption.keyDir, GENERATED_KEY_FILE);
  if (fs.existsSync(file)) return;
  // The server's own sealed secrets (issue 38 §1) count too; before migrations the table may lack them.
  const sealedSecrets = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from server_secrets where sealed is not null`,
  ).then(
    (rows) => Number(rows[0]?.n ?? 0),
    () => 0,
  );
  const wrapped = [...(await store.countByKek()).values()].reduce((sum, n) => sum + n, sealedSecrets);
  if (wrapped === 0) return;
  throw new KeyEncryptionKeyError(
    'DATA_ENCRYPTION_KEY',
    `the key-encryption key file ${file} is missing, but ${wrapped} data keys and server secrets are sealed by it. ` +
      'Restore that file from your backup (or set DATA_ENCRYPTION_KEY to the key it held). A new key would open none ' +
      'of the answers, so the server does not start.',
  );
}

async function openPglite(dir: string, purpose: string, inWorker: boolean): Promise<Omit<Database, 'vault'>> {
  const inMemory = dir.startsWith('memory://');
  const lock: DataDirLock | undefined = inMemory ? undefined : acquireDataDirLock(dir, purpose);
  try {
    return await (inWorker ? openPgliteInWorker(dir, lock) : openPgliteInProcess(dir, lock));
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** Decision 151: the same calls as below, each a message to the worker thread that owns PGlite. */
async function openPgliteInWorker(
  dir: string,
  lock: DataDirLock | undefined,
): Promise<Omit<Database, 'vault'>> {
  const client = await PgliteWorkerClient.create(dir);
  // Drizzle's PGlite driver uses only query() and transaction() (with the tx's query()).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    prepared: (statement) => client.prepared(statement),
    query: async <Row>(text: string, values: readonly unknown[] = []) =>
      (await client.query<Row>(text, [...values])).rows,
    exec: (script) => client.script(script),
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    ping: () => client.query('select 1').then(() => {}),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPgliteInProcess(
  dir: string,
  lock: DataDirLock | undefined,
): Promise<Omit<Database, 'vault'>> {
  const client = await PGlite.create(dir, { parsers: PGLITE_PARSERS });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    prepared: (statement) => runPglitePrepared(client, statement),
    // PGlite's query() and exec() wait for any open transaction() to end before they start.
    query: async <Row>(text: string, values: readonly unknown[] = []) =>
      (await client.query<Row>(text, [...values])).rows,
    // Inside transaction(): should the script fail, PGlite rolls back before releasing its lock, so
    // no other caller can slip into the aborted transaction. A script's own BEGIN and COMMIT only
    // draw warnings there (already in / no longer in a transaction) and keep their meaning.
    exec: async <Row>(script: string) => {
      const results = await client.transaction((tx) => tx.exec(script));
      return results.flatMap((result) => result.rows as Row[]);
    },
    listen: async (channel, handler) => {
      const unlisten = await client.listen(channel, handler);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Omit<Database, 'vault'>> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its connection emits 'error'; without a listener the process would crash.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listener = new PostgresListener(url);
  return {
    kind: 'postgres',
    db,
    prepared: async <Row>(statement: PreparedStatement) => {
      const result = await pool.query({
        name: statement.name,
        text: statement.text,
        values: [...statement.values],
      });
      return result.rows as Row[];
    },
    query: async <Row>(text: string, values: readonly unknown[] = []) =>
      (await pool.query(text, [...values])).rows as Row[],
    // Without values, node-postgres uses the simple query protocol, which runs several statements
    // and answers one result per statement. A statement that fails makes the pool discard its
    // connection rather than reuse it, so an aborted transaction cannot outlive the script.
    exec: async <Row>(script: string) => {
      const result = (await pool.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result : [result]).flatMap((each) => each.rows as Row[]);
    },
    listen: (channel, handler) => listener.listen(channel, handler),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Safe to call twice (a test closes it to simulate an outage, then tears everything down).
    close: async () => {
      if (pool.ended) return;
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * A row typed from schema.ts (see RowOf) as Drizzle's `execute` returns it: its drivers are set to
 * leave timestamps as text, unlike the prepared path (prepared-query.ts), which parses them to Date.
 */
export type Executed<Row> = { [K in keyof Row]: TimestampAsText<Row[K]> };
type TimestampAsText<Value> = Value extends Date ? string : Value;

/**
 * Rows of a raw SQL query run through Drizzle, for statements inside a transaction (the prepared
 * path cannot join one). PGlite and node-postgres both answer with `{ rows }`; Drizzle's shared type
 * cannot say so, hence this one typed door. `Row` comes from the schema (RowOf) or names computed values.
 */
export async function queryRows<Row>(db: Pick<Db, 'execute'>, query: SQL): Promise<Executed<Row>[]> {
  const result = (await db.execute(query)) as unknown as { rows: Executed<Row>[] };
  return result.rows;
}
