import type { Answers } from '#domain/record-answers.ts';
import type { RecordVault } from '../../db/encryption/record-vault.ts';

/**
 * Issue 31 with issue 30: the answers this server last wrote to a record, opened, with the row
 * version they were written at, so the next save of that record neither reads nor opens them again
 * (on PGlite that was a third of a save's time). Any other write raises the version, so a stale
 * entry is never used. Bounded by the answers' JSON size, least recently saved out first.
 *
 * Issue 38 §3 (decision 142): plaintext kept in memory no longer than it is useful, and never past
 * an erasure: an entry lives OPENED_TTL_MS after its save, and the records whose data keys are
 * destroyed (here or, told by the key store, on any server) are dropped at once. One cache per
 * vault, so it follows the vault's key store.
 */
export const OPENED_BUDGET_BYTES = 16 * 1024 * 1024;
export const OPENED_TTL_MS = 5 * 60_000;

/**
 * Issue 39 §1: what else this server wrote into the row at that version, so its next save need not
 * read the row at all (record-repository.ts mergeIntoKnown): which version wrote each answer, and
 * when the record last moved to another form.
 */
export interface WrittenFacts {
  keyVersions: Record<string, number>;
  formChangedVersion: number;
  /**
   * Decision 214: the rest of what the write changed in the row, so the live update of this save can
   * be made without reading it back (shared-record-reads.ts): the sealed answers' size in bytes
   * (the row's octet_length), the time written and whether it was a submit.
   */
  sealedBytes: number;
  updatedAt: Date;
  submitted: boolean;
}

interface Entry {
  version: number;
  data: Answers;
  facts?: WrittenFacts;
  bytes: number;
  until: number;
}

export interface OpenedAnswersCache {
  /** `bytes`: the length of the answers' JSON as written. */
  get(recordId: string): { version: number; data: Answers; facts?: WrittenFacts; bytes: number } | undefined;
  remember(recordId: string, version: number, data: Answers, bytes: number, facts?: WrittenFacts): void;
  forget(recordId: string): void;
  /** For tests: how many records' answers are held. */
  readonly size: number;
}

const caches = new WeakMap<RecordVault, OpenedAnswersCache>();

export function openedAnswersOf(vault: RecordVault, now: () => number = Date.now): OpenedAnswersCache {
  const existing = caches.get(vault);
  if (existing) return existing;
  const created = createOpenedAnswersCache(now);
  vault.onDestroyed((recordIds) => {
    if (recordIds === 'all') created.clear();
    else for (const id of recordIds) created.forget(id);
  });
  caches.set(vault, created);
  return created;
}

export function createOpenedAnswersCache(
  now: () => number = Date.now,
): OpenedAnswersCache & { clear(): void } {
  const entries = new Map<string, Entry>();
  let bytesHeld = 0;
  const forget = (recordId: string) => {
    const entry = entries.get(recordId);
    if (!entry) return;
    entries.delete(recordId);
    bytesHeld -= entry.bytes;
  };
  const sweep = () => {
    const at = now();
    // Oldest saves first: the first entry still alive ends the sweep.
    for (const [id, entry] of entries) {
      if (entry.until > at && bytesHeld <= OPENED_BUDGET_BYTES) break;
      forget(id);
    }
  };
  return {
    get(recordId) {
      const entry = entries.get(recordId);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        forget(recordId);
        return undefined;
      }
      return entry;
    },
    remember(recordId, version, data, bytes, facts) {
      forget(recordId);
      if (bytes > OPENED_BUDGET_BYTES / 4) return;
      entries.set(recordId, {
        version,
        data,
        ...(facts ? { facts } : {}),
        bytes,
        until: now() + OPENED_TTL_MS,
      });
      bytesHeld += bytes;
      sweep();
    },
    forget,
    clear() {
      entries.clear();
      bytesHeld = 0;
    },
    get size() {
      sweep();
      return entries.size;
    },
  };
}
