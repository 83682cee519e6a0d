/**
 * The IndexedDB database of answers kept in this browser (DESIGN §7, decision 062): one store of
 * encrypted entries, one of the profile's key. kept-answers-store.ts says what the entries hold;
 * this file only opens, reads, writes and deletes them. Plain IndexedDB with two small promise
 * helpers: the `idb` package cost the record route 0.95 KiB its 130 KiB budget no longer has
 * (issue 27 §6 asks for it only where it costs nothing; decision 062).
 */
const DB_NAME = 'life-record-unsent-answers';
const DB_VERSION = 1;
const KEY_ID = 'answers-key';
const KEYS = 'keys';
const ENTRIES = 'entries';

export interface StoredEntry {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export type KeptAnswersDb = IDBDatabase;

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new DOMException('Transaction aborted', 'AbortError'));
  });
}

const entriesStore = (db: IDBDatabase, mode: IDBTransactionMode = 'readonly') =>
  db.transaction(ENTRIES, mode).objectStore(ENTRIES);

let opened: Promise<{ db: KeptAnswersDb; key: CryptoKey }> | null = null;

function openDatabase(): Promise<KeptAnswersDb> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(KEYS);
    open.result.createObjectStore(ENTRIES);
  };
  return request(open).then((db) => {
    // Logout (another tab too) deletes the database: let go of it so the deletion can proceed.
    db.onversionchange = () => {
      db.close();
      opened = null;
    };
    return db;
  });
}

/** The profile's key: generated once, stored as a non-extractable CryptoKey; a racing tab's wins. */
async function answersKey(db: KeptAnswersDb): Promise<CryptoKey> {
  const stored = () => request<CryptoKey | undefined>(db.transaction(KEYS).objectStore(KEYS).get(KEY_ID));
  const existing = await stored();
  if (existing) return existing;
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const tx = db.transaction(KEYS, 'readwrite');
  tx.objectStore(KEYS).add(fresh, KEY_ID);
  try {
    await transactionDone(tx);
    return fresh;
  } catch {
    const raced = await stored();
    if (!raced) throw new Error('The browser could not keep the answers key.');
    return raced;
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
  const store = entriesStore(db);
  const [ids, values, exact] = await Promise.all([
    request(store.getAllKeys(range(prefix))),
    request<StoredEntry[]>(store.getAll(range(prefix))),
    request<StoredEntry | undefined>(store.get(exactId)),
  ]);
  return { ids: ids as string[], values, exact };
}

/** Only the ids (cheap: nothing is decrypted), and whether `exactId` is there. */
export async function readEntryIds(
  prefix: string,
  exactId: string,
): Promise<{ ids: string[]; exact: boolean }> {
  const { db } = await connection();
  const store = entriesStore(db);
  const [ids, exact] = await Promise.all([
    request(store.getAllKeys(range(prefix))),
    request(store.getKey(exactId)),
  ]);
  return { ids: ids as string[], exact: exact !== undefined };
}

/** Writes (or, with null, deletes) one entry, committed at once. */
export async function writeEntry(id: string, entry: StoredEntry | null): Promise<void> {
  const { db } = await connection();
  const tx = db.transaction(ENTRIES, 'readwrite');
  const written = transactionDone(tx);
  if (entry) tx.objectStore(ENTRIES).put(entry, id);
  else tx.objectStore(ENTRIES).delete(id);
  // Issue 26 §4: committed now, not when the task ends, so a reload or crash right after the
  // last key finds it written.
  tx.commit?.();
  await written;
}

export async function deleteEntries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await connection();
  const tx = db.transaction(ENTRIES, 'readwrite');
  for (const id of ids) tx.objectStore(ENTRIES).delete(id);
  await transactionDone(tx);
}

/** Whether any entry is kept, for anyone; false when IndexedDB cannot be read. */
export async function hasEntries(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const { db } = await connection();
    return (await request(entriesStore(db).count())) > 0;
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
    const deletion = indexedDB.deleteDatabase(DB_NAME);
    deletion.onsuccess = () => resolve();
    deletion.onerror = () => {
      console.error('Deleting unsent answers at logout failed:', deletion.error?.name);
      resolve();
    };
    // Another tab still holding the database closes it on versionchange; the deletion then goes
    // on by itself, so logout does not wait for it longer than this.
    deletion.onblocked = () => setTimeout(resolve, 3000);
  });
}
