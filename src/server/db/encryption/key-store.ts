import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { KeyStore, WrappedKey } from './key-store-contract.ts';
import { openPostgresKeyStore } from './key-store-postgres.ts';

export type { KeyStore, WrappedKey } from './key-store-contract.ts';

/**
 * Issue 30 §1 and §6: where the records' wrapped data keys live, APART from the database of the
 * answers (decision 130): a copy of the answers' database taken before an erasure holds no key, so
 * once the key is destroyed here that copy no longer opens the erased person's answers.
 * Embedded: an SQLite file under DATA_DIR/keys (node:sqlite, no native addon, a few MB of memory).
 * PostgreSQL: a database of its own (KEY_DATABASE_URL, or `<name>_keys` on the same server).
 */
export { siblingKeyDatabaseUrl } from './key-store-postgres.ts';

export type KeyStoreTarget =
  | { kind: 'sqlite'; file: string }
  | { kind: 'memory' }
  | { kind: 'postgres'; url: string; createWith?: string };

export async function openKeyStore(target: KeyStoreTarget): Promise<KeyStore> {
  if (target.kind === 'postgres') return openPostgresKeyStore(target.url, target.createWith);
  if (target.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 });
    fs.chmodSync(path.dirname(target.file), 0o700);
  }
  return openSqliteKeyStore(target.kind === 'sqlite' ? target.file : ':memory:');
}

const toBuffer = (value: Uint8Array) => Buffer.from(value.buffer, value.byteOffset, value.byteLength);

function openSqliteKeyStore(file: string): KeyStore {
  const db = new DatabaseSync(file);
  if (file !== ':memory:') fs.chmodSync(file, 0o600);
  // secure_delete: a destroyed key's bytes are overwritten in the file, not only unlinked from it;
  // a rollback journal (not WAL) so no copy of a page outlives its transaction in a side file.
  db.exec(`pragma journal_mode = delete; pragma synchronous = full; pragma secure_delete = on;
    create table if not exists data_keys (record_id text primary key, kek_id text not null,
      wrapped blob not null, created_at text not null default (datetime('now')));
    create index if not exists data_keys_kek_idx on data_keys (kek_id);`);
  const insert = db.prepare('insert or ignore into data_keys (record_id, kek_id, wrapped) values (?, ?, ?)');
  const one = db.prepare('select record_id, kek_id, wrapped from data_keys where record_id = ?');
  const remove = db.prepare('delete from data_keys where record_id = ?');
  const others = db.prepare('select record_id, kek_id, wrapped from data_keys where kek_id <> ? limit ?');
  const replace = db.prepare(
    'update data_keys set kek_id = ?, wrapped = ? where record_id = ? and kek_id = ?',
  );
  const counts = db.prepare('select kek_id, count(*) as n from data_keys group by kek_id');
  const listeners = new Set<(recordIds: readonly string[] | 'all') => void>();
  type Row = { record_id: string; kek_id: string; wrapped: Uint8Array };
  const toKey = (row: Row): WrappedKey => ({
    recordId: row.record_id,
    kekId: row.kek_id,
    wrapped: toBuffer(row.wrapped),
  });
  return {
    get: async (recordIds) => {
      const found = new Map<string, WrappedKey>();
      for (const id of recordIds) {
        const row = one.get(id) as Row | undefined;
        if (row) found.set(id, toKey(row));
      }
      return found;
    },
    insertIfAbsent: async (key) => {
      insert.run(key.recordId, key.kekId, key.wrapped);
      return toKey(one.get(key.recordId) as Row);
    },
    delete: async (recordIds) => {
      let deleted = 0;
      db.exec('begin');
      try {
        for (const id of recordIds) deleted += Number(remove.run(id).changes);
        db.exec('commit');
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
      // One process holds the embedded store (the data directory's lock): it alone is told.
      for (const listener of listeners) listener(recordIds);
      return deleted;
    },
    ping: async () => {
      one.get('00000000-0000-0000-0000-000000000000');
    },
    onDeleted: (listener) => {
      listeners.add(listener);
    },
    notUnder: async (kekId, limit) => (others.all(kekId, limit) as Row[]).map(toKey),
    rewrap: async (key, fromKekId) =>
      Number(replace.run(key.kekId, key.wrapped, key.recordId, fromKekId).changes) > 0,
    countByKek: async () =>
      new Map((counts.all() as { kek_id: string; n: number }[]).map((row) => [row.kek_id, Number(row.n)])),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}
