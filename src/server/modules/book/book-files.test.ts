import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { BOOK_PAGE_LAYOUTS } from '#domain/book-layout.ts';
import { type Book, buildBook } from '#domain/book-model.ts';
import type { BookRequest, PageSize } from '#domain/book-request.ts';
import { BOOK_WRITERS } from './book-formats.ts';
import { BOOK_TEST_DATA, BOOK_TEST_FORM, UNCHOSEN_ANSWER } from './test-support/book-fixture.ts';
import { readPdf } from './test-support/read-pdf.ts';

// Issue 42 "Done when": each file opened as its readers open it: the PDF with a PDF parser (pdf.js)
// and poppler, the Word file unzipped to its headings, the EPUB through epubcheck.

const folder = mkdtempSync(path.join(tmpdir(), 'book-files-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function bookOf(overrides: Partial<BookRequest> = {}): Book {
  const result = buildBook(
    { form: BOOK_TEST_FORM, data: BOOK_TEST_DATA },
    {
      title: 'The story of Zoë',
      subtitle: 'For my grandchildren',
      // Chosen out of the form's order; "Hard years" (skipped) and "Not for the book" left out.
      sections: [1, 0],
      showQuestions: true,
      includeDeclined: false,
      pageSize: 'a4',
      locale: 'en-GB',
      ...overrides,
    },
    { author: 'Zoë Ångström', madeAt: new Date(Date.UTC(2026, 10, 29)) },
  );
  if (!result.ok) throw new Error(result.error);
  return result.book;
}

describe.each(['a4', 'letter', '6x9'] as PageSize[])('the PDF on %s pages', (pageSize) => {
  it('is tagged PDF/UA: language, title shown, headings in order, text in reading order, fonts embedded', async () => {
    const fractions: number[] = [];
    const bytes = await BOOK_WRITERS.pdf(bookOf({ pageSize }), (fraction) => {
      fractions.push(fraction);
    });
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    expect(fractions.at(-1)).toBe(1);
    const pdf = await readPdf(bytes);
    expect(pdf).toMatchObject({
      marked: true,
      title: 'The story of Zoë',
      language: 'en-GB',
      displayTitle: true,
    });
    expect(bytes.toString('latin1')).toContain('<pdfuaid:part>1</pdfuaid:part>');
    // Decision 196: each finished page's parent tree entry was written out as its page ended (a
    // reference), not kept in memory to the end (an inline array); the last page's may be inline.
    const nums = /\/ParentTree <<[\s\S]*?\/Nums \[([\s\S]*?)\]\n>>/.exec(bytes.toString('latin1'))?.[1] ?? '';
    const entries = nums
      .trim()
      .split('\n')
      .map((line) => line.trim());
    expect(entries.length).toBeGreaterThan(4);
    expect(entries.filter((entry) => !/^\d+ \d+ 0 R$/.test(entry)).length).toBeLessThanOrEqual(1);

    const headings = pdf.elements.filter((element) => /^H\d$/.test(element.role));
    expect(headings).toEqual([
      { role: 'H1', text: 'The story of Zoë' },
      { role: 'H2', text: 'Contents' },
      { role: 'H2', text: 'Brothers and sisters' },
      { role: 'H3', text: 'Your brothers and sisters' },
      { role: 'H3', text: 'Places you have lived' },
      { role: 'H2', text: 'Where I come from' },
      { role: 'H3', text: 'What is your name?' },
      { role: 'H3', text: 'When were you born?' },
      { role: 'H3', text: 'Where were you born?' },
      { role: 'H3', text: 'Tell the story of your first home' },
    ]);

    // Reading order: the table's header row, then its rows with row headers; the list's items.
    const texts = pdf.elements.map((element) => `${element.role}: ${element.text}`);
    const table = texts.slice(texts.indexOf('H3: Your brothers and sisters') + 1);
    expect(table.slice(0, 10)).toEqual([
      'TH: First name',
      'TH: Born',
      'TH: Sibling 1',
      'TD: Ada',
      'TD: 2 January 1950',
      'TH: Sibling 2',
      'TD: Борис',
      'H3: Places you have lived',
      'Lbl: •',
      'LBody: By the sea',
    ]);
    expect(texts).toContain('P: Zoë Ångström-Ñúñez');
    expect(texts).toContain('P: 8 March 1956');
    expect(texts).toContain('P: Θεσσαλονίκη');
    // The long story runs over pages and every one of its 40 paragraphs is tagged, in order.
    const story = pdf.elements.filter((element) => /^\d+\. The house had a blue door/.test(element.text));
    expect(story.map((element) => Number.parseInt(element.text, 10))).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(pdf.untagged).toEqual([]);

    // Only the chosen sections: nothing of the unchosen, skipped or declined ones.
    const all = texts.join('\n');
    for (const absent of [
      UNCHOSEN_ANSWER,
      'Hard years',
      'Did your parents separate?',
      'My friends, and the river.',
    ])
      expect(all).not.toContain(absent);

    expect(pdf.fonts.length).toBeGreaterThan(0);
    expect(pdf.fonts.filter((font) => !font.embedded)).toEqual([]);

    // The contents' page numbers are the pages the chapters start on.
    const chapterPage = (title: string) =>
      pdf.pages.findIndex((page) => page.some((e) => e.text === title)) + 1;
    const contents = pdf.elements.filter((element) => element.role === 'Link').map((element) => element.text);
    expect(contents).toEqual([
      `Brothers and sisters ${chapterPage('Brothers and sisters')}`,
      `Where I come from ${chapterPage('Where I come from')}`,
    ]);
    expect(pdf.pageCount).toBeGreaterThan(4);

    const file = path.join(folder, `book-${pageSize}.pdf`);
    writeFileSync(file, bytes);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const { width, height } = BOOK_PAGE_LAYOUTS[pageSize];
    const [, shownWidth, shownHeight] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? [];
    expect([Number(shownWidth), Number(shownHeight)]).toEqual([width, height]);
    // Running headers and page numbers (artifacts, so read by poppler's text, not the tags): none
    // on the cover; a number on every other page; on a page that continues a chapter, the book's
    // title on a left-hand (even) page and the chapter's on a right-hand (odd) one.
    const lines = (page: number) =>
      execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    expect(lines(1).at(-1)).toBe('Zoë Ångström · 29 November 2026');
    const lastChapterStart = chapterPage('Where I come from');
    for (let page = 2; page <= pdf.pageCount; page++) {
      const text = lines(page);
      expect(text.at(-1)).toBe(String(page));
      if (page > lastChapterStart)
        expect(text[0]).toBe(page % 2 === 0 ? 'The story of Zoë' : 'Where I come from');
    }
    // poppler renders every page without complaint (the pictures were looked at by hand: README).
    const rendered = spawnSync('pdftoppm', ['-r', '20', '-png', file, path.join(folder, pageSize)], {
      encoding: 'utf8',
    });
    expect(rendered.status).toBe(0);
    expect(rendered.stderr).toBe('');
  }, 60_000);
});

describe('the Word file', () => {
  it('has real headings in order, a header row on its table, the language and the page size', async () => {
    const bytes = await BOOK_WRITERS.docx(
      bookOf({ pageSize: '6x9', includeDeclined: true, sections: [2, 0] }),
    );
    const files = unzipSync(new Uint8Array(bytes));
    const xml = strFromU8(files['word/document.xml'] as Uint8Array);
    const headings = [
      ...xml.matchAll(/<w:pStyle w:val="(Title|Heading\d)"\/>.*?<w:t[^>]*>([^<]*)<\/w:t>/g),
    ].map(([, style, text]) => `${style}: ${text}`);
    expect(headings).toEqual([
      'Title: The story of Zoë',
      'Heading1: Hard years',
      'Heading2: Did your parents separate?',
      'Heading2: What helped you through?',
      'Heading1: Where I come from',
      'Heading2: What is your name?',
      'Heading2: When were you born?',
      'Heading2: Where were you born?',
      'Heading2: Tell the story of your first home',
    ]);
    expect(xml).toContain('I chose not to answer this question.');
    expect(xml).not.toContain(UNCHOSEN_ANSWER);
    expect(xml).toContain('<w:pgSz w:w="8640" w:h="12960"');
    expect(strFromU8(files['word/styles.xml'] as Uint8Array)).toContain('w:lang w:val="en-GB"');
    expect(strFromU8(files['docProps/core.xml'] as Uint8Array)).toContain(
      '<dc:title>The story of Zoë</dc:title>',
    );

    const table = unzipSync(new Uint8Array(await BOOK_WRITERS.docx(bookOf({ sections: [1] }))));
    const tableXml = strFromU8(table['word/document.xml'] as Uint8Array);
    expect(tableXml).toContain('<w:tblHeader/>');
    expect(tableXml).toContain('Борис');
    // The checkbox list is bulleted on the numbering the package defines, in its list style.
    expect(tableXml).toContain(
      '<w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">By the sea</w:t>',
    );
    expect(strFromU8(table['word/numbering.xml'] as Uint8Array)).toContain('<w:num w:numId="1">');
    expect(strFromU8(table['word/styles.xml'] as Uint8Array)).toContain('w:styleId="ListParagraph"');
  });

  it('writes the chapters into the package as text, every word escaped and no control character', async () => {
    const book = bookOf();
    const marked: Book = {
      ...book,
      chapters: [
        {
          section: 0,
          title: 'Tom & Jerry <b>',
          blocks: [{ kind: 'answer', question: 'Say "hello"', paragraphs: ['x < y && z\u0007!'] }],
        },
      ],
    };
    const xml = strFromU8(
      unzipSync(new Uint8Array(await BOOK_WRITERS.docx(marked)))['word/document.xml'] as Uint8Array,
    );
    expect(xml).toContain('>Tom &#38; Jerry &#60;b&#62;</w:t>');
    expect(xml).toContain('>Say &#34;hello&#34;</w:t>');
    expect(xml).toContain('>x &#60; y &#38;&#38; z!</w:t>');
    // One body, the section's properties (page size, header and footer) closing it.
    expect(xml.match(/<w:body>/g)).toHaveLength(1);
    expect(xml).toMatch(/<\/w:p><w:sectPr>.*<\/w:sectPr><\/w:body><\/w:document>$/);
  });
});

describe('the EPUB', () => {
  it('passes epubcheck, with the chosen chapters in order and every text escaped', async () => {
    const bytes = await BOOK_WRITERS.epub(bookOf({ title: 'Zoë <& her "story">' }));
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files)[0]).toBe('mimetype');
    const nav = strFromU8(files['EPUB/nav.xhtml'] as Uint8Array);
    expect([...nav.matchAll(/<a href="chapter-\d+\.xhtml">([^<]*)<\/a>/g)].map((match) => match[1])).toEqual([
      'Brothers and sisters',
      'Where I come from',
    ]);
    const chapters = Object.entries(files)
      .filter(([name]) => name.includes('chapter-'))
      .map(([, content]) => strFromU8(content))
      .join('\n');
    expect(chapters).toContain('<th scope="col">First name</th>');
    expect(chapters).toContain('<th scope="row" dir="auto">Sibling 2</th>');
    expect(chapters).not.toContain(UNCHOSEN_ANSWER);
    expect(strFromU8(files['EPUB/title.xhtml'] as Uint8Array)).toContain(
      'Zoë &#60;&#38; her &#34;story&#34;&#62;',
    );

    const file = path.join(folder, 'book.epub');
    writeFileSync(file, bytes);
    // Debian's epubcheck is an executable jar; `java -jar` runs it without binfmt support.
    const check = spawnSync('java', ['-jar', '/usr/bin/epubcheck', file], { encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`).toContain('No errors or warnings detected.');
    expect(check.status).toBe(0);
  }, 180_000);
});
