/**
 * Issue 41 §2 (decision 187): a recording kept on this device until the server has it, in the same
 * encrypted IndexedDB store as unsent answers (kept-answers-db.ts, decision 062): the same
 * non-extractable AES-GCM key, a fresh IV per entry and the entry's id as associated data, so a
 * chunk copied under another recording or place does not open. Deleted at logout with the rest
 * (and logout asks first, since `hasEntries` counts these entries too).
 *
 * Entries: one manifest per recording (`voice␤{owner}␤{record}␤m␤{answerKey}␤{localId}`) and one per
 * chunk of at most 5 s (`…␤c␤{localId}␤{seq}`), written as MediaRecorder hands each chunk over, so
 * a reload, a crash or a closed tab loses at most the chunk being recorded.
 */
import { connection, deleteEntries, readEntries, readEntryIds, writeEntry } from '../kept-answers-db.ts';
import { keptChunkPrefix as chunkPrefix, keptManifestPrefix } from './kept-recording-ids.ts';

export interface KeptRecording {
  localId: string;
  answerKey: string;
  mimeType: string;
  startedAt: number;
  /** Recorded time covered by the chunks kept so far. */
  durationMs: number;
  chunks: number;
  /** `recording`: still being made, or interrupted (a reload, a crash); `stopped`: ready to send. */
  state: 'recording' | 'stopped';
  /** The tus upload's address once it has one (a later visit resumes it). */
  uploadUrl?: string;
}

const encoder = new TextEncoder();
const manifestId = (owner: string, recordId: string, kept: Pick<KeptRecording, 'answerKey' | 'localId'>) =>
  `${keptManifestPrefix(owner, recordId)}${kept.answerKey}\n${kept.localId}`;
const chunkId = (owner: string, recordId: string, localId: string, seq: number) =>
  `${chunkPrefix(owner, recordId, localId)}${String(seq).padStart(6, '0')}`;

async function seal(id: string, plain: Uint8Array<ArrayBuffer>) {
  const { key } = await connection();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(id) },
    key,
    plain,
  );
  return { iv, ciphertext };
}

async function unseal(id: string, entry: { iv: Uint8Array<ArrayBuffer>; ciphertext: ArrayBuffer }) {
  const { key } = await connection();
  return crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: entry.iv, additionalData: encoder.encode(id) },
    key,
    entry.ciphertext,
  );
}

/** Writes (or replaces) a recording's manifest. */
export async function keepManifest(owner: string, recordId: string, kept: KeptRecording): Promise<void> {
  const id = manifestId(owner, recordId, kept);
  await writeEntry(id, await seal(id, encoder.encode(JSON.stringify(kept))));
}

/** Keeps one chunk as MediaRecorder handed it over (encrypted before it is written). */
export async function keepChunk(
  owner: string,
  recordId: string,
  localId: string,
  seq: number,
  chunk: Blob,
): Promise<void> {
  const id = chunkId(owner, recordId, localId, seq);
  await writeEntry(id, await seal(id, new Uint8Array(await chunk.arrayBuffer())));
}

/** The recordings kept for one answer, oldest first. */
export async function keptRecordingsOf(
  owner: string,
  recordId: string,
  answerKey: string,
): Promise<KeptRecording[]> {
  const prefix = `${keptManifestPrefix(owner, recordId)}${answerKey}\n`;
  const { ids, values } = await readEntries(prefix, '');
  const kept: KeptRecording[] = [];
  for (const [index, id] of ids.entries()) {
    const entry = values[index];
    if (!entry) continue;
    try {
      kept.push(JSON.parse(new TextDecoder().decode(await unseal(id, entry))) as KeptRecording);
    } catch {
      // Another profile's key or a damaged entry: nothing to restore from it.
    }
  }
  return kept.sort((a, b) => a.startedAt - b.startedAt);
}

/** A kept recording's audio, its chunks in order, as one Blob. */
export async function keptAudio(owner: string, recordId: string, kept: KeptRecording): Promise<Blob> {
  const { ids, values } = await readEntries(chunkPrefix(owner, recordId, kept.localId), '');
  const parts: ArrayBuffer[] = [];
  // IndexedDB answers keys in order, and the sequence numbers are zero-padded: chunk order.
  for (const [index, id] of ids.entries()) {
    const entry = values[index];
    if (entry) parts.push(await unseal(id, entry));
  }
  return new Blob(parts, { type: kept.mimeType });
}

/** Deletes a kept recording: its manifest and every chunk (after the server has it, or when discarded). */
export async function forgetKept(owner: string, recordId: string, kept: KeptRecording): Promise<void> {
  const { ids } = await readEntryIds(chunkPrefix(owner, recordId, kept.localId), '');
  await deleteEntries([manifestId(owner, recordId, kept), ...ids]);
}
