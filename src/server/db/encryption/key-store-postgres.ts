import { sql } from 'drizzle-orm';
import pg from 'pg';
import { column, prepared, runPreparedOn, value } from '../prepared-statement.ts';
import type { ColumnsOfRow } from '../row-of.ts';
import type { KeyStore, WrappedKey } from './key-store-contract.ts';
import { dataKeys } from './key-store-schema.ts';

// The key store on PostgreSQL (decision 130): a database of its own, KEY_DATABASE_URL or
// `<name>_keys` on the answers' server, announcing destroyed keys to every server (decision 142).

/** The channel, on the key database, announcing destroyed data keys to every server. */
export const DATA_KEYS_CHANNEL = 'life_record_data_keys_destroyed';
const IDS_PER_NOTIFY = 150;

type KeyRow = ColumnsOfRow<typeof dataKeys, 'record_id' | 'kek_id' | 'wrapped'>;
const KEY_COLUMNS = sql`${column(dataKeys.recordId)}, ${column(dataKeys.kekId)}, ${column(dataKeys.wrapped)}`;
const GET = prepared<KeyRow>(
  'data-keys-get',
  sql`select ${KEY_COLUMNS} from ${dataKeys} where ${dataKeys.recordId} = any(${value('recordIds')}::uuid[])`,
);
const INSERT = prepared<KeyRow>(
  'data-keys-insert',
  sql`with inserted as (insert into ${dataKeys} (${KEY_COLUMNS})
          values (${value('recordId')}, ${value('kekId')}, ${value('wrapped')})
        on conflict (${column(dataKeys.recordId)}) do nothing returning ${KEY_COLUMNS})
      select * from inserted union all
      select ${KEY_COLUMNS} from ${dataKeys} where ${dataKeys.recordId} = ${value('recordId')}`,
);
const DELETE = prepared<never>(
  'data-keys-delete',
  sql`delete from ${dataKeys} where ${dataKeys.recordId} = any(${value('recordIds')}::uuid[])`,
);
const NOTIFY_DELETED = prepared<never>(
  'data-keys-notify',
  sql`select pg_notify(${value('channel')}, ${value('recordIds')})`,
);
const NOT_UNDER = prepared<KeyRow>(
  'data-keys-not-under',
  sql`select ${KEY_COLUMNS} from ${dataKeys} where ${dataKeys.kekId} <> ${value('kekId')} limit ${value('limit')}`,
);
const REWRAP = prepared<never>(
  'data-keys-rewrap',
  sql`update ${dataKeys}
      set ${column(dataKeys.kekId)} = ${value('kekId')}, ${column(dataKeys.wrapped)} = ${value('wrapped')}
      where ${dataKeys.recordId} = ${value('recordId')} and ${dataKeys.kekId} = ${value('fromKekId')}`,
);
// count(*) is a bigint: node-postgres answers it as text.
const COUNT_BY_KEK = prepared<ColumnsOfRow<typeof dataKeys, 'kek_id'> & { n: string }>(
  'data-keys-count-by-kek',
  sql`select ${column(dataKeys.kekId)}, count(*) as n from ${dataKeys} group by ${column(dataKeys.kekId)}`,
);
const PING = prepared<never>('data-keys-ping', sql`select 1`);

/** `<name>_keys` beside the answers' database, on the same server. */
export function siblingKeyDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${decodeURIComponent(url.pathname.slice(1))}_keys`;
  return url.toString();
}

export class KeyStoreUnavailableError extends Error {
  constructor(url: string, cause: unknown) {
    const where = new URL(url);
    super(
      `The key store database ${where.pathname.slice(1)} on ${where.host} cannot be opened or created ` +
        `(${(cause as Error).message}). Create it, grant the server's role access to it, or set ` +
        'KEY_DATABASE_URL to a database the server may use for its data keys.',
    );
    this.name = 'KeyStoreUnavailableError';
  }
}

