/**
 * admin-app §9 "The downloaded report": the rules that turn a generation's text into the structure
 * of the Word document, and its file name. Building the .docx itself is the web client's job
 * (src/web/features/record/admin-report/report-docx.ts); these rules are pure and table-tested.
 * Nothing here reads the text as markup: `<b>` or `<script>` stay the characters they are.
 */

export const REPORT_TITLE = 'Trauma Resources Report';

/** A piece of a line: plain, or bold when it was wrapped in double asterisks inside the line. */
export interface ReportRun {
  text: string;
  bold: boolean;
}

export type ReportBlock =
  /** admin-app §9: "Text wrapped in double asterisks becomes a heading" (a whole line `**Family**`). */
  | { kind: 'heading'; text: string }
  /** Consecutive lines; admin-app §9 "newlines become line breaks" between them. */
  | { kind: 'paragraph'; lines: ReportRun[][] };

const HEADING_LINE = /^\*\*(.+)\*\*$/;

/** A whole line wrapped in double asterisks, its text trimmed; null for any other line. */
export function headingOf(line: string): string | null {
  const match = HEADING_LINE.exec(line.trim());
  const text = match?.[1]?.trim();
  // `**a** and **b**` is a line with two bold parts, not a heading.
  return text && !text.includes('**') ? text : null;
}

/** `**bold**` parts inside a line become bold runs; an unmatched `**` stays as typed. */
export function runsOf(line: string): ReportRun[] {
  const runs: ReportRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let at = 0;
  for (const match of line.matchAll(pattern)) {
    if (match.index > at) runs.push({ text: line.slice(at, match.index), bold: false });
    runs.push({ text: match[1] ?? '', bold: true });
    at = match.index + match[0].length;
  }
  if (at < line.length || runs.length === 0) runs.push({ text: line.slice(at), bold: false });
  return runs;
}

/**
 * The document's blocks, in order: a heading line is a heading; other lines gather into
 * paragraphs, each newline a line break; a blank line ends a paragraph (decision 082).
 */
export function reportBlocks(text: string): ReportBlock[] {
  text = xmlSafeText(text);
  const blocks: ReportBlock[] = [];
  let paragraph: ReportRun[][] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
    paragraph = [];
  };
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = headingOf(line);
    if (heading !== null) {
      endParagraph();
      blocks.push({ kind: 'heading', text: heading });
    } else if (line.trim() === '') {
      endParagraph();
    } else {
      paragraph.push(runsOf(line.trimEnd()));
    }
  }
  endParagraph();
  return blocks;
}

/**
 * admin-app §9: `trauma-report-{timestamp}`, the timestamp being the generation date with its
 * separators replaced by hyphens (`2025-07-07T10:30:00.000Z` → `2025-07-07T10-30-00-000Z`), or
 * `report` when there is none. A real Word file, so `.docx` where the spec's client wrote `.doc`.
 */
export function reportFileName(dateGenerated: string | null | undefined): string {
  const timestamp = (dateGenerated ?? '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `trauma-report-${timestamp === '' ? 'report' : timestamp}.docx`;
}

/** admin-app §9: the footer line. */
export function reportFooterText(date: string): string {
  return `Generated on: ${date}`;
}

/** customer-app §8: a generation with no text has nothing to download. */
export function hasReportText(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

/**
 * Characters XML 1.0 forbids (control characters other than tab and newlines, U+FFFE, U+FFFF and
 * surrogates without their partner) removed: a Word document holding one is invalid and Word will
 * not open it (issue 14 §12). Everything else is kept as written.
 */
const XML_FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what is removed.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafeText(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}
