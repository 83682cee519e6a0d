import {
  AlignmentType,
  Document,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { type BookBlock, DECLINED_IN_BOOK } from '#domain/book-answers.ts';
import { BOOK_PAGE_LAYOUTS } from '#domain/book-layout.ts';
import type { Book } from '#domain/book-model.ts';
import { isRightToLeft, paragraphIsRightToLeft, scriptRuns } from '#domain/book-scripts.ts';
import type { Progress } from './book-progress.ts';

/**
 * Issue 42 §2–§3: the book as a Word file with real headings: the title in Word's Title style,
 * each chapter Heading 1 on a new page, each question Heading 2, so Word's navigation pane and a
 * screen reader move by them. Checkbox answers are bulleted lists, tables have a repeated header
 * row. Page size and margins as chosen; the running header and page number in the margins. Text
 * goes in as text runs (docx escapes them): nothing a person wrote is read as markup.
 */
const TWIPS_PER_POINT = 20;
const twips = (points: number) => Math.round(points * TWIPS_PER_POINT);

/**
 * Word picks a run's font by the class of its characters: Latin (ascii/hAnsi), East Asian, complex
 * script (Arabic, Hebrew). The document names one per class (Word substitutes a font the reader
 * lacks); Hebrew runs name Noto Sans Hebrew, as Amiri has no Hebrew. Right-to-left runs and
 * paragraphs are marked so Word orders them (issue 42 §2).
 */
const DOCUMENT_FONT = { ascii: 'Georgia', hAnsi: 'Georgia', eastAsia: 'Noto Sans SC', cs: 'Amiri' };

function runs(text: string, options: { italics?: boolean; bold?: boolean } = {}): TextRun[] {
  return scriptRuns(text).map(
    (run) =>
      new TextRun({
        text: run.text,
        ...options,
        ...(isRightToLeft(run.script) ? { rightToLeft: true } : {}),
        ...(run.script === 'hebrew' ? { font: { ...DOCUMENT_FONT, cs: 'Noto Sans Hebrew' } } : {}),
        ...(run.script === 'korean' ? { font: { ...DOCUMENT_FONT, eastAsia: 'Noto Sans KR' } } : {}),
      }),
  );
}

function textParagraph(text: string, extra: { bullet?: { level: number } } = {}): Paragraph {
  return new Paragraph({
    children: runs(text),
    ...extra,
    ...(paragraphIsRightToLeft(text) ? { bidirectional: true } : {}),
  });
}

function question(text: string): Paragraph {
  return new Paragraph({ text, heading: HeadingLevel.HEADING_2, keepNext: true });
}

function cell(text: string, header: boolean): TableCell {
  return new TableCell({
    children: [
      new Paragraph({
        children: runs(text, { bold: header }),
        ...(paragraphIsRightToLeft(text) ? { bidirectional: true } : {}),
      }),
    ],
  });
}

function blockParagraphs(block: BookBlock): (Paragraph | Table)[] {
  switch (block.kind) {
    case 'answer':
      return [
        ...(block.question ? [question(block.question)] : []),
        ...block.paragraphs.map((text) => textParagraph(text)),
      ];
    case 'list':
      return [
        ...(block.question ? [question(block.question)] : []),
        ...block.items.map((text) => textParagraph(text, { bullet: { level: 0 } })),
      ];
    case 'declined':
      return [
        question(block.question),
        new Paragraph({ children: [new TextRun({ text: DECLINED_IN_BOOK, italics: true })] }),
      ];
    case 'table': {
      const header = new TableRow({
        tableHeader: true,
        children: [...(block.rowHeadings ? [''] : []), ...block.columns].map((text) => cell(text, true)),
      });
      const rows = block.rows.map(
        (row) =>
          new TableRow({
            cantSplit: true,
            children: [
              ...(block.rowHeadings ? [cell(row.heading ?? '', true)] : []),
              ...row.cells.map((text) => cell(text, false)),
            ],
          }),
      );
      return [
        question(block.caption),
        new Table({ rows: [header, ...rows], width: { size: 100, type: WidthType.PERCENTAGE } }),
        new Paragraph({}),
      ];
    }
  }
}

export async function docxBook(book: Book, progress: Progress = () => {}): Promise<Buffer> {
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
  const chapters: (Paragraph | Table)[] = [];
  for (const [index, chapter] of book.chapters.entries()) {
    chapters.push(
      new Paragraph({ text: chapter.title, heading: HeadingLevel.HEADING_1, pageBreakBefore: true }),
    );
    for (const block of chapter.blocks) chapters.push(...blockParagraphs(block));
    await progress(((index + 1) / book.chapters.length) * 0.5);
  }
  const document = new Document({
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
        children: [...cover, ...chapters],
      },
    ],
  });
  const bytes = await Packer.toBuffer(document);
  await progress(1);
  return bytes;
}
