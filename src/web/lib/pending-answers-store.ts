/**
 * Answers typed but not yet acknowledged by the server, kept in this browser so a reload, a crash or
 * going offline loses nothing (DESIGN §7, decision 062). They are sensitive, so:
 * - encrypted with AES-GCM under a NON-extractable WebCrypto key, generated once per browser profile
 *   and kept as a CryptoKey in IndexedDB (script can use it, never read it);
 * - one entry per person and record, deleted the moment the server acknowledges its answers;
 * - everything deleted at logout (after the screens had a moment to send what they still hold);
 * - never in localStorage, URLs or logs.
 */
const DB_NAME = 'life-record-unsent-answers';
const DB_VERSION = 1;
const KEY_STORE = 'keys';
const ENTRY_STORE = 'entries';
const KEY_ID = 'answers-key';
/** How long logout waits for screens to send what they hold before deleting it. */
const LOGOUT_FLUSH_WAIT_MS = 5000;

export type UnsentAnswers = Record<string, unknown>;

interface StoredEntry {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export interface PendingAnswersStore {
  read(owner: string, recordId: string): Promise<UnsentAnswers | null>;
  /** Replaces the unsent answers of a record; an empty map deletes the entry. */
  write(owner: string, recordId: string, answers: UnsentAnswers): Promise<void>;
}

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

let opened: Promise<{ db: IDBDatabase; key: CryptoKey }> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    open.result.createObjectStore(KEY_STORE);
    open.result.createObjectStore(ENTRY_STORE);
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
async function answersKey(db: IDBDatabase): Promise<CryptoKey> {
  const existing = await request<CryptoKey | undefined>(
    db.transaction(KEY_STORE).objectStore(KEY_STORE).get(KEY_ID),
  );
  if (existing) return existing;
  const fresh = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
  const tx = db.transaction(KEY_STORE, 'readwrite');
  tx.objectStore(KEY_STORE).add(fresh, KEY_ID);
  try {
    await transactionDone(tx);
    return fresh;
  } catch {
    const stored = await request<CryptoKey | undefined>(
      db.transaction(KEY_STORE).objectStore(KEY_STORE).get(KEY_ID),
    );
    if (!stored) throw new Error('The browser could not keep the answers key.');
    return stored;
  }
}

function connection() {
  opened ??= openDatabase().then(async (db) => ({ db, key: await answersKey(db) }));
  opened.catch(() => {
    opened = null;
  });
  return opened;
}

const entryId = (owner: string, recordId: string) => `${owner}\n${recordId}`;
const encoder = new TextEncoder();

export function pendingAnswersStore(): PendingAnswersStore {
  return {
    async read(owner, recordId) {
      const { db, key } = await connection();
      const id = entryId(owner, recordId);
      const entry = await request<StoredEntry | undefined>(
        db.transaction(ENTRY_STORE).objectStore(ENTRY_STORE).get(id),
      );
      if (!entry) return null;
      // The entry's id is authenticated with it: an entry copied under another record fails here.
      const plain = await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: entry.iv, additionalData: encoder.encode(id) },
        key,
        entry.ciphertext,
      );
      return JSON.parse(new TextDecoder().decode(plain)) as UnsentAnswers;
    },
    async write(owner, recordId, answers) {
      const { db, key } = await connection();
      const id = entryId(owner, recordId);
      let entry: StoredEntry | null = null;
      if (Object.keys(answers).length > 0) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const ciphertext = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: encoder.encode(id) },
          key,
          encoder.encode(JSON.stringify(answers)),
        );
        entry = { iv, ciphertext };
      }
      const tx = db.transaction(ENTRY_STORE, 'readwrite');
      if (entry) tx.objectStore(ENTRY_STORE).put(entry, id);
      else tx.objectStore(ENTRY_STORE).delete(id);
      await transactionDone(tx);
    },
  };
}

const logoutFlushes = new Set<() => Promise<void>>();

/** A screen holding unsent answers asks to send them before logout deletes them; returns the undo. */
export function sendBeforeLogout(flush: () => Promise<void>): () => void {
  logoutFlushes.add(flush);
  return () => logoutFlushes.delete(flush);
}

/**
 * customer-app §4 logout, DESIGN §7 "cleared at logout": open screens get a moment to send what they
 * hold, then every unsent answer and the key are deleted. Never fails the logout.
 */
export async function clearPendingAnswersAtLogout(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...logoutFlushes].map((flush) => flush())),
    new Promise((resolve) => {
      timer = setTimeout(resolve, LOGOUT_FLUSH_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
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
