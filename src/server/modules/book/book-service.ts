import { buildBook } from '#domain/book-model.ts';
import {
  BOOK_MEDIA_TYPES,
  BOOK_MESSAGES,
  type BookFormat,
  bookFileName,
  bookRequestSchema,
} from '#domain/book-request.ts';
import { decideRecord, RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { type AuditRequest, auditOwnAction } from '../audit/audit-service.ts';
import { openBookRequest, type SealedBookRequest } from './book-making.ts';
import * as books from './book-repository.ts';
import { readBookSource } from './book-source.ts';

/**
 * Issue 42 §1, §4, §5: asking for a book, following it, downloading it. Only the record's owner
 * (`decideRecord 'makeBook'`); each book asked for is an entry of the person's own audit list
 * ("You made a book of your record (PDF)"); the file is kept sealed for an hour, then deleted.
 */
export const BOOK_LIFETIME_SECONDS = 60 * 60;
/** A book still waiting or being made after this long was lost (a restart before the job queue). */
export const BOOK_STALE_SECONDS = 10 * 60;
/** Books one person may have waiting or in making at once: enough for the three formats. */
export const MAX_BOOKS_IN_PROGRESS = 3;

export const BOOK_MESSAGES_SERVER = {
  notFound: 'This book is not here any more. Books are kept for an hour; please make it again.',
  busy: 'Your other books are still being made. Please wait until they are ready.',
  stale: 'Making this book was interrupted. Please make it again.',
  notReady: 'This book is not ready yet.',
} as const;

export interface BookStatusModel {
  id: string;
  format: BookFormat;
  state: books.BookState;
  /** 0 to 1. */
  progress: number;
  error: string | null;
  bytes: number | null;
  expiresAt: string;
}

function statusOf(row: books.BookRow): BookStatusModel {
  const stale =
    (row.state === 'queued' || row.state === 'active') &&
    Date.now() - row.created_at.getTime() > BOOK_STALE_SECONDS * 1000;
  return {
    id: row.id,
    format: row.format as BookFormat,
    state: stale ? 'failed' : row.state,
    progress: row.progress_per_mille / 1000,
    error: stale ? BOOK_MESSAGES_SERVER.stale : row.error,
    bytes: row.file_bytes,
    expiresAt: row.expires_at.toISOString(),
  };
}

/** POST /api/records/:id/books: checks the request now, makes the book in the background. */
export async function requestBook(
  deps: ServiceDeps,
  asked: AuditRequest | null,
  recordId: string,
  body: unknown,
  enqueue: (bookId: string, personId: string) => Promise<void>,
): Promise<Result<BookStatusModel>> {
  if (!asked) return denial('unauthenticated');
  const { viewer } = asked;
  const notFound = { notFound: RECORD_NOT_FOUND_MESSAGE, forbidden: BOOK_MESSAGES.notOwner };
  if (!isUuid(recordId)) return denial('not-found', notFound);
  const input = bookRequestSchema.safeParse(body ?? {});
  if (!input.success)
    return fail('BAD_USER_INPUT', input.error.issues[0]?.message ?? BOOK_MESSAGES.noSections);
  const read = await readBookSource(deps, viewer, recordId);
  if (!read.ok) return read.failure.code === 'NOT_FOUND' ? denial('not-found', notFound) : read;
  const refused = refusal(decideRecord(viewer, 'makeBook', read.value.record), notFound);
  if (refused) return refused;
  const { format, ...choices } = input.data;
  // Checked now, so the person hears at once what is wrong; the job builds it again from the
  // record as it is then.
  const built = buildBook(read.value.source, choices, { author: viewer.name, madeAt: new Date() });
  if (!built.ok) return fail('BAD_USER_INPUT', built.error);
  await books.deleteExpiredBooks(deps.database);
  if (
    (await books.booksInProgress(deps.database, viewer.userId, BOOK_STALE_SECONDS)) >= MAX_BOOKS_IN_PROGRESS
  )
    return fail('TOO_MANY_REQUESTS', BOOK_MESSAGES_SERVER.busy);
  const sealed: SealedBookRequest = { request: input.data, author: viewer.name };
  const request = await deps.database.vault.sealBytes(
    recordId,
    'book-request',
    Buffer.from(JSON.stringify(sealed), 'utf8'),
  );
  // Issue 42 §4: in the person's own list, as their own action, before anything is made.
  await auditOwnAction(deps, asked, { recordId, action: `book.${format}` });
  const row = await books.insertBook(deps.database, {
    recordId,
    ownerId: viewer.userId,
    format,
    request,
    lifetimeSeconds: BOOK_LIFETIME_SECONDS,
  });
  await enqueue(row.id, viewer.userId);
  return ok(statusOf(row));
}

/** GET /api/books/:id: how far the book is. Anyone but its owner is told it does not exist. */
export async function bookStatus(
  deps: ServiceDeps,
  viewer: { userId: string } | null,
  bookId: string,
): Promise<Result<BookStatusModel>> {
  if (!viewer) return denial('unauthenticated');
  const row = isUuid(bookId) ? await books.findBookOfOwner(deps.database, bookId, viewer.userId) : undefined;
  return row ? ok(statusOf(row)) : fail('NOT_FOUND', BOOK_MESSAGES_SERVER.notFound);
}

export interface BookFileModel {
  bytes: Buffer;
  fileName: string;
  mediaType: string;
}

/** GET /api/books/:id/file: the made file, opened for its owner only, in memory. */
export async function bookFile(
  deps: ServiceDeps,
  viewer: { userId: string } | null,
  bookId: string,
): Promise<Result<BookFileModel>> {
  const status = await bookStatus(deps, viewer, bookId);
  if (!status.ok) return status;
  if (status.value.state !== 'completed') return fail('CONFLICT', BOOK_MESSAGES_SERVER.notReady);
  const parts = await books.sealedBookParts(deps.database, bookId);
  if (!parts?.file) return fail('NOT_FOUND', BOOK_MESSAGES_SERVER.notFound);
  const [{ request }, bytes] = await Promise.all([
    openBookRequest(deps, parts.record_id, parts.request),
    deps.database.vault.openBytes(parts.record_id, 'book', parts.file),
  ]);
  const format = status.value.format;
  return ok({ bytes, fileName: bookFileName(request.title, format), mediaType: BOOK_MEDIA_TYPES[format] });
}
