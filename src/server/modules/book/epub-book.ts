import { randomUUID } from 'node:crypto';
import type { Book } from '#domain/book-model.ts';
import type { Progress } from './book-progress.ts';
import { BOOK_CSS, chapterFile, chapterPage, escapeXml, navigation, titlePage } from './epub-xhtml.ts';
import { zipOutput } from './zip-output.ts';

/**
 * Issue 42 §2–§3: the book as EPUB 3 (checked by `epubcheck` in the tests): the uncompressed
 * `mimetype` first, the container, the package with accessibility metadata, the navigation
 * document and one XHTML document per chapter. Written as a stream: each chapter is made, deflated
 * and let go before the next, so memory holds the output and one chapter.
 */
const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
`;

function packageDocument(book: Book, identifier: string, modified: string): string {
  const chapters = book.chapters.map((_, index) => ({
    id: `chapter-${index + 1}`,
    href: chapterFile(index),
  }));
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${escapeXml(book.locale)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">urn:uuid:${identifier}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:language>${escapeXml(book.locale)}</dc:language>
${book.author ? `<dc:creator>${escapeXml(book.author)}</dc:creator>\n` : ''}${book.subtitle ? `<dc:description>${escapeXml(book.subtitle)}</dc:description>\n` : ''}<meta property="dcterms:modified">${modified}</meta>
<meta property="schema:accessMode">textual</meta>
<meta property="schema:accessModeSufficient">textual</meta>
<meta property="schema:accessibilityFeature">structuralNavigation</meta>
<meta property="schema:accessibilityFeature">tableOfContents</meta>
<meta property="schema:accessibilityFeature">readingOrder</meta>
<meta property="schema:accessibilityHazard">none</meta>
<meta property="schema:accessibilitySummary">Text only: a title page, a table of contents and one chapter per section, each answer under its question as a heading; tables have header cells.</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
<item id="css" href="book.css" media-type="text/css"/>
${chapters.map((chapter) => `<item id="${chapter.id}" href="${chapter.href}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine>
<itemref idref="title"/>
<itemref idref="nav"/>
${chapters.map((chapter) => `<itemref idref="${chapter.id}"/>`).join('\n')}
</spine>
</package>
`;
}

export async function epubBook(book: Book, progress: Progress = () => {}): Promise<Buffer> {
  const zip = zipOutput();
  const addFile = zip.addFile;
  // EPUB 3 OCF: "mimetype" first, stored (not compressed), so a reader can sniff it.
  addFile('mimetype', 'application/epub+zip', true);
  addFile('META-INF/container.xml', CONTAINER);
  const modified = `${new Date().toISOString().slice(0, 19)}Z`;
  addFile('EPUB/package.opf', packageDocument(book, randomUUID(), modified));
  addFile('EPUB/book.css', BOOK_CSS);
  addFile('EPUB/title.xhtml', titlePage(book));
  addFile('EPUB/nav.xhtml', navigation(book));
  for (const [index, chapter] of book.chapters.entries()) {
    addFile(`EPUB/${chapterFile(index)}`, chapterPage(book, chapter, index));
    await progress((index + 1) / book.chapters.length);
  }
  return zip.finish();
}
