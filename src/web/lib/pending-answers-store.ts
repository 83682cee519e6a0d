/**
 * Answers typed but not yet acknowledged by the server, kept in this browser so a reload, a crash or
 * going offline loses nothing (DESIGN §7, decision 062). They are sensitive, so:
 * - encrypted with AES-GCM under a NON-extractable WebCrypto key, generated once per browser profile
 *   and kept as a CryptoKey in IndexedDB (script can use it, never read it);
 * - one entry per person, record and tab, deleted the moment the server acknowledges its answers;
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

/**
 * Kept answers with, for each, the record version it was typed against (issue 13 §2): sent later,
 * they name that version, so an answer written meanwhile on another device is never overwritten
 * silently (the server answers a conflict and the person chooses). 0 when unknown (entries kept
 * before versions were): every answer written since is then a conflict, which is the safe side.
 */
export interface KeptAnswers {
  answers: UnsentAnswers;
  typedAgainst: Record<string, number>;
  /** When the person last changed each answer (issue 26 §5: of two tabs' answers the newer wins). */
  changedAt?: Record<string, number>;
}

interface StoredEntry {
  iv: Uint8Array<ArrayBuffer>;
  ciphertext: ArrayBuffer;
}

export interface PendingAnswersStore {
  /** Every answer kept for a record in this browser, by any tab (the most recent one per answer). */
  read(owner: string, recordId: string): Promise<KeptAnswers | null>;
  /** Replaces this tab's unsent answers of a record; an empty map deletes its entry. */
  write(owner: string, recordId: string, kept: KeptAnswers): Promise<void>;
  /**
   * Answers kept by tabs of this record that have closed: handed to `adopt` (which keeps them as
   * this tab's own and sends them), then their entries are deleted.
   */
  takeOrphans(owner: string, recordId: string, adopt: (kept: KeptAnswers) => Promise<void>): Promise<void>;
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

/**
 * Issue 13 §1: each tab keeps its own entry (two tabs writing one entry whole overwrote each
 * other's answers). An entry is `{owner}\n{record}\n{tab}`; this tab holds a Web Lock of its id
 * while it lives, so a tab that closed with answers unsent leaves an entry whose lock is free: an
 * orphan, which an open tab of the same record takes over and sends.
 */
const tabId =
  typeof crypto?.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
const TAB_LOCK_PREFIX = 'life-record-tab:';
let tabLockHeld: Promise<void> | null = null;

function holdTabLock(): void {
  if (tabLockHeld || typeof navigator === 'undefined' || !navigator.locks) return;
  tabLockHeld = new Promise((held) => {
    void navigator.locks.request(`${TAB_LOCK_PREFIX}${tabId}`, () => {
      held();
      return new Promise(() => {}); // kept until the page goes away
    });
  });
}

/** Tab ids whose lock is held now (tabs alive); null when the browser cannot tell. */
async function liveTabs(): Promise<Set<string> | null> {
  if (typeof navigator === 'undefined' || !navigator.locks) return null;
  const { held = [] } = await navigator.locks.query();
  return new Set(
    held.flatMap((lock) =>
      lock.name?.startsWith(TAB_LOCK_PREFIX) ? [lock.name.slice(TAB_LOCK_PREFIX.length)] : [],
    ),
  );
}

const recordPrefix = (owner: string, recordId: string) => `${owner}\n${recordId}\n`;
const entryId = (owner: string, recordId: string, tab = tabId) => `${recordPrefix(owner, recordId)}${tab}`;
const encoder = new TextEncoder();

interface KeptEntry {
  id: string;
  tab: string;
  writtenAt: number;
  answers: UnsentAnswers;
  typedAgainst: Record<string, number>;
  changedAt: Record<string, number>;
}

const numbersOf = (value: unknown): Record<string, number> =>
  typeof value === 'object' && value !== null ? (value as Record<string, number>) : {};

async function decryptEntry(key: CryptoKey, id: string, entry: StoredEntry): Promise<KeptEntry> {
  // The entry's id is authenticated with it: an entry copied under another record fails here.
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: entry.iv, additionalData: encoder.encode(id) },
    key,
    entry.ciphertext,
  );
  const value = JSON.parse(new TextDecoder().decode(plain)) as {
    writtenAt?: unknown;
    answers?: unknown;
    typedAgainst?: unknown;
    changedAt?: unknown;
  };
  const tab = id.split('\n')[2] ?? '';
  const typedAgainst = numbersOf(value.typedAgainst);
  const changedAt = numbersOf(value.changedAt);
  return typeof value.writtenAt === 'number' && typeof value.answers === 'object' && value.answers !== null
    ? {
        id,
        tab,
        writtenAt: value.writtenAt,
        answers: value.answers as UnsentAnswers,
        typedAgainst,
        changedAt,
      }
    : { id, tab, writtenAt: 0, answers: value as UnsentAnswers, typedAgainst: {}, changedAt: {} }; // the one-per-record format
}

