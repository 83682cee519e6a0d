/**
 * Issue 41 §3 (decisions 186, 189): where the sealed parts of recordings lie. Every part is sealed
 * before it reaches a placement, so none ever holds a clear audio byte: the database (every server
 * instance reads it, and backups carry it with the answers), or an S3-compatible store
 * (`s3-placement.ts`, RECORDING_STORE=s3), the database keeping each part's offset and length.
 */
export interface SealedPartPlacement {
  readonly kind: 'database' | 's3';
  /** Puts a sealed part; answers what the part's row keeps (the bytes themselves, or null). */
  place(recordingId: string, start: number, sealed: Buffer): Promise<Uint8Array | null>;
  /** The sealed part back, from its row's bytes or from the store. */
  fetch(recordingId: string, start: number, stored: Uint8Array | null): Promise<Uint8Array>;
  /** Drops a part placed by a write that lost its offset to another (its row was never written). */
  discard(recordingId: string, start: number, stored: Uint8Array | null): Promise<void>;
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
  discard: async () => {},
  removeRecordings: async () => {},
};
