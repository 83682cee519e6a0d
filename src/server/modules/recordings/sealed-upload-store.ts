import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { UNFINISHED_UPLOAD_LIFETIME_MS } from '#domain/voice-answers.ts';
import type { Database } from '../../db/database.ts';
import * as repository from './recording-repository.ts';
import type { SealedPartPlacement } from './sealed-part-placement.ts';

/**
 * Issue 41 §2–§3 (decision 186): the tus server's DataStore, written over @tus/utils' interface
 * because @tus/file-store would write the audio in the clear under DATA_DIR. Each PATCH body is cut
 * into parts of at most PART_BYTES, and each part is sealed under the record's data key (bound to
 * its recording and byte offset) before anything stores it. The offset moves in the same statement
 * that stores the part, and only from the offset the write began at: the upload's state lives in
 * the database, so it survives a restart and any instance can take the next PATCH.
 *
 * A PATCH cut off by the network keeps the parts that arrived whole and the piece that arrived of
 * the last one (tus resumes at the offset HEAD answers), so a client sends at most the part it was
 * sending again.
 */
export const PART_BYTES = 256 * 1024;

export interface UploadMetadata {
  reportId: string;
  answerKey: string;
  ownerId: string;
  mimeType: string;
  durationMs: number;
}

export class SealedUploadStore extends DataStore {
  private readonly database: Database;
  private readonly placement: SealedPartPlacement;
  /** The metadata `onUploadCreate` checked, handed to `create` for the same upload. */
  readonly checked = new Map<string, UploadMetadata>();

  constructor(database: Database, placement: SealedPartPlacement) {
    super();
    this.database = database;
    this.placement = placement;
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    const metadata = this.checked.get(upload.id);
    this.checked.delete(upload.id);
    if (!metadata) throw ERRORS.FILE_NOT_FOUND;
    await repository.insertRecording(this.database, {
      id: upload.id,
      ...metadata,
      size: upload.size ?? null,
      storage: this.placement.kind,
      expiresAt: new Date(Date.now() + UNFINISHED_UPLOAD_LIFETIME_MS),
    });
    upload.creation_date = new Date().toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await repository.findRecording(this.database, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size ?? undefined,
      offset: row.received,
      creation_date: row.created_at.toISOString(),
      metadata: { filetype: row.mime_type },
    });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    await repository.declareSize(this.database, id, size);
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const row = await repository.findRecording(this.database, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    let position = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const bytes = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const sealed = await this.database.vault.sealBytes(row.report_id, 'audio', bytes, {
        binding: partBinding(id, position),
        create: true,
      });
      const stored = await this.placement.place(id, position, sealed);
      if (!(await repository.appendPart(this.database, id, position, bytes.length, stored))) {
        await this.placement.discard(id, position, stored);
        throw ERRORS.INVALID_OFFSET;
      }
      position += bytes.length;
    };
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        for (let at = 0; at < buffer.length; ) {
          const take = Math.min(PART_BYTES - pendingBytes, buffer.length - at);
          pending.push(buffer.subarray(at, at + take));
          pendingBytes += take;
          at += take;
          if (pendingBytes === PART_BYTES) await flush();
        }
      }
    } finally {
      // What arrived before a cut is kept too: the client resumes right after it.
      await flush();
    }
    return position;
  }

  override async remove(id: string): Promise<void> {
    const row = await repository.deleteRecording(this.database, id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.placement.removeRecordings([id]);
  }

  override async deleteExpired(): Promise<number> {
    const rows = await repository.deleteExpired(this.database);
    await this.placement.removeRecordings(rows.map((row) => row.id));
    return rows.length;
  }

  override getExpiration(): number {
    return UNFINISHED_UPLOAD_LIFETIME_MS;
  }
}

/** The associated data that binds a sealed part to its recording and place (sealed-value.ts). */
export function partBinding(recordingId: string, start: number): string {
  return `${recordingId}/${start}`;
}
