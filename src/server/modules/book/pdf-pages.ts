import PDFDocument from 'pdfkit';
import { BOOK_PAGE_LAYOUTS, runningLinePositions } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import { type BookFontName, bookFonts, otherScriptFontPaths } from './book-fonts.ts';
import type { PdfPages } from './pdf-document.ts';
import { releaseFinishedPages } from './pdf-memory.ts';
import { cellScript, RTL_FEATURES } from './pdf-text.ts';

/**
 * Issue 42 §2–§3: a tagged PDF document (PDF/UA-1: language, title shown, structure tree) with the
 * book's page furniture: the running header (the book's title on left-hand pages, the chapter's
 * on right-hand ones) and the page number, both marked as pagination artifacts, so a screen reader
 * reads the text without them.
 */
export const INK = '#1a1a1a';
export const MUTED = '#555555';

export type { PdfPages, PdfStyle } from './pdf-document.ts';

/** Sets the text style, remembered so the page furniture can put it back. */
export function setStyle(pages: PdfPages, font: BookFontName, size: number, color = INK): void {
  pages.style = { font, size, color };
  pages.doc.font(font).fontSize(size).fillColor(color);
}

/** Starts a new page when less than `height` points are left on this one (keep-with-next). */
export function keepTogether(pages: PdfPages, height: number): void {
  const bottom = pages.layout.height - pages.layout.margin.bottom;
  if (pages.doc.y + height > bottom) pages.doc.addPage();
}

function drawFurniture(pages: PdfPages): void {
  const { doc, layout, book, page, style } = pages;
  if (page === 1) return;
  const { header, footer } = runningLinePositions(layout);
  const x = layout.margin.side;
  // The footer lies in the bottom margin: while it is drawn the page has none, or pdfkit would
  // take the footer for text running off the page and start another.
  const bottomMargin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.markContent('Artifact', { type: 'Pagination' });
  doc.font('headingRegular').fontSize(layout.type.running).fillColor(MUTED);
  if (pages.header !== null) {
    // One line cut short, so one font: the other scripts' fonts carry Latin letters too.
    const cell = cellScript(page % 2 === 0 ? book.title : pages.header);
    if (cell.font) doc.font(cell.font);
    doc.text(cell.text, x, header, {
      width: pages.contentWidth,
      align: page % 2 === 0 ? 'left' : 'right',
      lineBreak: false,
      ellipsis: true,
      height: layout.type.running * 1.6,
      ...(cell.rightToLeft ? { features: RTL_FEATURES as never } : {}),
    });
    doc.font('headingRegular');
  }
  doc.text(String(page), x, footer, { width: pages.contentWidth, align: 'center', lineBreak: false });
  doc.endMarkedContent();
  doc.page.margins.bottom = bottomMargin;
  doc.font(style.font).fontSize(style.size).fillColor(style.color);
  doc.x = x;
  doc.y = layout.margin.top;
}

/**
 * A new tagged document for the book. `compress` is left off for the measuring pass, whose bytes
 * are thrown away; the written pass compresses its page contents.
 */
export function openPdf(book: Book, compress: boolean): PdfPages {
  const layout = BOOK_PAGE_LAYOUTS[book.pageSize];
  const doc = new PDFDocument({
    size: [layout.width, layout.height],
    margins: {
      top: layout.margin.top,
      bottom: layout.margin.bottom,
      left: layout.margin.side,
      right: layout.margin.side,
    },
    autoFirstPage: false,
    compress,
    pdfVersion: '1.7',
    tagged: true,
    subset: 'PDF/UA' as PDFKit.Mixins.PDFSubsets,
    lang: book.locale,
    displayTitle: true,
    // No standard font: every font of a PDF/UA file is embedded (ours are registered below).
    font: null as unknown as string,
    info: {
      Title: book.title,
      ...(book.subtitle ? { Subject: book.subtitle } : {}),
      ...(book.author ? { Author: book.author } : {}),
      Creator: 'Life Record',
    },
  });
  for (const [name, bytes] of Object.entries(bookFonts())) doc.registerFont(name, bytes);
  for (const [script, file] of Object.entries(otherScriptFontPaths())) doc.registerFont(script, file);
  const pages: PdfPages = {
    doc,
    layout,
    book,
    contentWidth: layout.width - 2 * layout.margin.side,
    page: 0,
    header: null,
    style: { font: 'text', size: layout.type.body, color: INK },
  };
  doc.on('pageAdded', () => {
    releaseFinishedPages(doc);
    pages.page += 1;
    drawFurniture(pages);
  });
  return pages;
}
