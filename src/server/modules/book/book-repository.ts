import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { books } from '../../db/schema.ts';

/**
 * Issue 42 §4–§5: the `books` table, read and written here only (its one owner). Sealed columns
 * stay sealed here; the service opens them through the record vault.
 */
export type BookState = 'queued' | 'active' | 'completed' | 'failed';

export type BookRow = Omit<
  ColumnsOfRow<
    typeof books,
    | 'id'
    | 'record_id'
    | 'owner_id'
    | 'format'
    | 'state'
    | 'progress_per_mille'
    | 'file_bytes'
    | 'error'
    | 'created_at'
    | 'expires_at'
  >,
  'state'
> & { state: BookState };

const COLUMNS = sql`${books.id}, ${books.recordId}, ${books.ownerId}, ${books.format}, ${books.state},
  ${books.progress}, ${books.fileBytes}, ${books.error}, ${books.createdAt}, ${books.expiresAt}`;

const INSERT = prepared<BookRow>(
  'book-insert',
  sql`insert into ${books} (${column(books.recordId)}, ${column(books.ownerId)}, ${column(books.format)}, ${column(books.request)}, ${column(books.expiresAt)})
      values (${value('recordId')}::uuid, ${value('ownerId')}::uuid, ${value('format')}, ${value('request')}::bytea,
        now() + make_interval(secs => ${value('lifetimeSeconds')}::int))
      returning ${COLUMNS}`,
);

export function insertBook(
  database: Database,
  book: { recordId: string; ownerId: string; format: string; request: Uint8Array; lifetimeSeconds: number },
) {
  return runPrepared(database, INSERT, book).then(([row]) => row as BookRow);
}

const OF_OWNER = prepared<BookRow>(
  'book-of-owner',
  sql`select ${COLUMNS} from ${books}
      where ${books.id} = ${value('id')}::uuid and ${books.ownerId} = ${value('ownerId')}::uuid
        and ${books.expiresAt} > now()`,
);

/** A book of this person that has not expired, or undefined (whoever else asks gets nothing). */
export async function findBookOfOwner(database: Database, id: string, ownerId: string) {
  const [row] = await runPrepared(database, OF_OWNER, { id, ownerId });
  return row;
}

const SEALED_PARTS = prepared<{
  record_id: string;
  owner_id: string;
  format: string;
  request: Uint8Array;
  file: Uint8Array | null;
}>(
  'book-sealed-parts',
  sql`select ${books.recordId}, ${books.ownerId}, ${books.format}, ${books.request}, ${books.file} from ${books}
      where ${books.id} = ${value('id')}::uuid and ${books.expiresAt} > now()`,
);

/** The sealed request and file of a book (the job and the download open them). */
export async function sealedBookParts(database: Database, id: string) {
  const [row] = await runPrepared(database, SEALED_PARTS, { id });
  return row;
}

const OPEN_COUNT = prepared<{ count: number }>(
  'book-open-count',
  sql`select count(*)::int as count from ${books}
      where ${books.ownerId} = ${value('ownerId')}::uuid and ${books.state} in ('queued', 'active')
        and ${books.createdAt} > now() - make_interval(secs => ${value('staleSeconds')}::int)`,
);

/** How many books of this person are waiting or being made now. */
export async function booksInProgress(database: Database, ownerId: string, staleSeconds: number) {
  const [row] = await runPrepared(database, OPEN_COUNT, { ownerId, staleSeconds });
  return row?.count ?? 0;
}

const START = prepared<{ id: string }>(
  'book-start',
  sql`update ${books} set ${column(books.state)} = 'active'
      where ${books.id} = ${value('id')}::uuid and ${books.state} = 'queued' returning ${books.id}`,
);

/** Claims a queued book for making; false when it is gone or someone else has it. */
export async function startBook(database: Database, id: string): Promise<boolean> {
  return (await runPrepared(database, START, { id })).length === 1;
}

const PROGRESS = prepared<never>(
  'book-progress',
  sql`update ${books} set ${column(books.progress)} = ${value('perMille')}::int
      where ${books.id} = ${value('id')}::uuid and ${books.state} = 'active'`,
);

export async function setBookProgress(database: Database, id: string, fraction: number) {
  await runPrepared(database, PROGRESS, {
    id,
    perMille: Math.round(Math.min(Math.max(fraction, 0), 1) * 1000),
  });
}

const COMPLETE = prepared<never>(
  'book-complete',
  sql`update ${books} set ${column(books.state)} = 'completed',
        ${column(books.progress)} = 1000, ${column(books.file)} = ${value('file')}::bytea,
        ${column(books.fileBytes)} = ${value('bytes')}::int, ${column(books.finishedAt)} = now()
      where ${books.id} = ${value('id')}::uuid`,
);

export async function completeBook(database: Database, id: string, file: Uint8Array, bytes: number) {
  await runPrepared(database, COMPLETE, { id, file, bytes });
}

const FAIL = prepared<never>(
  'book-fail',
  sql`update ${books} set ${column(books.state)} = 'failed', ${column(books.error)} = ${value('error')},
        ${column(books.finishedAt)} = now()
      where ${books.id} = ${value('id')}::uuid`,
);

export async function failBook(database: Database, id: string, error: string) {
  await runPrepared(database, FAIL, { id, error });
}

const DELETE_EXPIRED = prepared<never>(
  'book-delete-expired',
  sql`delete from ${books} where ${books.expiresAt} <= now()`,
);

/** Issue 42 §4: a made book is kept sealed only until it expires; then it is gone. */
export async function deleteExpiredBooks(database: Database) {
  await runPrepared(database, DELETE_EXPIRED);
}
