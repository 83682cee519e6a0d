import { type BookBlock, DECLINED_IN_BOOK } from '#domain/book-answers.ts';
import type { Chapter } from '#domain/book-model.ts';
import { isRightToLeft, paragraphIsRightToLeft, scriptRuns } from '#domain/book-scripts.ts';

/**
 * Issue 42 §2–§3, §5 (decision 196): a chapter of the Word file as WordprocessingML, written as
 * text so the document's body is streamed chapter by chapter (the `docx` library builds the whole
 * tree first: 7 KB a question). The elements are those `docx` writes (its cover, styles, numbering,
 * header and footer make the rest of the package): Heading 1 on a new page per chapter, Heading 2
 * per question, bullets on the default numbering (numId 1), tables with a repeated header row.
 * Every text goes through `escapeText`: nothing a person wrote is read as markup.
 */

/** Word picks a run's font by the class of its characters; the document's defaults are in styles. */
export const DOCUMENT_FONT = { ascii: 'Georgia', hAnsi: 'Georgia', eastAsia: 'Noto Sans SC', cs: 'Amiri' };

// XML 1.0 has no place for most control characters; the rest is escaped.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
export function escapeText(text: string): string {
  return text.replace(NOT_IN_XML, '').replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function fonts(font: typeof DOCUMENT_FONT): string {
  return `<w:rFonts w:ascii="${font.ascii}" w:cs="${font.cs}" w:eastAsia="${font.eastAsia}" w:hAnsi="${font.hAnsi}"/>`;
}

interface RunStyle {
  readonly bold?: boolean;
  readonly italics?: boolean;
}

/** The text as runs by script: Hebrew and Korean name their fonts, right-to-left runs are marked. */
function runs(text: string, style: RunStyle = {}): string {
  return scriptRuns(text)
    .map((run) => {
      const font =
        run.script === 'hebrew'
          ? fonts({ ...DOCUMENT_FONT, cs: 'Noto Sans Hebrew' })
          : run.script === 'korean'
            ? fonts({ ...DOCUMENT_FONT, eastAsia: 'Noto Sans KR' })
            : '';
      const properties = [
        font,
        style.bold ? '<w:b/><w:bCs/>' : '',
        style.italics ? '<w:i/><w:iCs/>' : '',
        isRightToLeft(run.script) ? '<w:rtl/>' : '',
      ].join('');
      const rPr = properties ? `<w:rPr>${properties}</w:rPr>` : '';
      return `<w:r>${rPr}<w:t xml:space="preserve">${escapeText(run.text)}</w:t></w:r>`;
    })
    .join('');
}

/** A paragraph; its properties in the schema's order (style, keep, page break, numbering, bidi). */
function paragraph(text: string, options: { style?: string; properties?: string; run?: RunStyle } = {}) {
  const bidi = paragraphIsRightToLeft(text) ? '<w:bidi/>' : '';
  const style = options.style ? `<w:pStyle w:val="${options.style}"/>` : '';
  const properties = `${style}${options.properties ?? ''}${bidi}`;
  return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${runs(text, options.run)}</w:p>`;
}

const question = (text: string) => paragraph(text, { style: 'Heading2', properties: '<w:keepNext/>' });
const BULLET = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>';
const BORDER = 'w:val="single" w:color="auto" w:sz="4"';
const TABLE_BORDERS = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
  .map((side) => `<w:${side} ${BORDER}/>`)
  .join('');

function cell(text: string, header: boolean): string {
  return `<w:tc>${text === '' ? '<w:p/>' : paragraph(text, { run: { bold: header } })}</w:tc>`;
}

function table(block: Extract<BookBlock, { kind: 'table' }>, textWidth: number): string {
  const headings = [...(block.rowHeadings ? [''] : []), ...block.columns];
  const column = Math.floor(textWidth / headings.length);
  const grid = headings.map(() => `<w:gridCol w:w="${column}"/>`).join('');
  const header = `<w:tr><w:trPr><w:tblHeader/></w:trPr>${headings.map((text) => cell(text, true)).join('')}</w:tr>`;
  const rows = block.rows.map(
    (row) =>
      `<w:tr><w:trPr><w:cantSplit/></w:trPr>${block.rowHeadings ? cell(row.heading ?? '', true) : ''}${row.cells.map((text) => cell(text, false)).join('')}</w:tr>`,
  );
  return `<w:tbl><w:tblPr><w:tblW w:type="pct" w:w="5000"/><w:tblBorders>${TABLE_BORDERS}</w:tblBorders></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${header}${rows.join('')}</w:tbl><w:p/>`;
}

function blockXml(block: BookBlock, textWidth: number): string {
  switch (block.kind) {
    case 'answer':
      return (
        (block.question ? question(block.question) : '') +
        block.paragraphs.map((text) => paragraph(text)).join('')
      );
    case 'list':
      return (
        (block.question ? question(block.question) : '') +
        block.items.map((text) => paragraph(text, { style: 'ListParagraph', properties: BULLET })).join('')
      );
    case 'declined':
      return question(block.question) + paragraph(DECLINED_IN_BOOK, { run: { italics: true } });
    case 'table':
      return question(block.caption) + table(block, textWidth);
  }
}

/** One chapter: its title as Heading 1 on a new page, then its blocks. `textWidth` in twips. */
export function chapterXml(chapter: Chapter, textWidth: number): string {
  const title = paragraph(chapter.title, { style: 'Heading1', properties: '<w:pageBreakBefore/>' });
  return title + chapter.blocks.map((block) => blockXml(block, textWidth)).join('');
}
