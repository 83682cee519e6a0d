import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import { lifeRecords, recordingParts, recordings } from '../../db/schema.ts';

// The statements of the recordings module (issue 41), the one owner of `recordings` and
// `recording_parts`. Every statement stands alone, so each is atomic without a transaction held.

const rec = recordings;
const part = recordingParts;

export type RecordingRow = ColumnsOfRow<
  typeof rec,
  | 'id'
  | 'report_id'
  | 'answer_key'
  | 'owner_id'
  | 'mime_type'
  | 'duration_ms'
  | 'size'
  | 'received'
  | 'created_at'
  | 'finished_at'
  | 'expires_at'
> & {
  storage: 'database' | 's3';
  /** Of the record it answers, for the policy. */
  client: RowOf<typeof lifeRecords>['client'];
  organization_id: RowOf<typeof lifeRecords>['organization_id'];
  submitted: RowOf<typeof lifeRecords>['submitted'];
  erased: boolean;
};

const COLUMNS = sql`${rec.id}, ${rec.reportId}, ${rec.answerKey}, ${rec.ownerId}, ${rec.mimeType},
  ${rec.durationMs}, ${rec.size}::float8 as size, ${rec.received}::float8 as received, ${rec.storage},
  ${rec.createdAt}, ${rec.finishedAt}, ${rec.expiresAt}, ${lifeRecords.clientId}, ${lifeRecords.organizationId},
  ${lifeRecords.submitted}, ${lifeRecords.erasedAt} is not null as erased`;

const FIND = prepared<RecordingRow>(
  'recording-find',
  sql`select ${COLUMNS} from ${rec} join ${lifeRecords} on ${lifeRecords.id} = ${rec.reportId}
      where ${rec.id} = ${value('id')}::uuid`,
);

export async function findRecording(database: Database, id: string): Promise<RecordingRow | undefined> {
  const [row] = await runPrepared(database, FIND, { id });
  return row;
}

const INSERT = prepared<{ id: string }>(
  'recording-insert',
  sql`insert into ${rec} (${column(rec.id)}, ${column(rec.reportId)}, ${column(rec.answerKey)},
        ${column(rec.ownerId)}, ${column(rec.mimeType)}, ${column(rec.durationMs)}, ${column(rec.size)},
        ${column(rec.storage)}, ${column(rec.expiresAt)})
      values (${value('id')}::uuid, ${value('reportId')}::uuid, ${value('answerKey')}, ${value('ownerId')}::uuid,
        ${value('mimeType')}, ${value('durationMs')}::int, ${value('size')}::bigint, ${value('storage')},
        ${value('expiresAt')}::timestamptz)
      on conflict (${column(rec.id)}) do nothing returning ${rec.id}`,
);

export async function insertRecording(
  database: Database,
  row: {
    id: string;
    reportId: string;
    answerKey: string;
    ownerId: string;
    mimeType: string;
    durationMs: number;
    size: number | null;
    storage: 'database' | 's3';
    expiresAt: Date;
  },
): Promise<boolean> {
  const rows = await runPrepared(database, INSERT, { ...row, expiresAt: row.expiresAt.toISOString() });
  return rows.length > 0;
}

// Issue 41 §2: one part and the offset it moves, in one statement, only from the offset the writer
// read. Two instances (or a retried PATCH) writing at the same offset: one wins, the other finds
// the offset moved and writes nothing, so no byte is stored twice or out of order.
const APPEND = prepared<{ received: number }>(
  'recording-append-part',
  sql`with moved as (
        update ${rec} set ${column(rec.received)} = ${value('start')}::bigint + ${value('length')}::int
        where ${rec.id} = ${value('id')}::uuid and ${rec.received} = ${value('start')}::bigint
          and ${rec.finishedAt} is null
        returning ${rec.id}, ${rec.received}),
      stored as (
        insert into ${part} (${column(part.recordingId)}, ${column(part.start)}, ${column(part.length)},
          ${column(part.sealed)})
        select id, ${value('start')}::bigint, ${value('length')}::int, ${value('sealed')}::bytea from moved)
      select received::float8 as received from moved`,
);

/** Stores a sealed part at `start`; false when the upload's offset is no longer `start`. */
export async function appendPart(
  database: Database,
  id: string,
  start: number,
  length: number,
  sealed: Uint8Array | null,
): Promise<boolean> {
  const rows = await runPrepared(database, APPEND, { id, start, length, sealed });
  return rows.length > 0;
}

