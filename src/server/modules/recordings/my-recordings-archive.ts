import { Zip, ZipPassThrough } from 'fflate';
import { PERSONAL_DATA_FILE_NAME, recordingFileName } from '#domain/personal-data.ts';
import { ok, type Result } from '../../kernel/result.ts';
import type { Viewer } from '../identity/viewer.ts';
import { exportPersonalData } from '../records/personal-data-service.ts';
import * as repository from './recording-repository.ts';
import { openedParts, type RecordingDeps } from './recording-service.ts';

export const MY_DATA_ARCHIVE_NAME = 'life-record-my-data.zip';

/**
 * Issue 41 §3, §7: Download my data with the recordings. A ZIP (stored, not compressed: audio
 * does not shrink) of the same JSON as GET /api/my-data and every finished recording of the
 * person's own records, under the `file` name the JSON gives it. Streamed part after part, opened
 * as it goes: the request holds one part of one recording at a time, never a whole archive.
 */
export async function myDataArchive(
  deps: RecordingDeps,
  viewer: Viewer | null,
): Promise<Result<AsyncGenerator<Uint8Array>>> {
  const exported = await exportPersonalData(deps, viewer);
  if (!exported.ok || !viewer) return exported as Extract<typeof exported, { ok: false }>;
  const data = exported.value as { records: { id: string }[] };
  const recordings = await repository.finishedRecordingsOf(
    deps.database,
    data.records.map((record) => record.id),
  );
  return ok(archive(deps, JSON.stringify(data, null, 2), recordings));
}

async function* archive(
  deps: RecordingDeps,
  json: string,
  recordings: repository.FinishedRecordingRow[],
): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift() as Uint8Array;
  };
  const entry = (name: string) => {
    const file = new ZipPassThrough(name);
    file.mtime = new Date();
    zip.add(file);
    return file;
  };
  entry(PERSONAL_DATA_FILE_NAME).push(new TextEncoder().encode(json), true);
  yield* drain();
  for (const recording of recordings) {
    const file = entry(recordingFileName(recording.id, recording.mime_type));
    for await (const part of openedParts(deps, { id: recording.id, report_id: recording.report_id })) {
      file.push(part);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
