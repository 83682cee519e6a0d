import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { type Book, buildBook } from '#domain/book-model.ts';
import { BOOK_WRITERS } from './book-formats.ts';
import { readPdf } from './test-support/read-pdf.ts';
import { SCRIPT_PARAGRAPHS, SCRIPTS_DATA, SCRIPTS_FORM } from './test-support/scripts-fixture.ts';

// Issue 42 §2: fonts that cover accented and non-Latin letters. A book whose answers are in Chinese,
// Arabic, Hebrew and accented Latin: every paragraph comes back out of the PDF as typed (so its
// glyphs map to the letters and the right-to-left ones are in reading order), every font embedded.

const folder = mkdtempSync(path.join(tmpdir(), 'book-scripts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function scriptsBook(): Book {
  const result = buildBook(
    { form: SCRIPTS_FORM, data: SCRIPTS_DATA },
    {
      title: 'הסיפור שלי',
      subtitle: '我的故事',
      sections: [0],
      showQuestions: true,
      includeDeclined: false,
      pageSize: 'a4',
      locale: 'en-GB',
    },
    { author: 'Zoë', madeAt: new Date(Date.UTC(2026, 10, 29)) },
  );
  if (!result.ok) throw new Error(result.error);
  return result.book;
}

describe('a book in several scripts', () => {
  it('the PDF has every paragraph extractable as typed, in fonts of each script, all embedded', async () => {
    const bytes = await BOOK_WRITERS.pdf(scriptsBook());
    const pdf = await readPdf(bytes);
    const texts = pdf.elements.map((element) => `${element.role}: ${element.text}`);
    expect(texts).toContain('H1: הסיפור שלי');
    expect(texts).toContain('P: 我的故事');
    expect(texts).toContain('H2: Family 家族');
    expect(texts).toContain('P: 王小明');
    for (const paragraph of Object.values(SCRIPT_PARAGRAPHS)) expect(texts).toContain(`P: ${paragraph}`);
    expect(texts).toContain('TD: فاطمة');
    expect(texts).toContain('TD: דוד');
    expect(pdf.untagged).toEqual([]);

    const names = pdf.fonts.map((font) => font.name.replace(/^[A-Z]{6}\+/, ''));
    for (const font of [
      'NotoSerif-Regular',
      'NotoSansSC-Regular',
      'NotoSansKR-Regular',
      'Amiri-Regular',
      'NotoSansHebrew-Regular',
    ])
      expect(names).toContain(font);
    expect(pdf.fonts.filter((font) => !font.embedded)).toEqual([]);
    // Subsets only: the 10 MB Chinese font adds the few glyphs used.
    expect(bytes.length).toBeLessThan(400_000);

    const file = path.join(folder, 'scripts.pdf');
    writeFileSync(file, bytes);
    const rendered = spawnSync('pdftoppm', ['-r', '30', '-png', file, path.join(folder, 'scripts')], {
      encoding: 'utf8',
    });
    expect(rendered.status).toBe(0);
    expect(rendered.stderr).toBe('');
  }, 60_000);

  it('Word names a font per script and marks right-to-left paragraphs; the EPUB marks their direction', async () => {
    const files = unzipSync(new Uint8Array(await BOOK_WRITERS.docx(scriptsBook())));
    const docx = strFromU8(files['word/document.xml'] as Uint8Array);
    expect(docx).toMatch(/<w:bidi\/><\/w:pPr><w:r><w:rPr><w:rtl\/><\/w:rPr><w:t[^>]*>كانت جدتي/);
    expect(docx).toMatch(/w:cs="Noto Sans Hebrew"[^>]*\/><w:rtl\/><\/w:rPr><w:t[^>]*>שרה /);
    // The document's fonts per class of letters: Latin, East Asian, complex script.
    expect(strFromU8(files['word/styles.xml'] as Uint8Array)).toMatch(
      /<w:rFonts w:ascii="Georgia" w:cs="Amiri" w:eastAsia="Noto Sans SC" w:hAnsi="Georgia"\/>/,
    );

    const epub = unzipSync(new Uint8Array(await BOOK_WRITERS.epub(scriptsBook())));
    const chapter = strFromU8(epub['EPUB/chapter-1.xhtml'] as Uint8Array);
    expect(chapter).toContain(`<p dir="auto">${SCRIPT_PARAGRAPHS.hebrew}</p>`);
    expect(docx).toMatch(/w:eastAsia="Noto Sans KR"[^>]*\/><\/w:rPr><w:t[^>]*>할머니는/);
  });
});
