/**
 * Issue 41 §3 (decision 186): where the sealed parts of recordings lie. Every part is sealed before
 * it reaches a placement, so neither one ever holds a clear audio byte: in the database (the
 * default: every server instance reads it, and backups carry it with the answers), or in an
 * S3-compatible store (s3-part-placement.ts), with only the part's offset and length in the database.
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
