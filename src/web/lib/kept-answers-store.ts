/**
 * Answers typed but not yet acknowledged by the server, kept in this browser so a reload, a crash or
 * going offline loses nothing (DESIGN §7, decision 062). They are sensitive, so:
 * - encrypted with AES-GCM under a NON-extractable WebCrypto key, generated once per browser profile
 *   and kept as a CryptoKey in IndexedDB (script can use it, never read it);
 * - one entry per person, record and tab, deleted the moment the server acknowledges its answers;
 * - everything deleted at logout (after the screens had a moment to send what they still hold);
 * - never in localStorage, URLs or logs.
 * The one module for kept answers (issue 40 §3: once three layers with three names): a record's
 * engine takes `recordKeptAnswers`; the database itself is kept-answers-db.ts (shared with kept
 * recordings); the screens that hold answers, and the logout that deletes them, answer-holders.ts.
 */
import {
  connection,
  deleteEntries,
  readEntries,
  readEntryIds,
  type StoredEntry,
  writeEntry,
} from './kept-answers-db.ts';

export type UnsentAnswers = Record<string, unknown>;

/**
 * Kept answers with, for each, the record version it was typed against (issue 13 §2): sent later,
 * they name that version, so an answer written meanwhile on another device is never overwritten
 * silently (the server answers a conflict and the person chooses). 0 when unknown (entries kept
 * before versions were): every answer written since is then a conflict, which is the safe side.
 */
export interface KeptAnswers {
  answers: Readonly<UnsentAnswers>;
  typedAgainst: Readonly<Record<string, number>>;
  /**
   * When the person last changed each answer (ms since 1970, issue 26 §5): of two tabs' kept
   * answers to one question, the newer wins. Absent in entries kept before it was.
   */
  changedAt?: Readonly<Record<string, number>>;
}

export interface KeptAnswersStore {
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
  const { key } = await connection();
  const legacyId = `${owner}\n${recordId}`;
  const { ids, values, exact: legacy } = await readEntries(recordPrefix(owner, recordId), legacyId);
  const kept: KeptEntry[] = [];
  const decrypt = async (id: string, entry: StoredEntry) => {
    try {
      kept.push(await decryptEntry(key, id, entry));
    } catch {
      // Unreadable (another key, tampered): nothing to restore from it.
    }
  };
  await Promise.all(ids.map((id, index) => decrypt(id, values[index] as StoredEntry)));
  if (legacy) await decrypt(legacyId, legacy);
  return kept.sort((a, b) => a.writtenAt - b.writtenAt);
}

/** Whether some entry of a record belongs to no live tab (its id says whose it is). */
async function hasOrphanEntries(owner: string, recordId: string, live: Set<string>): Promise<boolean> {
  const prefix = recordPrefix(owner, recordId);
  const { ids, exact: legacy } = await readEntryIds(prefix, `${owner}\n${recordId}`);
  if (legacy) return true;
  return ids.some((id) => {
    const tab = id.slice(prefix.length);
    return tab !== tabId && !live.has(tab);
  });
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

export function keptAnswersStore(): KeptAnswersStore {
  holdTabLock();
  return {
    async read(owner, recordId) {
      const entries = await entriesOf(owner, recordId);
      return entries.length > 0 ? merged(entries) : null;
    },
    async write(owner, recordId, { answers, typedAgainst, changedAt = {} }) {
      const { key } = await connection();
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
      await writeEntry(id, entry);
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

/** The kept store for one person's record, as its save engine uses it. */
export interface RecordKeptAnswers {
  write(kept: KeptAnswers): Promise<void>;
  /** Issue 13 §1: answers of closed tabs of this record, handed to `adopt`, then deleted. */
  takeOrphans(adopt: (kept: KeptAnswers) => Promise<void>): Promise<void>;
}

/** Without a person (signed out) nothing is kept. */
export function recordKeptAnswers(owner: string, recordId: string): RecordKeptAnswers {
  const store = keptAnswersStore();
  return {
    write: (kept) => (owner ? store.write(owner, recordId, kept) : Promise.resolve()),
    takeOrphans: (adopt) => (owner ? store.takeOrphans(owner, recordId, adopt) : Promise.resolve()),
  };
}
