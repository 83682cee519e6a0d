/**
 * Issue 41 §3 (decision 186): where the sealed parts of recordings lie. Every part is sealed before
 * it reaches a placement, so none ever holds a clear audio byte: the database (every server
 * instance reads it, and backups carry it with the answers). An S3-compatible store would be
 * another placement, keeping only each part's offset and length in the database (the `storage`
 * column is ready for it; not built yet, decision 186).
 */
export interface SealedPartPlacement {
  readonly kind: 'database' | 's3';
  /** Puts a sealed part; answers what the part's row keeps (the bytes themselves, or null). */
  place(recordingId: string, start: number, sealed: Buffer): Promise<Uint8Array | null>;
  /** The sealed part back, from its row's bytes or from the store. */
  fetch(recordingId: string, start: number, stored: Uint8Array | null): Promise<Uint8Array>;
  /** Deletes whatever the store holds of these recordings (their rows are deleted by the caller). */
  removeRecordings(recordingIds: readonly string[]): Promise<void>;
}

export const databasePlacement: SealedPartPlacement = {
  kind: 'database',
  place: async (_recordingId, _start, sealed) => sealed,
  fetch: async (recordingId, start, stored) => {
    if (!stored) throw new Error(`recording ${recordingId} has no bytes at ${start} in the database`);
    return stored;
  },
  removeRecordings: async () => {},
};
