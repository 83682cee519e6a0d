// What every key store answers, apart from the stores themselves so the PostgreSQL store and
// the chooser (key-store.ts) do not import each other.
export interface WrappedKey {
  recordId: string;
  kekId: string;
  wrapped: Buffer;
}

export interface KeyStore {
  get(recordIds: readonly string[]): Promise<Map<string, WrappedKey>>;
  /** Stores the key unless the record has one already; answers the one stored (the race's winner). */
  insertIfAbsent(key: WrappedKey): Promise<WrappedKey>;
  delete(recordIds: readonly string[]): Promise<number>;
  /** Up to `limit` keys wrapped under any KEK but `kekId` (rotation, §5). */
  notUnder(kekId: string, limit: number): Promise<WrappedKey[]>;
  /** Replaces a wrapped key if it is still under `fromKekId` (a concurrent rotation did not win). */
  rewrap(key: WrappedKey, fromKekId: string): Promise<boolean>;
  countByKek(): Promise<Map<string, number>>;
  /** Issue 38 §3: a cheap round trip to the store (readiness). */
  ping(): Promise<void>;
  /**
   * Issue 38 §3: called with the ids of keys deleted by any server on the same store (PostgreSQL:
   * NOTIFY on the key database), and with `'all'` when that news may have been missed (the
   * listening connection dropped), so every cache of opened keys and answers lets them go.
   */
  onDeleted(listener: (recordIds: readonly string[] | 'all') => void): void;
  close(): Promise<void>;
}
