import pg from 'pg';
import type { KeyStore, WrappedKey } from './key-store-contract.ts';

// The key store on PostgreSQL (decision 130): a database of its own, KEY_DATABASE_URL or
// `<name>_keys` on the answers' server, announcing destroyed keys to every server (decision 142).

/** The channel, on the key database, announcing destroyed data keys to every server. */
export const DATA_KEYS_CHANNEL = 'life_record_data_keys_destroyed';
const IDS_PER_NOTIFY = 150;

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
    await pool.query(`create table if not exists data_keys (record_id uuid primary key,
      kek_id text not null, wrapped bytea not null, created_at timestamptz not null default now())`);
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
  type Row = { record_id: string; kek_id: string; wrapped: Buffer };
  const toKey = (row: Row): WrappedKey => ({
    recordId: row.record_id,
    kekId: row.kek_id,
    wrapped: row.wrapped,
  });
  return {
    get: async (recordIds) => {
      if (recordIds.length === 0) return new Map();
      const { rows } = await pool.query<Row>({
        name: 'data-keys-get',
        text: 'select record_id, kek_id, wrapped from data_keys where record_id = any($1::uuid[])',
        values: [recordIds],
      });
      return new Map(rows.map((row) => [row.record_id, toKey(row)]));
    },
    insertIfAbsent: async (key) => {
      const { rows } = await pool.query<Row>({
        name: 'data-keys-insert',
        text: `with inserted as (insert into data_keys (record_id, kek_id, wrapped) values ($1, $2, $3)
                 on conflict (record_id) do nothing returning record_id, kek_id, wrapped)
               select * from inserted union all
               select record_id, kek_id, wrapped from data_keys where record_id = $1`,
        values: [key.recordId, key.kekId, key.wrapped],
      });
      return toKey(rows[0] as Row);
    },
    delete: async (recordIds) => {
      if (recordIds.length === 0) return 0;
      const client = await pool.connect();
      try {
        // The deletion and its news commit together: every server evicts what it deleted.
        await client.query('begin');
        const result = await client.query('delete from data_keys where record_id = any($1::uuid[])', [
          recordIds,
        ]);
        for (let i = 0; i < recordIds.length; i += IDS_PER_NOTIFY)
          await client.query('select pg_notify($1, $2)', [
            DATA_KEYS_CHANNEL,
            recordIds.slice(i, i + IDS_PER_NOTIFY).join(','),
          ]);
        await client.query('commit');
        tell(recordIds);
        return result.rowCount ?? 0;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    notUnder: async (kekId, limit) =>
      (
        await pool.query<Row>(
          'select record_id, kek_id, wrapped from data_keys where kek_id <> $1 limit $2',
          [kekId, limit],
        )
      ).rows.map(toKey),
    rewrap: async (key, fromKekId) =>
      ((
        await pool.query(
          'update data_keys set kek_id = $1, wrapped = $2 where record_id = $3 and kek_id = $4',
          [key.kekId, key.wrapped, key.recordId, fromKekId],
        )
      ).rowCount ?? 0) > 0,
    countByKek: async () => {
      const { rows } = await pool.query<{ kek_id: string; n: string }>(
        'select kek_id, count(*) as n from data_keys group by kek_id',
      );
      return new Map(rows.map((row) => [row.kek_id, Number(row.n)]));
    },
    ping: async () => {
      await pool.query('select 1');
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
    await pool.query('select 1');
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
