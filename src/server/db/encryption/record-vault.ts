import { createSecretKey, type KeyObject } from 'node:crypto';
import type { KeyEncryptionKey, Keyring } from './key-encryption-keys.ts';
import type { KeyStore, WrappedKey } from './key-store.ts';
import { newDataKey, open, type SealedPurpose, SealedValueError, seal } from './sealed-value.ts';

/**
 * Issue 30 §1 and §3: the one place where a record's values are sealed and opened. Each record has
 * its own random data key, created at its first sealed value, stored wrapped by the KEK in the key
 * store (apart from the answers' database), and cached unwrapped in memory (bounded, least recently
 * used first out) so a save costs no key-store round trip once the record is warm (issue 31).
 * Issue 40 §2: a cached key also leaves memory KEY_TTL_MS after its last use, so the keys of records
 * nobody is working on are not held for the life of the process.
 */
export class RecordUnreadableError extends Error {
  readonly recordId: string;
  readonly reason: 'no-key' | 'unknown-kek' | 'tampered-key' | 'tampered' | 'unknown-format';
  constructor(recordId: string, reason: RecordUnreadableError['reason']) {
    super(`${UNREADABLE_MESSAGES[reason]} (record ${recordId}).`);
    this.name = 'RecordUnreadableError';
    this.recordId = recordId;
    this.reason = reason;
  }
}

const UNREADABLE_MESSAGES: Record<RecordUnreadableError['reason'], string> = {
  'no-key':
    "This record's answers cannot be opened: its data key was destroyed (the record was erased) or is missing from the key store",
  'unknown-kek':
    "This record's answers cannot be opened: its data key is wrapped by a key-encryption key this server does not have (check DATA_ENCRYPTION_KEY)",
  // Issue 38 §3: a KEK's id is a fingerprint of the key itself, so a wrapped key that names the
  // KEK we have and still fails to open was altered (or moved from another record), not a wrong key.
  'tampered-key':
    "This record's answers cannot be opened: its wrapped data key in the key store was altered or belongs to another record",
  tampered:
    "This record's answers cannot be opened: the stored value was altered or belongs to another record",
  'unknown-format':
    "This record's answers cannot be opened: the stored value is not in a known encryption format",
};

const DEFAULT_CACHE_SIZE = 20_000;
export const KEY_TTL_MS = 10 * 60_000;

export interface RecordVault {
  /**
   * Seals under the record's data key, created on its first value; `create` false when the record
   * has sealed values already, so a destroyed key (erasure) is never silently replaced by a new one.
   */
  seal(recordId: string, purpose: SealedPurpose, plaintext: string, create?: boolean): Promise<Buffer>;
  /** The plaintext; RecordUnreadableError when it cannot be opened (never garbage). */
  open(recordId: string, purpose: SealedPurpose, sealed: Uint8Array): Promise<string>;
  /**
   * Bytes sealed like text: a part of a recording (issue 41 §3, bound to its recording and offset by
   * `binding`) or a made book (issue 42 §4). `create` as for `seal`: a record may be answered by voice
   * before anything is typed; a book is made from answers, so its record has a key already.
   */
  sealBytes(
    recordId: string,
    purpose: SealedPurpose,
    plaintext: Uint8Array,
    options?: { binding?: string; create?: boolean },
  ): Promise<Buffer>;
  openBytes(recordId: string, purpose: SealedPurpose, sealed: Uint8Array, binding?: string): Promise<Buffer>;
  /** Loads the data keys of many records in one key-store round trip (a list's read). */
  preload(recordIds: readonly string[]): Promise<void>;
  /**
   * Issue 30 §6 (crypto-shredding): deletes the records' data keys from the key store and from this
   * process's cache. Their sealed values, wherever a copy of them lies, no longer open. Answers the
   * number of keys deleted. Idempotent.
   */
  destroyDataKeys(recordIds: readonly string[]): Promise<number>;
  /** §5: re-wraps up to `batch` keys not under the current KEK; answers how many were re-wrapped. */
  rewrapBatch(batch: number): Promise<number>;
  keyCounts(): Promise<Map<string, number>>;
  /** Issue 38 §3: throws when the key store cannot be reached (readiness). */
  ping(): Promise<void>;
  /**
   * Issue 38 §3: called when data keys are destroyed, by this server or any other on the same
   * key store (`'all'` when news may have been missed), after this vault has let go of them.
   */
  onDestroyed(listener: (recordIds: readonly string[] | 'all') => void): void;
  readonly keyring: Keyring;
  /** Replaces the keyring (a rotation started in this running server). */
  replaceKeyring(keyring: Keyring): void;
  close(): Promise<void>;
}

