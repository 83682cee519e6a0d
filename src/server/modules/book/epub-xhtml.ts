import { type BookBlock, DECLINED_IN_BOOK } from '#domain/book-answers.ts';
import { CONTENTS_TITLE } from '#domain/book-layout.ts';
import type { Book, Chapter } from '#domain/book-model.ts';

/**
 * Issue 42 §2–§3: the EPUB 3 book's documents. Every text a person wrote is escaped here and only
 * here; headings, lists and tables are real XHTML elements with ARIA/EPUB roles.
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export const chapterFile = (index: number) => `chapter-${index + 1}.xhtml`;

function page(book: Book, title: string, body: string, extraNamespace = ''): string {
  const lang = escapeXml(book.locale);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"${extraNamespace} lang="${lang}" xml:lang="${lang}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="book.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function titlePage(book: Book): string {
  const byline = [book.author, book.madeOn].filter(Boolean).map((part) => escapeXml(part as string));
  return page(
    book,
    book.title,
    `<section class="title-page" epub:type="titlepage" aria-label="${escapeXml(book.title)}">
<h1 dir="auto">${escapeXml(book.title)}</h1>
${book.subtitle ? `<p class="subtitle" dir="auto">${escapeXml(book.subtitle)}</p>\n` : ''}<p class="byline">${byline.join(' · ')}</p>
</section>`,
  );
}

export function navigation(book: Book): string {
  const items = book.chapters
    .map((chapter, index) => `<li><a href="${chapterFile(index)}">${escapeXml(chapter.title)}</a></li>`)
    .join('\n');
  return page(
    book,
    CONTENTS_TITLE,
    `<nav epub:type="toc" id="toc" role="doc-toc" aria-labelledby="toc-title">
<h2 id="toc-title">${CONTENTS_TITLE}</h2>
<ol>
${items}
</ol>
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<h2>Landmarks</h2>
<ol>
<li><a epub:type="titlepage" href="title.xhtml">${escapeXml(book.title)}</a></li>
<li><a epub:type="toc" href="nav.xhtml">${CONTENTS_TITLE}</a></li>
<li><a epub:type="bodymatter" href="${chapterFile(0)}">${escapeXml(book.chapters[0]?.title ?? '')}</a></li>
</ol>
</nav>`,
  );
}

function block(item: BookBlock, id: string): string {
  const heading = (text: string) => `<h2 id="${id}" dir="auto">${escapeXml(text)}</h2>`;
  switch (item.kind) {
    case 'answer':
      return [
        item.question ? heading(item.question) : '',
        ...item.paragraphs.map((text) => `<p dir="auto">${escapeXml(text)}</p>`),
      ].join('\n');
    case 'list':
      return [
        item.question ? heading(item.question) : '',
        `<ul>\n${item.items.map((text) => `<li dir="auto">${escapeXml(text)}</li>`).join('\n')}\n</ul>`,
      ].join('\n');
    case 'declined':
      return `${heading(item.question)}\n<p class="declined">${escapeXml(DECLINED_IN_BOOK)}</p>`;
    case 'table': {
      const headerCells = [...(item.rowHeadings ? [''] : []), ...item.columns]
        .map((text) => (text ? `<th scope="col">${escapeXml(text)}</th>` : '<td></td>'))
        .join('');
      const rows = item.rows.map((row) => {
        const rowHead = item.rowHeadings
          ? `<th scope="row" dir="auto">${escapeXml(row.heading ?? '')}</th>`
          : '';
        return `<tr>${rowHead}${row.cells.map((text) => `<td dir="auto">${escapeXml(text)}</td>`).join('')}</tr>`;
      });
      return `${heading(item.caption)}
<table aria-labelledby="${id}">
<thead><tr>${headerCells}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
    }
  }
}

export function chapterPage(book: Book, chapter: Chapter, index: number): string {
  const blocks = chapter.blocks.map((item, blockIndex) => block(item, `c${index + 1}-q${blockIndex + 1}`));
  return page(
    book,
    chapter.title,
    `<section epub:type="chapter" role="doc-chapter" aria-labelledby="c${index + 1}">
<h1 id="c${index + 1}" dir="auto">${escapeXml(chapter.title)}</h1>
${blocks.filter((text) => text !== '').join('\n')}
</section>`,
  );
}

export const BOOK_CSS = `body { font-family: "Noto Serif", Georgia, "Noto Sans SC", "Noto Sans KR", "Amiri", "Noto Sans Hebrew", serif; line-height: 1.5; margin: 0 5%; }
h1, h2 { font-family: "Noto Sans", "Helvetica Neue", Arial, "Noto Sans SC", "Noto Sans KR", "Noto Sans Hebrew", sans-serif; line-height: 1.25; }
h1 { font-size: 1.6em; margin: 2em 0 1em; }
h2 { font-size: 0.95em; color: #444; margin: 1.4em 0 0.3em; }
p { margin: 0 0 0.6em; }
.title-page { text-align: center; margin-top: 30%; }
.title-page h1 { font-size: 2em; }
.subtitle { font-style: italic; font-size: 1.2em; }
.byline { margin-top: 3em; color: #555; }
.declined { font-style: italic; }
table { border-collapse: collapse; width: 100%; margin: 0.4em 0 1em; }
th, td { border: 1px solid #888; padding: 0.25em 0.5em; text-align: start; vertical-align: top; }
`;
