import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
} from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { BOOK_PAGE_LAYOUTS } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import type { Progress } from './book-progress.ts';
import { chapterXml, DOCUMENT_FONT } from './docx-body.ts';
import { zipOutput } from './zip-output.ts';

/**
 * Issue 42 §2–§3: the book as a Word file with real headings: the title in Word's Title style,
 * each chapter Heading 1 on a new page, each question Heading 2, so Word's navigation pane and a
 * screen reader move by them. Checkbox answers are bulleted lists, tables have a repeated header
 * row. Page size and margins as chosen; the running header and page number in the margins.
 *
 * §5 (decision 196): the `docx` library makes the package around the story (cover, styles,
 * numbering, header, footer, section properties) with a marker paragraph where the chapters go;
 * the chapters are then written into `word/document.xml` one at a time (`docx-body.ts`) and
 * deflated as they come, so memory holds the output and one chapter, not the whole story's tree.
 */
const TWIPS_PER_POINT = 20;
const twips = (points: number) => Math.round(points * TWIPS_PER_POINT);

function packageAround(book: Book, marker: string): Document {
  const layout = BOOK_PAGE_LAYOUTS[book.pageSize];
  const cover = [
    new Paragraph({ spacing: { before: twips(layout.height * 0.25) } }),
    new Paragraph({ text: book.title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
    ...(book.subtitle
      ? [
          new Paragraph({
            alignment: AlignmentType.CENTER,
            children: [new TextRun({ text: book.subtitle, italics: true, size: layout.type.subtitle * 2 })],
          }),
        ]
      : []),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: twips(layout.type.subtitle * 2) },
      children: [
        new TextRun({ text: [book.author, book.madeOn].filter(Boolean).join(' · '), color: '555555' }),
      ],
    }),
  ];
  return new Document({
    title: book.title,
    ...(book.subtitle ? { subject: book.subtitle } : {}),
    creator: book.author ?? 'Life Record',
    styles: {
      default: {
        document: {
          run: {
            font: DOCUMENT_FONT,
            size: Math.round(layout.type.body * 2),
            language: { value: book.locale },
          },
          paragraph: { spacing: { after: twips(layout.paragraphGap), line: 300 } },
        },
      },
    },
    sections: [
      {
        properties: {
          titlePage: true,
          page: {
            size: { width: twips(layout.width), height: twips(layout.height) },
            margin: {
              top: twips(layout.margin.top),
              bottom: twips(layout.margin.bottom),
              left: twips(layout.margin.side),
              right: twips(layout.margin.side),
            },
          },
        },
        headers: {
          default: new Header({
            children: [
              new Paragraph({
                alignment: AlignmentType.RIGHT,
                children: [
                  new TextRun({
                    text: book.title,
                    size: Math.round(layout.type.running * 2),
                    color: '555555',
                  }),
                ],
              }),
            ],
          }),
          first: new Header({ children: [] }),
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ children: [PageNumber.CURRENT], size: Math.round(layout.type.running * 2) }),
                ],
              }),
            ],
          }),
          first: new Footer({ children: [] }),
        },
        children: [...cover, new Paragraph({ text: marker })],
      },
    ],
  });
}

/** The document's XML before and after the marker paragraph. */
function splitAtMarker(xml: string, marker: string): [string, string] {
  const at = xml.indexOf(marker);
  const start = xml.lastIndexOf('<w:p>', at);
  const end = xml.indexOf('</w:p>', at) + '</w:p>'.length;
  if (at < 0 || start < 0 || end < '</w:p>'.length)
    throw new Error('The Word package has no place for the story.');
  return [xml.slice(0, start), xml.slice(end)];
}

export async function docxBook(book: Book, progress: Progress = () => {}): Promise<Buffer> {
  const layout = BOOK_PAGE_LAYOUTS[book.pageSize];
  const textWidth = twips(layout.width) - 2 * twips(layout.margin.side);
  const marker = `book-chapters-${randomUUID()}`;
  const around = unzipSync(new Uint8Array(await Packer.toBuffer(packageAround(book, marker))));
  const [head, tail] = splitAtMarker(strFromU8(around['word/document.xml'] as Uint8Array), marker);
  const zip = zipOutput();
  for (const [name, bytes] of Object.entries(around))
    if (name !== 'word/document.xml') zip.addFile(name, bytes);
  const write = zip.openFile('word/document.xml');
  write(head);
  for (const [index, chapter] of book.chapters.entries()) {
    write(chapterXml(chapter, textWidth));
    await progress((index + 1) / book.chapters.length);
    // Let the server answer between chapters, as the PDF writer does.
    await nextTurn();
  }
  write(tail, true);
  return zip.finish();
}
