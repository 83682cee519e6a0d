import { buildBook } from '#domain/book-model.ts';
import { BOOK_MESSAGES, bookPagesRequestSchema } from '#domain/book-request.ts';
import { RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import { isUuid } from '../../db/uuid.ts';
import { denial, fail, ok, type Result } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import type { Viewer } from '../identity/viewer.ts';
import { readBookSource } from './book-source.ts';
import { pdfChapterPages } from './pdf-book.ts';

/**
 * Issue 42 §1 "a preview shows the first pages as the file will have them" (decision 190): the page
 * each chapter starts on, as the PDF prints it in its contents, for the options the person is
 * choosing. The PDF's measuring pass is run and its bytes dropped as they come; nothing is stored,
 * and the answer is the numbers only. Bounded: one count per person at a time (the screen asks
 * again after the next change) and a few at once on this instance; the layout lets the event loop
 * run after every chapter, as making a book does (DESIGN §9b fair share).
 */
export const PAGE_COUNT_MESSAGES = {
  busy: 'The page numbers are still being counted. They will follow your last change.',
  full: 'The page numbers cannot be counted just now. They appear in your PDF.',
} as const;

/** Counts running at once on one instance (each one is a book's layout: ~1–2 s at 500 questions). */
export const MAX_PAGE_COUNTS_AT_ONCE = 2;

export interface ChapterPagesModel {
  /** The page each chosen chapter starts on, in the chosen order. */
  chapterPages: number[];
}

export interface ChapterPageCounter {
  count(
    deps: ServiceDeps,
    viewer: Viewer | null,
    recordId: string,
    body: unknown,
  ): Promise<Result<ChapterPagesModel>>;
}

export function createChapterPageCounter(maxAtOnce = MAX_PAGE_COUNTS_AT_ONCE): ChapterPageCounter {
  const running = new Set<string>();
  return {
    async count(deps, viewer, recordId, body) {
      if (!viewer) return denial('unauthenticated');
      const notFound = { notFound: RECORD_NOT_FOUND_MESSAGE, forbidden: BOOK_MESSAGES.notOwner };
      if (!isUuid(recordId)) return denial('not-found', notFound);
      const input = bookPagesRequestSchema.safeParse(body ?? {});
      if (!input.success)
        return fail('BAD_USER_INPUT', input.error.issues[0]?.message ?? BOOK_MESSAGES.noSections);
      if (running.has(viewer.userId)) return fail('TOO_MANY_REQUESTS', PAGE_COUNT_MESSAGES.busy);
      if (running.size >= maxAtOnce) return fail('TOO_MANY_REQUESTS', PAGE_COUNT_MESSAGES.full);
      running.add(viewer.userId);
      try {
        // The owner only, refused with the book's own words (book-source.ts, through the records door).
        const read = await readBookSource(deps, viewer, recordId);
        if (!read.ok) return read.failure.code === 'NOT_FOUND' ? denial('not-found', notFound) : read;
        const built = buildBook(read.value.source, input.data, { author: viewer.name, madeAt: new Date() });
        if (!built.ok) return fail('BAD_USER_INPUT', built.error);
        return ok({ chapterPages: await pdfChapterPages(built.book) });
      } finally {
        running.delete(viewer.userId);
      }
    },
  };
}