/** Every entry of a record: this tab's, other open tabs', and those of tabs that closed. */
async function entriesOf(owner: string, recordId: string): Promise<KeptEntry[]> {
  const { db, key } = await connection();
  const prefix = recordPrefix(owner, recordId);
  const store = db.transaction(ENTRY_STORE).objectStore(ENTRY_STORE);
  const legacyId = `${owner}\n${recordId}`;
  const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  const [ids, values, legacy] = await Promise.all([
    request(store.getAllKeys(range)),
    request<StoredEntry[]>(store.getAll(range)),
    request<StoredEntry | undefined>(store.get(legacyId)),
  ]);
  const kept: KeptEntry[] = [];
  const decrypt = async (id: string, entry: StoredEntry) => {
    try {
      kept.push(await decryptEntry(key, id, entry));
    } catch {
      // Unreadable (another key, tampered): nothing to restore from it.
    }
  };
  await Promise.all(ids.map((id, index) => decrypt(String(id), values[index] as StoredEntry)));
  if (legacy) await decrypt(legacyId, legacy);
  return kept.sort((a, b) => a.writtenAt - b.writtenAt);
}

/** Whether some entry of a record belongs to no live tab (its id says whose it is). */
async function hasOrphanEntries(owner: string, recordId: string, live: Set<string>): Promise<boolean> {
  const { db } = await connection();
  const prefix = recordPrefix(owner, recordId);
  const store = db.transaction(ENTRY_STORE).objectStore(ENTRY_STORE);
  const [ids, legacy] = await Promise.all([
    request(store.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`))),
    request(store.getKey(`${owner}\n${recordId}`)),
  ]);
  if (legacy !== undefined) return true;
  return ids.some((id) => {
    const tab = String(id).slice(prefix.length);
    return tab !== tabId && !live.has(tab);
  });
}

async function deleteEntries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await connection();
  const tx = db.transaction(ENTRY_STORE, 'readwrite');
  for (const id of ids) tx.objectStore(ENTRY_STORE).delete(id);
  await transactionDone(tx);
}

/** `__proto__` is a legal answer key: set it as data, never as the object's prototype. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Answers of several entries as one set: per answer, the one the person changed last (issue 26 §5;
 * the entry's time for entries kept before answers had their own), with its version.
 */
function merged(entries: KeptEntry[]): KeptAnswers {
  const answers: UnsentAnswers = {};
  const typedAgainst: Record<string, number> = {};
  const changedAt: Record<string, number> = {};
  for (const entry of entries) {
    for (const [key, value] of Object.entries(entry.answers)) {
      const at = entry.changedAt[key];
      const time = typeof at === 'number' && at > 0 ? at : entry.writtenAt;
      if (Object.hasOwn(changedAt, key) && (changedAt[key] ?? 0) > time) continue;
      setOwn(answers, key, value);
      const version = entry.typedAgainst[key];
      setOwn(typedAgainst, key, typeof version === 'number' && Number.isInteger(version) ? version : 0);
      setOwn(changedAt, key, time);
    }
  }
  return { answers, typedAgainst, changedAt };
}

export function pendingAnswersStore(): PendingAnswersStore {
  holdTabLock();
  return {
    async read(owner, recordId) {
      const entries = await entriesOf(owner, recordId);
      return entries.length > 0 ? merged(entries) : null;
    },
    async write(owner, recordId, { answers, typedAgainst, changedAt = {} }) {
      const { db, key } = await connection();
      const id = entryId(owner, recordId);
      let entry: StoredEntry | null = null;
      if (Object.keys(answers).length > 0) {
        const iv = crypto.getRandomValues(new Uint8Array(12));
        const ciphertext = await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv, additionalData: encoder.encode(id) },
          key,
          encoder.encode(JSON.stringify({ writtenAt: Date.now(), answers, typedAgainst, changedAt })),
        );
        entry = { iv, ciphertext };
      }
      const tx = db.transaction(ENTRY_STORE, 'readwrite');
      if (entry) tx.objectStore(ENTRY_STORE).put(entry, id);
      else tx.objectStore(ENTRY_STORE).delete(id);
      // Issue 26 §4: committed now, not when the task ends, so a reload or crash right after the
      // last key finds it written.
      tx.commit?.();
      await transactionDone(tx);
    },
    async takeOrphans(owner, recordId, adopt) {
      await tabLockHeld;
      const live = await liveTabs();
      if (!live) return;
      // Issue 26 §5: asked every few seconds (a closed tab's lock may still be held when the
      // connection returns), so only the entries' ids are read until one has no live tab.
      if (!(await hasOrphanEntries(owner, recordId, live))) return;
      const orphans = (await entriesOf(owner, recordId)).filter(
        (entry) => entry.tab !== tabId && !live.has(entry.tab),
      );
      if (orphans.length === 0) return;
      // Kept under this tab first, then the orphans go: a crash in between loses nothing.
      await adopt(merged(orphans));
      await deleteEntries(orphans.map((entry) => entry.id));
    },
  };
}

/** A screen (or an engine left sending) that holds answers the server may not have yet. */
export interface AnswerHolder {
  /** Sends what it holds now; resolves when that save has ended. */
  flush(): Promise<void>;
  /** Whether it holds answers the server has not acknowledged (its latest keys included). */
  hasUnsent(): boolean;
  /** Issue 26 §1: the server refused the sign-in; nothing can be sent until the person signs in. */
  needsSignIn?(): boolean;
  /** Resolves once what it holds is written to the kept store. */
  kept?(): Promise<void>;
}

const holders = new Set<AnswerHolder>();
let leavingOnPurpose = false;

/** A screen holding unsent answers registers to send them before a logout; returns the undo. */
export function sendBeforeLogout(holder: AnswerHolder): () => void {
  holders.add(holder);
  return () => holders.delete(holder);
}

/** Whether an open screen (or one left, still sending) holds answers the server has not confirmed. */
export function anyScreenHasUnsent(): boolean {
  return [...holders].some((holder) => holder.hasUnsent());
}

/** Issue 26 §1: whether some screen's answers wait for the person to sign in again. */
export function anyScreenNeedsSignIn(): boolean {
  return [...holders].some((holder) => holder.hasUnsent() && (holder.needsSignIn?.() ?? false));
}

/**
 * Issue 26 §1: the page is about to go to the provider to sign in again: every holder's answers are
 * in the kept store first (they are sent after the sign-in), and leaving warns no more.
 */
export async function keepEverythingBeforeLeaving(): Promise<() => void> {
  await Promise.allSettled([...holders].map((holder) => holder.kept?.()));
  leavingOnPurpose = true;
  return () => {
    leavingOnPurpose = false;
  };
}

/** Whether the page is being left on purpose with its answers kept (no unload warning then). */
export function isLeavingOnPurpose(): boolean {
  return leavingOnPurpose;
}

/**
 * Whether answers the server has not confirmed are held on this device: by a screen, or kept in
 * the store (a closed tab's, an earlier visit's). Issue 26 §1–§2: logout asks first, whatever the
 * reason they are not sent (offline, unreachable, sign-in ended, a save on its way).
 */
export async function holdsUnsentAnswers(): Promise<boolean> {
  return anyScreenHasUnsent() || (await hasKeptAnswers());
}

/**
 * customer-app §4 logout, DESIGN §7 "cleared at logout": open screens get a moment to send what they
 * hold, then every kept answer and the key are deleted. Issue 26 §1–§2: answers the server still
 * does not have are deleted only when the person chose so (`discardUnsent`); otherwise nothing is
 * deleted and the answer is false (the caller asks the person). Never fails the logout.
 */
export async function clearPendingAnswersAtLogout({ discardUnsent = false } = {}): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...holders].map((holder) => holder.flush())),
    new Promise((resolve) => {
      timer = setTimeout(resolve, LOGOUT_FLUSH_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (!discardUnsent && (await holdsUnsentAnswers())) return false;
  if (typeof indexedDB === 'undefined') return true;
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
  return true;
}

/**
 * Whether this browser still keeps answers the server has not confirmed, for anyone (issue 13 §6:
 * logging out offline would delete them, so the person is asked first).
 */
export async function hasKeptAnswers(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  try {
    const { db } = await connection();
    const count = await request(db.transaction(ENTRY_STORE).objectStore(ENTRY_STORE).count());
    return count > 0;
  } catch {
    return false;
  }
}

/** Whether an open screen can still send kept answers before a logout deletes them. */
export function canSendBeforeLogout(): boolean {
  return holders.size > 0;
}
