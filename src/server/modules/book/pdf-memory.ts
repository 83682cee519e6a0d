/**
 * Issue 42 §5: a PDF's memory follows the file, not the number of questions. Three things in pdfkit
 * grew with the book (measured with heap snapshots of 100- and 1,000-question books; BENCHMARKS.md):
 * - the tagged PDF's parent tree (page → the structure element of each marked piece of text), kept
 *   until the file ends, and through it every structure element's dictionary;
 * - each font's cache of laid-out words, which holds glyph objects for every distinct word;
 * - the output itself as thousands of small chunks (one per object written), each a Buffer with its
 *   own bookkeeping: three to four times the file's bytes.
 */

interface Ref {
  data: unknown;
  end(): void;
}

interface Internals {
  _root: { data: { StructTreeRoot?: { data: { ParentTree: { _items: Record<string, unknown> } } } } };
  page?: { dictionary: { data: { StructParents?: number } } };
  _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }>;
  ref(data: unknown): Ref;
}

/**
 * A page's entry in the parent tree is final once every piece of text on it has its element (none
 * is still being drawn across a page break). It is then written out as an array object of its own
 * (ISO 32000-1 §14.7.4.4 allows an indirect array as a parent tree value) and the tree keeps only
 * the reference, emptied: a reference is written as "n 0 R" from its number alone.
 */
export function releaseFinishedPages(doc: PDFKit.PDFDocument): void {
  const internals = doc as unknown as Internals;
  const tree = internals._root.data.StructTreeRoot?.data.ParentTree;
  if (!tree) return;
  const current = internals.page?.dictionary.data.StructParents;
  for (const [key, value] of Object.entries(tree._items)) {
    // Arrays are pages' entries (an annotation's is one element); the page being drawn may grow.
    if (!Array.isArray(value) || Number(key) === current || value.length === 0) continue;
    if (value.some((element) => element === null)) continue; // text still being drawn there
    const array = internals.ref(value);
    array.end();
    array.data = [];
    tree._items[key] = array;
  }
}

/** Lets go of the fonts' laid-out words (called per chapter: the next one lays out its own again). */
export function forgetWordLayouts(doc: PDFKit.PDFDocument): void {
  for (const font of Object.values((doc as unknown as Internals)._fontFamilies ?? {}))
    if (font.layoutCache) font.layoutCache = Object.create(null);
}

/** The file's bytes gathered in blocks of 256 KiB instead of one Buffer per object written. */
export class PdfOutput {
  private readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafe(0);
  private used = 0;

  write(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.used === this.block.length) {
        if (this.used > 0) this.blocks.push(this.block);
        this.block = Buffer.allocUnsafe(Math.max(256 * 1024, chunk.length - offset));
        this.used = 0;
      }
      const copied = Math.min(chunk.length - offset, this.block.length - this.used);
      this.block.set(chunk.subarray(offset, offset + copied), this.used);
      this.used += copied;
      offset += copied;
    }
  }

  bytes(): Buffer {
    return Buffer.concat([...this.blocks, this.block.subarray(0, this.used)]);
  }
}
