import { CONTENTS_TITLE } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import type { Progress } from './book-progress.ts';
import { drawBlock } from './pdf-blocks.ts';
import { forgetWordLayouts, PdfOutput, releaseFinishedPages } from './pdf-memory.ts';
import { INK, keepTogether, MUTED, openPdf, type PdfPages, setStyle } from './pdf-pages.ts';
import { drawText } from './pdf-text.ts';

/**
 * Issue 42 §2: the book as a tagged PDF. Contents with page numbers need to know where each
 * chapter starts before they are drawn, so the book is laid out twice with the same code: a
 * measuring pass whose bytes are thrown away as they come, then the written pass with the numbers.
 * Pages are written out as they fill (no page buffer), and what pdfkit would keep until the end is
 * let go as each page and chapter is done (pdf-memory.ts), so memory is the output's, not the book's.
 */
type Struct = PDFKit.PDFStructureElement;

const chapterDestination = (index: number) => `chapter-${index + 1}`;

function cover(pages: PdfPages, root: Struct): void {
  const { doc, layout, book } = pages;
  doc.addPage();
  doc.y = layout.height * 0.3;
  setStyle(pages, 'heading', layout.type.title);
  root.add(
    doc.struct('H1', {}, () => drawText(pages, book.title, { width: pages.contentWidth, align: 'center' })),
  );
  if (book.subtitle) {
    doc.y += layout.type.subtitle;
    setStyle(pages, 'textItalic', layout.type.subtitle, MUTED);
    root.add(
      doc.struct('P', {}, () =>
        drawText(pages, book.subtitle, { width: pages.contentWidth, align: 'center' }),
      ),
    );
  }
  const byline = [book.author && !book.title.includes(book.author) ? book.author : null, book.madeOn]
    .filter(Boolean)
    .join(' · ');
  setStyle(pages, 'headingRegular', layout.type.question, MUTED);
  doc.y = layout.height - layout.margin.bottom - layout.type.question * 3;
  root.add(
    doc.struct('P', {}, () => drawText(pages, byline, { width: pages.contentWidth, align: 'center' })),
  );
}

/** The contents: one linked entry per chapter with its page number (a placeholder when measuring). */
function contents(pages: PdfPages, root: Struct, chapterPages: readonly number[] | null): void {
  const { doc, layout, book } = pages;
  pages.header = null;
  doc.addPage();
  setStyle(pages, 'heading', layout.type.chapter);
  root.add(doc.struct('H2', {}, () => doc.text(CONTENTS_TITLE, { width: pages.contentWidth })));
  doc.y += layout.type.chapter;
  pages.header = CONTENTS_TITLE;
  const toc = doc.struct('TOC');
  root.add(toc);
  const numberWidth = layout.type.body * 3;
  const titleWidth = pages.contentWidth - numberWidth - 12;
  book.chapters.forEach((chapter, index) => {
    setStyle(pages, 'text', layout.type.body, INK);
    const height = doc.heightOfString(chapter.title, { width: titleWidth, lineGap: layout.lineGap });
    keepTogether(pages, height);
    const x = layout.margin.side;
    const y = doc.y;
    const number = chapterPages ? String(chapterPages[index]) : '000';
    const item = doc.struct('TOCI');
    toc.add(item);
    const link = doc.struct('Link');
    item.add(link);
    link.add(() => {
      drawText(pages, chapter.title, { width: titleWidth, lineGap: layout.lineGap }, { x, y });
      doc.text(number, x + titleWidth + 12, y, { width: numberWidth, align: 'right', lineBreak: false });
    });
    doc.annotate(x, y, pages.contentWidth, height, {
      Subtype: 'Link',
      Dest: chapterDestination(index),
      Contents: new String(`${chapter.title}, page ${number}`),
      structParent: link,
    } as unknown as object);
    link.end();
    item.end();
    doc.x = x;
    doc.y = y + height + layout.paragraphGap;
  });
  toc.end();
}

/**
 * A turn of the event loop. pdfkit pushes its bytes into a readable stream that hands them to the
 * 'data' listener only once it flows (after a turn) and while its buffer is empty; without turns a
 * book laid out in one go would sit whole in the stream's buffer as thousands of small chunks.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Draws the book into `pages`; answers the page each chapter starts on. */
async function layOut(pages: PdfPages, chapterPages: readonly number[] | null, progress: Progress) {
  const { doc, layout, book } = pages;
  const root = doc.struct('Document');
  doc.addStructure(root);
  cover(pages, root);
  contents(pages, root, chapterPages);
  const starts: number[] = [];
  for (const [index, chapter] of book.chapters.entries()) {
    pages.header = null;
    doc.addPage();
    starts.push(pages.page);
    doc.addNamedDestination(chapterDestination(index), 'XYZ', layout.margin.side, doc.y, null);
    doc.outline.addItem(chapter.title);
    const section = doc.struct('Sect');
    root.add(section);
    doc.y += layout.type.chapter;
    setStyle(pages, 'heading', layout.type.chapter);
    section.add(doc.struct('H2', {}, () => drawText(pages, chapter.title, { width: pages.contentWidth })));
    doc.y += layout.type.chapter;
    pages.header = chapter.title;
    for (const block of chapter.blocks) drawBlock(pages, section, block);
    section.end();
    forgetWordLayouts(doc);
    releaseFinishedPages(doc); // a page whose last paragraph ran onto the next one is done now
    await nextTurn();
    await progress((index + 1) / book.chapters.length);
  }
  root.end();
  return starts;
}

/** The measuring pass: the page each chapter starts on. Its document is let go when it returns. */
async function chapterStartPages(book: Book, progress: Progress): Promise<number[]> {
  const measuring = openPdf(book, false);
  measuring.doc.on('data', () => {}); // read and dropped: a paused stream would keep every byte
  await nextTurn();
  return layOut(measuring, null, progress);
}

/**
 * Issue 42 §1: the page each chapter starts on, as the PDF prints it in its contents, for the book
 * preview: the same measuring pass, nothing kept (decision 190).
 */
export function pdfChapterPages(book: Book): Promise<number[]> {
  return chapterStartPages(book, () => {});
}

/** The PDF's bytes. `progress` hears the share done, from 0 to 1, after each chapter of each pass. */
export async function pdfBook(book: Book, progress: Progress = () => {}): Promise<Buffer> {
  const chapterPages = await chapterStartPages(book, (done) => progress(done * 0.4));
  const pages = openPdf(book, true);
  const output = new PdfOutput();
  pages.doc.on('data', (chunk: Buffer) => output.write(chunk));
  await nextTurn();
  const ended = new Promise<void>((resolve, reject) => {
    pages.doc.on('end', resolve);
    pages.doc.on('error', reject);
  });
  await layOut(pages, chapterPages, (done) => progress(0.4 + done * 0.6));
  pages.doc.end();
  await ended;
  return output.bytes();
}