export function createRecordVault(
  store: KeyStore,
  initial: Keyring,
  cacheSize = DEFAULT_CACHE_SIZE,
  now: () => number = Date.now,
): RecordVault {
  let keyring = initial;
  const cache = new Map<string, { key: KeyObject; until: number }>();
  const remember = (recordId: string, key: KeyObject) => {
    cache.delete(recordId);
    cache.set(recordId, { key, until: now() + KEY_TTL_MS });
    // Least recently used first: the oldest entries are the first past their time, too.
    for (const [id, entry] of cache) {
      if (cache.size <= cacheSize && entry.until > now()) break;
      cache.delete(id);
    }
  };
  const cachedKey = (recordId: string): KeyObject | undefined => {
    const entry = cache.get(recordId);
    if (entry && entry.until <= now()) cache.delete(recordId);
    return entry && entry.until > now() ? entry.key : undefined;
  };
  const destroyedListeners = new Set<(recordIds: readonly string[] | 'all') => void>();
  // Bumped by every destruction: a key read from the store before it is not kept in the cache.
  let destructions = 0;
  store.onDeleted((recordIds) => {
    destructions++;
    if (recordIds === 'all') cache.clear();
    else for (const id of recordIds) cache.delete(id);
    for (const listener of destroyedListeners) listener(recordIds);
  });
  const kekById = (id: string): KeyEncryptionKey | undefined =>
    keyring.current.id === id ? keyring.current : keyring.previous.find((kek) => kek.id === id);

  const unwrap = (wrapped: WrappedKey): KeyObject => {
    const kek = kekById(wrapped.kekId);
    if (!kek) throw new RecordUnreadableError(wrapped.recordId, 'unknown-kek');
    let raw: Buffer;
    try {
      raw = open(kek.key, 'data-key', wrapped.recordId, wrapped.wrapped);
    } catch {
      throw new RecordUnreadableError(wrapped.recordId, 'tampered-key');
    }
    // Held as a KeyObject (faster to use, sealed-value.ts); the loose copy is wiped at once.
    const key = createSecretKey(raw);
    raw.fill(0);
    return key;
  };
  const wrap = (recordId: string, dataKey: Buffer): WrappedKey => ({
    recordId,
    kekId: keyring.current.id,
    wrapped: seal(keyring.current.key, 'data-key', recordId, dataKey),
  });

  async function dataKey(recordId: string, create: boolean): Promise<KeyObject> {
    const cached = cachedKey(recordId);
    if (cached) {
      remember(recordId, cached);
      return cached;
    }
    const started = destructions;
    let wrapped = (await store.get([recordId])).get(recordId);
    if (!wrapped) {
      if (!create) throw new RecordUnreadableError(recordId, 'no-key');
      const fresh = newDataKey();
      const ours = wrap(recordId, fresh);
      fresh.fill(0);
      wrapped = await store.insertIfAbsent(ours);
    }
    const key = unwrap(wrapped);
    if (started === destructions) remember(recordId, key);
    return key;
  }

  async function openBytes(
    recordId: string,
    purpose: SealedPurpose,
    sealed: Uint8Array,
    binding?: string,
  ): Promise<Buffer> {
    const key = await dataKey(recordId, false);
    try {
      return open(key, purpose, recordId, sealed, binding);
    } catch (error) {
      if (error instanceof SealedValueError) throw new RecordUnreadableError(recordId, error.reason);
      throw error;
    }
  }

  return {
    get keyring() {
      return keyring;
    },
    replaceKeyring(next) {
      keyring = next;
    },
    seal: async (recordId, purpose, plaintext, create = true) =>
      seal(await dataKey(recordId, create), purpose, recordId, Buffer.from(plaintext, 'utf8')),
    open: async (recordId, purpose, sealed) => (await openBytes(recordId, purpose, sealed)).toString('utf8'),
    sealBytes: async (recordId, purpose, plaintext, { binding, create = false } = {}) =>
      seal(await dataKey(recordId, create), purpose, recordId, Buffer.from(plaintext), binding),
    openBytes,
    preload: async (recordIds) => {
      const missing = [...new Set(recordIds)].filter((id) => !cachedKey(id));
      if (missing.length === 0) return;
      const started = destructions;
      for (const wrapped of (await store.get(missing)).values()) {
        if (started !== destructions) return;
        try {
          remember(wrapped.recordId, unwrap(wrapped));
        } catch {
          // Reported by open() for that record alone.
        }
      }
    },
    destroyDataKeys: async (recordIds) => {
      for (const id of recordIds) cache.delete(id);
      const deleted = await store.delete(recordIds);
      for (const id of recordIds) cache.delete(id);
      return deleted;
    },
    rewrapBatch: async (batch) => {
      const target = keyring.current;
      const rows = await store.notUnder(target.id, batch);
      let done = 0;
      for (const row of rows) {
        const raw = unwrap(row).export();
        const rewrapped = wrap(row.recordId, raw);
        raw.fill(0);
        if (await store.rewrap(rewrapped, row.kekId)) done++;
      }
      return done;
    },
    keyCounts: () => store.countByKek(),
    ping: () => store.ping(),
    onDestroyed: (listener) => {
      destroyedListeners.add(listener);
    },
    close: () => store.close(),
  };
}
