import { type BookBlock, DECLINED_IN_BOOK } from '#domain/book-answers.ts';
import { INK, keepTogether, MUTED, type PdfPages, setStyle } from './pdf-pages.ts';
import { cellScript, drawText, RTL_FEATURES } from './pdf-text.ts';

/**
 * Issue 42 §2–§3: one block of a chapter drawn into the tagged PDF. Every piece of text is drawn
 * inside its structure element's closure, so a paragraph that runs onto the next page keeps both
 * halves in the structure tree (pdfkit's `structParent` text option loses the second half).
 */
type Struct = PDFKit.PDFStructureElement;

function add(pages: PdfPages, parent: Struct, type: string, draw: () => void, options: object = {}): Struct {
  const element = pages.doc.struct(type, options, draw);
  parent.add(element);
  return element;
}

function lineHeight(pages: PdfPages, size: number): number {
  return size * 1.25 + pages.layout.lineGap;
}

/** The question as a heading (H3), kept on the page of the first lines of its answer. */
function question(pages: PdfPages, parent: Struct, text: string): void {
  const { doc, layout } = pages;
  setStyle(pages, 'heading', layout.type.question, MUTED);
  const height = doc.heightOfString(text, { width: pages.contentWidth, lineGap: 1 });
  keepTogether(pages, height + 2 * lineHeight(pages, layout.type.body) + layout.paragraphGap);
  add(pages, parent, 'H3', () => {
    drawText(pages, text, { width: pages.contentWidth, lineGap: 1 });
  });
  doc.moveDown(0.3);
}

function paragraph(pages: PdfPages, parent: Struct, text: string, italic = false): void {
  const { doc, layout } = pages;
  setStyle(pages, italic ? 'textItalic' : 'text', layout.type.body, INK);
  keepTogether(pages, lineHeight(pages, layout.type.body));
  add(pages, parent, 'P', () => {
    drawText(pages, text, { width: pages.contentWidth, lineGap: layout.lineGap, paragraphGap: 0 });
  });
  doc.y += layout.paragraphGap;
}

/** A checkbox answer: a list (L › LI › Lbl + LBody), each item kept whole on its page. */
function list(pages: PdfPages, parent: Struct, items: readonly string[]): void {
  const { doc, layout } = pages;
  const indent = layout.type.body * 1.4;
  const x = layout.margin.side;
  const listElement = doc.struct('L', { placement: 'Block' } as object);
  parent.add(listElement);
  setStyle(pages, 'text', layout.type.body, INK);
  for (const item of items) {
    const height = doc.heightOfString(item, { width: pages.contentWidth - indent, lineGap: layout.lineGap });
    keepTogether(pages, height);
    const y = doc.y;
    const entry = doc.struct('LI');
    listElement.add(entry);
    entry.add(doc.struct('Lbl', {}, () => doc.text('•', x + indent / 3, y, { lineBreak: false })));
    entry.add(
      doc.struct('LBody', {}, () =>
        drawText(
          pages,
          item,
          { width: pages.contentWidth - indent, lineGap: layout.lineGap },
          { x: x + indent, y },
        ),
      ),
    );
    entry.end();
    doc.x = x;
    doc.y += 2;
  }
  listElement.end();
  doc.y += layout.paragraphGap;
}

type TableBlock = Extract<BookBlock, { kind: 'table' }>;

/** A table cell in the font of its script (pdfkit draws a cell's text in one call). */
function cell(text: string, font: string, size: number, tag: object): object {
  const script = cellScript(text);
  return {
    ...tag,
    text: script.text,
    font: { src: script.font ?? font, size },
    ...(script.rightToLeft ? { align: { x: 'right' }, textOptions: { features: RTL_FEATURES } } : {}),
  };
}

/** A table (brothers and sisters, places lived) with its header row and, where rows have names, row headers. */
function table(pages: PdfPages, parent: Struct, block: TableBlock): void {
  const { doc, layout } = pages;
  const size = layout.type.body - 1;
  const header = [...(block.rowHeadings ? [''] : []), ...block.columns].map((text) =>
    cell(text, 'heading', size, { type: 'TH', scope: 'Column' }),
  );
  const rows = block.rows.map((row) => [
    ...(block.rowHeadings ? [cell(row.heading ?? '', 'heading', size, { type: 'TH', scope: 'Row' })] : []),
    ...row.cells.map((text) => cell(text, 'text', size, { type: 'TD' })),
  ]);
  setStyle(pages, 'text', size, INK);
  keepTogether(pages, 3 * lineHeight(pages, size) + 16);
  doc.table({
    structParent: parent,
    maxWidth: pages.contentWidth,
    position: { x: layout.margin.side, y: doc.y },
    defaultStyle: {
      border: 0.5,
      borderColor: '#8a8a8a',
      padding: { top: 3, bottom: 3, left: 5, right: 5 },
      font: { src: 'text', size },
      textColor: INK,
    },
    data: [header, ...rows],
  } as unknown as PDFKit.Mixins.TableOptionsWithData);
  doc.x = layout.margin.side;
  doc.y += layout.paragraphGap * 2;
}

/** One block of a chapter, inside the chapter's section element. */
export function drawBlock(pages: PdfPages, section: Struct, block: BookBlock): void {
  switch (block.kind) {
    case 'answer':
      if (block.question) question(pages, section, block.question);
      for (const text of block.paragraphs) paragraph(pages, section, text);
      break;
    case 'list':
      if (block.question) question(pages, section, block.question);
      list(pages, section, block.items);
      break;
    case 'declined':
      question(pages, section, block.question);
      paragraph(pages, section, DECLINED_IN_BOOK, true);
      break;
    case 'table':
      question(pages, section, block.caption);
      table(pages, section, block);
      break;
  }
  pages.doc.y += pages.layout.paragraphGap;
}