export async function openPostgresKeyStore(url: string, createWith: string | undefined): Promise<KeyStore> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  try {
    await ensureDatabase(pool, url, createWith);
    // Unprepared: DDL of the key database, which no migration creates (dataKeys: key-store-schema.ts).
    await pool.query(`create table if not exists data_keys (record_id uuid primary key,
      kek_id text not null, wrapped bytea not null, created_at timestamptz not null default now())`);
    // Unprepared: DDL, as above.
    await pool.query('create index if not exists data_keys_kek_idx on data_keys (kek_id)');
  } catch (error) {
    await pool.end().catch(() => {});
    if (error instanceof KeyStoreUnavailableError) throw error;
    throw new KeyStoreUnavailableError(url, error);
  }
  const listeners = new Set<(recordIds: readonly string[] | 'all') => void>();
  const tell = (ids: readonly string[] | 'all') => {
    for (const listener of listeners) listener(ids);
  };
  const listening = listenForDeletions(url, tell);
  await listening.ready;
  const toKey = (row: KeyRow): WrappedKey => ({
    recordId: row.record_id,
    kekId: row.kek_id,
    wrapped: row.wrapped,
  });
  return {
    get: async (recordIds) => {
      if (recordIds.length === 0) return new Map();
      const { rows } = await runPreparedOn(pool, GET, { recordIds });
      return new Map(rows.map((row) => [row.record_id, toKey(row)]));
    },
    insertIfAbsent: async (key) => {
      const { rows } = await runPreparedOn(pool, INSERT, { ...key });
      return toKey(rows[0] as KeyRow);
    },
    delete: async (recordIds) => {
      if (recordIds.length === 0) return 0;
      const client = await pool.connect();
      try {
        // The deletion and its news commit together: every server evicts what it deleted.
        // Unprepared: transaction control.
        await client.query('begin');
        const result = await runPreparedOn(client, DELETE, { recordIds });
        for (let i = 0; i < recordIds.length; i += IDS_PER_NOTIFY)
          await runPreparedOn(client, NOTIFY_DELETED, {
            channel: DATA_KEYS_CHANNEL,
            recordIds: recordIds.slice(i, i + IDS_PER_NOTIFY).join(','),
          });
        // Unprepared: transaction control.
        await client.query('commit');
        tell(recordIds);
        return result.rowCount ?? 0;
      } catch (error) {
        // Unprepared: transaction control.
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    notUnder: async (kekId, limit) =>
      (await runPreparedOn(pool, NOT_UNDER, { kekId, limit })).rows.map(toKey),
    rewrap: async (key, fromKekId) =>
      ((await runPreparedOn(pool, REWRAP, { ...key, fromKekId })).rowCount ?? 0) > 0,
    countByKek: async () => {
      const { rows } = await runPreparedOn(pool, COUNT_BY_KEK);
      return new Map(rows.map((row) => [row.kek_id, Number(row.n)]));
    },
    ping: async () => {
      await runPreparedOn(pool, PING);
    },
    onDeleted: (listener) => {
      listeners.add(listener);
    },
    close: async () => {
      await listening.stop();
      if (!pool.ended) await pool.end();
    },
  };
}

/** Creates the key database when it is missing and `createWith` (a URL of the same server) is given. */
async function ensureDatabase(pool: pg.Pool, url: string, createWith: string | undefined): Promise<void> {
  try {
    await runPreparedOn(pool, PING);
    return;
  } catch (error) {
    // 3D000: invalid_catalog_name (the database does not exist).
    if ((error as { code?: string }).code !== '3D000' || !createWith)
      throw new KeyStoreUnavailableError(url, error);
  }
  const admin = new pg.Client({ connectionString: createWith });
  try {
    await admin.connect();
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    // Unprepared: DDL naming the database (an identifier cannot be a parameter).
    await admin.query(`create database ${pg.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
      // 42P04 duplicate_database / 23505: another instance created it at the same moment.
      if (error.code !== '42P04' && error.code !== '23505') throw error;
    });
  } catch (error) {
    throw new KeyStoreUnavailableError(url, error);
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * Issue 38 §3: one connection LISTENing on the key database for keys destroyed by other servers.
 * When it drops, every cache is emptied (news may have been missed) and it connects again.
 */
function listenForDeletions(
  url: string,
  tell: (recordIds: readonly string[] | 'all') => void,
): { ready: Promise<void>; stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      tell('all');
      if (!stopped) {
        retry = setTimeout(() => void connect(), 1000);
        retry.unref();
      }
    };
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', (message) => {
      if (message.channel === DATA_KEYS_CHANNEL && message.payload) tell(message.payload.split(','));
    });
    try {
      await next.connect();
      // Unprepared: LISTEN, a utility command on the notification connection.
      await next.query(`listen ${DATA_KEYS_CHANNEL}`);
    } catch {
      lost();
    }
  };
  return {
    ready: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
