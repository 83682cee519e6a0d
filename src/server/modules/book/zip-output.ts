import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A zip archive written as it goes (issue 42 §5: memory holds the output, not the book): each
 * entry is deflated as its text is pushed and let go. EPUB and Word are both zip packages.
 */
export interface ZipOutput {
  /** A whole entry at once; `stored` leaves it uncompressed (EPUB's `mimetype`). */
  addFile(name: string, content: string | Uint8Array, stored?: boolean): void;
  /** An entry written in pieces: push its parts in order, the last with `final`. */
  openFile(name: string): (text: string, final?: boolean) => void;
  finish(): Buffer;
}

export function zipOutput(): ZipOutput {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else chunks.push(chunk);
    if (final) finished = true;
  });
  const encoder = new TextEncoder();
  const bytesOf = (content: string | Uint8Array) =>
    typeof content === 'string' ? encoder.encode(content) : content;
  return {
    addFile(name, content, stored = false) {
      const file = stored ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(bytesOf(content), true);
    },
    openFile(name) {
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      return (text, final = false) => file.push(encoder.encode(text), final);
    },
    finish() {
      zip.end();
      if (failure) throw failure;
      if (!finished) throw new Error('The zip archive did not finish.');
      return Buffer.concat(chunks);
    },
  };
}
