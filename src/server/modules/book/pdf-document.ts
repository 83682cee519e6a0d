import type { BookPageLayout } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import type { BookFontName } from './book-fonts.ts';

// The open PDF and its place, apart from pdf-pages.ts so the text setting (pdf-text.ts) can take it
// without the page furniture and the page furniture can use the text setting.
export interface PdfStyle {
  font: BookFontName;
  size: number;
  color: string;
}

export interface PdfPages {
  readonly doc: PDFKit.PDFDocument;
  readonly layout: BookPageLayout;
  readonly book: Book;
  readonly contentWidth: number;
  /** The current page, counted from 1 (the cover). */
  page: number;
  /** The running header of the pages that follow; null on a chapter's first page. */
  header: string | null;
  style: PdfStyle;
}
