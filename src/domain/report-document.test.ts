import { describe, expect, it } from 'vitest';
import {
  hasReportText,
  headingOf,
  REPORT_TITLE,
  reportBlocks,
  reportFileName,
  reportFooterText,
  runsOf,
  xmlSafeText,
} from './report-document.ts';

const plain = (text: string) => ({ text, bold: false });
const bold = (text: string) => ({ text, bold: true });

describe('report document rules (admin-app §9)', () => {
  it('is titled and footed as the spec says', () => {
    expect(REPORT_TITLE).toBe('Trauma Resources Report');
    expect(reportFooterText('7/7/2025, 10:30:00 AM')).toBe('Generated on: 7/7/2025, 10:30:00 AM');
  });

  it.each<[string, string, string | null]>([
    ['a line wrapped in double asterisks', '**Family**', 'Family'],
    ['with spaces around and inside', '  ** Family of origin **  ', 'Family of origin'],
    ['with punctuation', '**Summary:**', 'Summary:'],
    ['a plain line', 'Family', null],
    ['bold text inside a sentence', 'She lived with **her aunt** for years.', null],
    ['two bold parts on one line', '**a** and **b**', null],
    ['empty asterisks', '****', null],
    ['asterisks around blanks', '**   **', null],
    ['an unclosed heading', '**Family', null],
    ['markup-looking text', '**<script>alert(1)</script>**', '<script>alert(1)</script>'],
  ])('a heading is %s', (_case, line, heading) => {
    expect(headingOf(line)).toBe(heading);
  });

  it.each<[string, string, unknown]>([
    ['plain text', 'Ada was born in Ohio.', [plain('Ada was born in Ohio.')]],
    [
      'a bold part',
      'She lived with **her aunt** for years.',
      [plain('She lived with '), bold('her aunt'), plain(' for years.')],
    ],
    ['an unmatched pair of asterisks', 'a ** b', [plain('a ** b')]],
    [
      'markup, literally',
      '<b>not bold</b> & <script>x</script>',
      [plain('<b>not bold</b> & <script>x</script>')],
    ],
  ])('runs of %s', (_case, line, runs) => {
    expect(runsOf(line)).toEqual(runs);
  });

  it('turns text into headings and paragraphs whose newlines are line breaks', () => {
    const text =
      '**Offline draft**\r\nFirst line\nsecond line\n\n\n**Family**\nTom <script>alert(1)</script>\n';
    expect(reportBlocks(text)).toEqual([
      { kind: 'heading', text: 'Offline draft' },
      { kind: 'paragraph', lines: [[plain('First line')], [plain('second line')]] },
      { kind: 'heading', text: 'Family' },
      { kind: 'paragraph', lines: [[plain('Tom <script>alert(1)</script>')]] },
    ]);
  });

  it('has no blocks for blank text', () => {
    expect(reportBlocks('')).toEqual([]);
    expect(reportBlocks(' \n\n ')).toEqual([]);
  });

  it.each<[string, string | null | undefined, string]>([
    ['an ISO date', '2025-07-07T10:30:00.000Z', 'trauma-report-2025-07-07T10-30-00-000Z.docx'],
    [
      'a date with an offset',
      '2025-07-07T10:30:00.123456+00:00',
      'trauma-report-2025-07-07T10-30-00-123456-00-00.docx',
    ],
    ['a local date text', '7/7/2025, 10:30:00 AM', 'trauma-report-7-7-2025-10-30-00-AM.docx'],
    ['no date', null, 'trauma-report-report.docx'],
    ['an empty date', '', 'trauma-report-report.docx'],
  ])('the file name for %s', (_case, date, name) => {
    expect(reportFileName(date)).toBe(name);
  });

  it.each<[unknown, boolean]>([
    ['A report', true],
    ['   ', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%j has report text: %s', (text, expected) => {
    expect(hasReportText(text as string | null)).toBe(expected);
  });

  it.each([
    ['U+FFFE and U+FFFF', 'a\uFFFEb\uFFFFc', 'abc'],
    ['control characters', 'a\u0000b\u0007c\u001Fd', 'abcd'],
    ['a lone surrogate', 'a\uD83Db', 'ab'],
  ])('removes what XML forbids: %s (issue 14 §12)', (_case, text, kept) => {
    expect(xmlSafeText(text)).toBe(kept);
    expect(reportBlocks(text)).toEqual([{ kind: 'paragraph', lines: [[{ text: kept, bold: false }]] }]);
  });

  it('keeps tabs, newlines, emoji and every other character', () => {
    expect(xmlSafeText('a\tb\nc 😀 é 中')).toBe('a\tb\nc 😀 é 中');
  });
});
