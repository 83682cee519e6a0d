import { buildBook } from '#domain/book-model.ts';
import { BOOK_FORMATS, type BookFormat, type BookRequest } from '#domain/book-request.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { BOOK_WRITERS } from './book-formats.ts';
import * as books from './book-repository.ts';
import { readBookSource } from './book-source.ts';

/**
 * Issue 42 §5: making one book, the background job's handler. Its payload is the book's id only
 * (TEAM: no plaintext in a job's payload): what the person chose is opened from the book's row, the
 * answers from the record as its owner reads them, and the file is sealed under the record's key
 * before it touches the database. Written as a plain handler `(payload, progress)` so the durable
 * job queue (issue 41 §6) registers it as it is; until then book-runner.ts runs it.
 */
export interface MakeBookPayload {
  readonly bookId: string;
}

export const BOOK_JOB_KIND = 'book.make';

/** What the person is told when making failed for a reason that is not theirs to fix. */
export const BOOK_FAILED_MESSAGE = 'We could not make your book. Please try again.';

/** What the book's row keeps sealed: the choices and the name for the cover. */
export interface SealedBookRequest {
  readonly request: BookRequest;
  readonly author: string | null;
}

export async function openBookRequest(deps: ServiceDeps, recordId: string, sealed: Uint8Array) {
  return JSON.parse(await deps.database.vault.open(recordId, 'book-request', sealed)) as SealedBookRequest;
}

/**
 * Progress is written at most every 5 % (a 500-question book reports a few dozen times). Every
 * report lets the event loop run first (DESIGN §9b fair share: a book never holds other people's
 * requests for longer than one chapter takes).
 */
function throttled(write: (fraction: number) => Promise<void>) {
  let written = 0;
  return async (fraction: number) => {
    await new Promise((resolve) => setImmediate(resolve));
    if (fraction - written < 0.05 && fraction < 1) return;
    written = fraction;
    await write(fraction);
  };
}

export async function makeBook(
  deps: ServiceDeps,
  payload: MakeBookPayload,
  progress: (fraction: number) => Promise<void> = async () => {},
): Promise<void> {
  const { bookId } = payload;
  if (!(await books.startBook(deps.database, bookId))) return; // gone, expired or taken already
  try {
    const parts = await books.sealedBookParts(deps.database, bookId);
    if (!parts || !BOOK_FORMATS.includes(parts.format as BookFormat)) return;
    const { request, author } = await openBookRequest(deps, parts.record_id, parts.request);
    // Read as its owner reads it: a record that is no longer theirs is not found.
    const owner = { userId: parts.owner_id, organizationId: null, roles: [] };
    const read = await readBookSource(deps, owner, parts.record_id);
    if (!read.ok) return await books.failBook(deps.database, bookId, read.failure.message);
    const built = buildBook(read.value.source, request, { author, madeAt: new Date() });
    if (!built.ok) return await books.failBook(deps.database, bookId, built.error);
    const report = throttled(async (fraction) => {
      await books.setBookProgress(deps.database, bookId, fraction * 0.95);
      await progress(fraction * 0.95);
    });
    const bytes = await BOOK_WRITERS[parts.format as BookFormat](built.book, report);
    const sealed = await deps.database.vault.sealBytes(parts.record_id, 'book', bytes);
    await books.completeBook(deps.database, bookId, sealed, bytes.length);
    await progress(1);
  } catch (error) {
    await books.failBook(deps.database, bookId, BOOK_FAILED_MESSAGE);
    throw error;
  }
}
