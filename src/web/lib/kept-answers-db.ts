import { type DBSchema, deleteDB, type IDBPDatabase, openDB } from 'idb';

/**
 * The IndexedDB database of answers kept in this browser (DESIGN §7, decision 062), through the
 * `idb` package: one store of encrypted entries, one of the profile's key. pending-answers-store.ts
 * says what the entries hold; this file only opens, reads, writes and deletes them.
 */
const DB_NAME = 'life-record-unsent-answers';
const DB_VERSION = 1;
const KEY_ID = 'answers-key';

export interface StoredEntry {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

interface KeptAnswersSchema extends DBSchema {
  keys: { key: string; value: CryptoKey };
  entries: { key: string; value: StoredEntry };
}

export type KeptAnswersDb = IDBPDatabase<KeptAnswersSchema>;

let opened: Promise<{ db: KeptAnswersDb; key: CryptoKey }> | null = null;

function openDatabase(): Promise<KeptAnswersDb> {
  return openDB<KeptAnswersSchema>(DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('keys');
      db.createObjectStore('entries');
    },
    // Logout (another tab too) deletes the database: let go of it so the deletion can proceed.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
  });
}

/** The profile's key: generated once, stored as a non-extractable CryptoKey; a racing tab's wins. */
async function answersKey(db: KeptAnswersDb): Promise<CryptoKey> {
  const existing = await db.get('keys', KEY_ID);
  if (existing) return existing;
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const tx = db.transaction('keys', 'readwrite');
  try {
    await Promise.all([tx.store.add(fresh, KEY_ID), tx.done]);
    return fresh;
  } catch {
    const stored = await db.get('keys', KEY_ID);
    if (!stored) throw new Error('The browser could not keep the answers key.');
    return stored;
  }
}

/** The open database and the profile's key (opened once per page, again after a deletion). */
export function connection(): Promise<{ db: KeptAnswersDb; key: CryptoKey }> {
  opened ??= openDatabase().then(async (db) => ({ db, key: await answersKey(db) }));
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

const range = (prefix: string) => IDBKeyRange.bound(prefix, `${prefix}\uffff`);

/** The entries whose id starts with `prefix`, and the one under `exactId` (absent: undefined). */
export async function readEntries(
  prefix: string,
  exactId: string,
): Promise<{ ids: string[]; values: StoredEntry[]; exact: StoredEntry | undefined }> {
  const { db } = await connection();
  const store = db.transaction('entries').store;
  const [ids, values, exact] = await Promise.all([
    store.getAllKeys(range(prefix)),
    store.getAll(range(prefix)),
    store.get(exactId),
  ]);
  return { ids, values, exact };
}

/** Only the ids (cheap: nothing is decrypted), and whether `exactId` is there. */
export async function readEntryIds(
  prefix: string,
  exactId: string,
): Promise<{ ids: string[]; exact: boolean }> {
  const { db } = await connection();
  const store = db.transaction('entries').store;
  const [ids, exact] = await Promise.all([store.getAllKeys(range(prefix)), store.getKey(exactId)]);
  return { ids, exact: exact !== undefined };
}

/** Writes (or, with null, deletes) one entry, committed at once. */
export async function writeEntry(id: string, entry: StoredEntry | null): Promise<void> {
  const { db } = await connection();
  const tx = db.transaction('entries', 'readwrite');
  const written = Promise.all([entry ? tx.store.put(entry, id) : tx.store.delete(id), tx.done]);
  // Issue 26 §4: committed now, not when the task ends, so a reload or crash right after the
  // last key finds it written.
  tx.commit?.();
  await written;
}

export async function deleteEntries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await connection();
  const tx = db.transaction('entries', 'readwrite');
  await Promise.all([...ids.map((id) => tx.store.delete(id)), tx.done]);
}

/** Whether any entry is kept, for anyone; false when IndexedDB cannot be read. */
export async function hasEntries(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const { db } = await connection();
    return (await db.count('entries')) > 0;
  } catch {
    return false;
  }
}

/** Deletes the database with the key (logout). Never fails; waits at most 3 s once blocked. */
export async function deleteDatabase(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const current = opened;
  opened = null;
  await current?.then(({ db }) => db.close()).catch(() => {});
  await new Promise<void>((resolve) => {
    deleteDB(DB_NAME, {
      // Another tab still holding the database closes it on versionchange; the deletion then goes
      // on by itself, so logout does not wait for it longer than this.
      blocked: () => setTimeout(resolve, 3000),
    }).then(resolve, (error: unknown) => {
      console.error('Deleting unsent answers at logout failed:', (error as Error)?.name);
      resolve();
    });
  });
}