const DECLARE_SIZE = prepared(
  'recording-declare-size',
  sql`update ${rec} set ${column(rec.size)} = ${value('size')}::bigint
      where ${rec.id} = ${value('id')}::uuid and ${rec.size} is null`,
);

export async function declareSize(database: Database, id: string, size: number): Promise<void> {
  await runPrepared(database, DECLARE_SIZE, { id, size });
}

// The upload is whole: it no longer expires. The answer's earlier recordings are replaced (issue
// 41 §4 "record again"), in the same statement, and named so the store can delete their objects.
const FINISH = prepared<{ replaced: string[] }>(
  'recording-finish',
  sql`with done as (
        update ${rec} set ${column(rec.finishedAt)} = now(), ${column(rec.expiresAt)} = null,
          ${column(rec.durationMs)} = ${value('durationMs')}::int
        where ${rec.id} = ${value('id')}::uuid and ${rec.finishedAt} is null
        returning ${rec.id}, ${rec.reportId}, ${rec.answerKey}),
      replaced as (
        delete from ${rec} old using done
        where old.report_id = done.report_id and old.answer_key = done.answer_key
          and old.id <> done.id and old.finished_at is not null
        returning old.id)
      select coalesce((select array_agg(id) from replaced), '{}') as replaced from done`,
);

/** Marks the upload finished; null when it already was. Answers the ids of the recordings it replaced. */
export async function finishRecording(
  database: Database,
  id: string,
  durationMs: number,
): Promise<string[] | null> {
  const [row] = await runPrepared(database, FINISH, { id, durationMs });
  return row ? row.replaced : null;
}

const PARTS = prepared<{ start: number; length: number; sealed: Uint8Array | null }>(
  'recording-parts',
  sql`select ${part.start}::float8 as start, ${part.length}, ${part.sealed} from ${part}
      where ${part.recordingId} = ${value('id')}::uuid and ${part.start} >= ${value('from')}::bigint
      order by ${part.start} limit ${value('limit')}::int`,
);

/** The sealed parts from byte `from` on, a few at a time (a reader never holds a whole recording). */
export function partsFrom(database: Database, id: string, from: number, limit: number) {
  return runPrepared(database, PARTS, { id, from, limit });
}

const DELETE = prepared<{ id: string; storage: 'database' | 's3' }>(
  'recording-delete',
  sql`delete from ${rec} where ${rec.id} = ${value('id')}::uuid returning ${rec.id}, ${rec.storage}`,
);

export async function deleteRecording(database: Database, id: string) {
  const [row] = await runPrepared(database, DELETE, { id });
  return row;
}

const DELETE_OF_RECORDS = prepared<{ id: string; storage: 'database' | 's3' }>(
  'recording-delete-of-records',
  sql`delete from ${rec} where ${rec.reportId} = any(${value('ids')}::uuid[]) returning ${rec.id}, ${rec.storage}`,
);

/** Issue 41 §3: erasure deletes every recording of the person's records (after their keys). */
export function deleteRecordingsOfRecords(database: Database, recordIds: readonly string[]) {
  return runPrepared(database, DELETE_OF_RECORDS, { ids: recordIds });
}

const DELETE_EXPIRED = prepared<{ id: string; storage: 'database' | 's3' }>(
  'recording-delete-expired',
  sql`delete from ${rec} where ${rec.finishedAt} is null and ${rec.expiresAt} < now()
      returning ${rec.id}, ${rec.storage}`,
);

/** Issue 41 §2: unfinished uploads past their 24 hours. */
export function deleteExpired(database: Database) {
  return runPrepared(database, DELETE_EXPIRED);
}

export type FinishedRecordingRow = ColumnsOfRow<
  typeof rec,
  'id' | 'report_id' | 'answer_key' | 'mime_type' | 'duration_ms' | 'finished_at'
> & { size: RowOf<typeof rec>['received'] };

const FINISHED_OF_RECORDS = prepared<FinishedRecordingRow>(
  'recording-finished-of-records',
  sql`select ${rec.id}, ${rec.reportId}, ${rec.answerKey}, ${rec.mimeType}, ${rec.durationMs},
        ${rec.received}::float8 as size, ${rec.finishedAt}
      from ${rec} where ${rec.reportId} = any(${value('ids')}::uuid[]) and ${rec.finishedAt} is not null
      order by ${rec.reportId}, ${rec.finishedAt}`,
);

/** The finished recordings of these records (Download my data). */
export function finishedRecordingsOf(database: Database, recordIds: readonly string[]) {
  return runPrepared(database, FINISHED_OF_RECORDS, { ids: recordIds });
}
