import type { Book } from '#domain/book-model.ts';
import type { BookFormat } from '#domain/book-request.ts';
import type { Progress } from './book-progress.ts';
import { docxBook } from './docx-book.ts';
import { epubBook } from './epub-book.ts';
import { pdfBook } from './pdf-book.ts';

/** Issue 42 §2: the three formats, each written from the same book model. */
export const BOOK_WRITERS: Record<BookFormat, (book: Book, progress?: Progress) => Promise<Buffer>> = {
  pdf: pdfBook,
  docx: docxBook,
  epub: epubBook,
};
