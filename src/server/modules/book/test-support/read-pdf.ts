import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 42 "Done when": a made PDF opened with a PDF parser (Mozilla's pdf.js) the way assistive
 * technology reads it: the structure tree page by page, each element's text joined from its marked
 * content, so a test reads roles and words in reading order. Fonts are listed by poppler's
 * `pdffonts` (Debian package poppler-utils, installed by .ci/run).
 */
export interface TaggedText {
  readonly role: string;
  readonly text: string;
}

export interface ReadPdf {
  readonly pageCount: number;
  readonly marked: boolean;
  readonly title: string | null;
  readonly language: string | null;
  readonly displayTitle: boolean;
  /** Every structure element with text of its own, in reading order across the pages. */
  readonly elements: readonly TaggedText[];
  /** The elements per page, for what a page shows. */
  readonly pages: readonly (readonly TaggedText[])[];
  readonly fonts: readonly { name: string; embedded: boolean }[];
  /** Text drawn outside any structure element and not marked as an artifact. */
  readonly untagged: readonly string[];
}

interface StructNode {
  role?: string;
  type?: string;
  id?: string;
  children?: StructNode[];
}

type ContentItem = { str?: string; hasEOL?: boolean; type?: string; id?: string; tag?: string };

function textByContentId(items: readonly ContentItem[]) {
  const texts = new Map<string, string>();
  const untagged: string[] = [];
  const stack: { id: string | null; tag: string | null }[] = [];
  for (const item of items) {
    if (item.type === 'beginMarkedContentProps' || item.type === 'beginMarkedContent') {
      stack.push({ id: item.id ?? null, tag: item.tag ?? null });
    } else if (item.type === 'endMarkedContent') {
      stack.pop();
    } else if (typeof item.str === 'string') {
      const open = stack.findLast((entry) => entry.id !== null || entry.tag === 'Artifact');
      const text = item.hasEOL ? `${item.str} ` : item.str;
      if (open?.id) texts.set(open.id, (texts.get(open.id) ?? '') + text);
      else if (!open && item.str.trim() !== '') untagged.push(item.str);
    }
  }
  return { texts, untagged };
}

function collect(node: StructNode, texts: Map<string, string>, out: TaggedText[]): string {
  let own = '';
  for (const child of node.children ?? []) {
    if (child.type === 'content' && child.id) own += texts.get(child.id) ?? '';
    else if (child.role) own += collect(child, texts, out);
  }
  const hasContent = (node.children ?? []).some((child) => child.type === 'content');
  if (node.role && hasContent && own.trim() !== '')
    out.push({ role: node.role, text: own.replace(/\s+/g, ' ').trim() });
  return own;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  const document = await loading.promise;
  try {
    const metadata = (await document.getMetadata()) as { info: Record<string, unknown> };
    const markInfo = await document.getMarkInfo();
    const pages: TaggedText[][] = [];
    const untagged: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const { texts, untagged: loose } = textByContentId(content.items as ContentItem[]);
      untagged.push(...loose);
      const tree = (await page.getStructTree()) as StructNode | null;
      const elements: TaggedText[] = [];
      if (tree) collect(tree, texts, elements);
      pages.push(elements);
    }
    return {
      pageCount: document.numPages,
      marked: (markInfo as unknown as Map<string, unknown> | null)?.get('Marked') === true,
      title: typeof metadata.info.Title === 'string' ? metadata.info.Title : null,
      language: typeof metadata.info.Language === 'string' ? metadata.info.Language : null,
      displayTitle:
        ((await document.getViewerPreferences()) as unknown as Map<string, unknown> | null)?.get(
          'DisplayDocTitle',
        ) === true,
      elements: pages.flat(),
      pages,
      fonts: pdfFonts(bytes),
      untagged,
    };
  } finally {
    await document.cleanup();
    await loading.destroy();
  }
}

function pdfFonts(bytes: Uint8Array): { name: string; embedded: boolean }[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'book-pdf-'));
  try {
    const file = path.join(folder, 'book.pdf');
    writeFileSync(file, bytes);
    const lines = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    return lines.map((line) => {
      const [name = '', ...rest] = line.trim().split(/\s+/);
      // Columns after the name: type (one or two words), encoding, emb, sub, uni, object, id.
      return { name, embedded: rest.at(-5) === 'yes' };
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
