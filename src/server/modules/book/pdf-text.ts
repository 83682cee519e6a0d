import {
  type BookScript,
  isRightToLeft,
  paragraphIsRightToLeft,
  type ScriptRun,
  scriptRuns,
} from '#domain/book-scripts.ts';
import type { BookFontName } from './book-fonts.ts';
import type { PdfPages } from './pdf-pages.ts';

/**
 * Issue 42 §2: text in any of the book's scripts, each run drawn with the font of its script
 * (fonts of the other scripts are read only when a book has such text; pdfkit embeds the glyphs
 * used). pdfkit has no bidirectional layout, so right-to-left runs are handed to fontkit whole,
 * which shapes Arabic and lays the run out right to left; numbers and Latin words inside such a run
 * are turned around first so they come out left to right. A paragraph that starts in Arabic or
 * Hebrew is set flush right. Known limit: a Latin phrase inside a right-to-left paragraph that
 * wraps stays in reading order line by line, not in the full Unicode bidirectional order.
 */
type TextOptions = PDFKit.Mixins.TextOptions;

/** The font a run is drawn with: the style's own for Latin, Greek and Cyrillic. */
export function fontFor(script: BookScript, styleFont: BookFontName): string {
  return script === 'latin' ? styleFont : script;
}

/** Arabic and Hebrew shaping, and one layout for the whole run (pdfkit otherwise lays out word by word). */
const RTL_FEATURES = ['rlig', 'liga', 'calt', 'init', 'medi', 'fina', 'isol', 'ccmp', 'mark', 'mkmk'];

// Digits and Latin letters with what joins them (spaces, . , : - /) inside a right-to-left run.
const LEFT_TO_RIGHT =
  /[\p{Nd}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]+(?:[ .,:/-]+[\p{Nd}\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]+)*/gu;

/** A right-to-left run as fontkit should get it: its left-to-right pieces reversed, as fontkit reverses all. */
export function forRightToLeftLayout(text: string): string {
  return text.replace(LEFT_TO_RIGHT, (piece) => [...piece].reverse().join(''));
}

function runOptions(run: ScriptRun, options: TextOptions): TextOptions {
  return isRightToLeft(run.script) ? { ...options, features: RTL_FEATURES as never } : options;
}

const runText = (run: ScriptRun) => (isRightToLeft(run.script) ? forRightToLeftLayout(run.text) : run.text);

/**
 * Spaces after a right-to-left run go to the run that follows: inside the run they would be
 * turned around with it and end up before its first word, gluing its last word to the next run.
 */
function withSpacesOutsideRightToLeft(runs: ScriptRun[]): ScriptRun[] {
  return runs.map((run, index) => {
    const next = runs[index + 1];
    const previous = runs[index - 1];
    let text = run.text;
    if (next && isRightToLeft(run.script)) text = text.trimEnd();
    if (previous && isRightToLeft(previous.script)) text = (/\s+$/.exec(previous.text)?.[0] ?? '') + text;
    return { script: run.script, text };
  });
}

/**
 * Draws `text` like `doc.text`, at (x, y) when given, in the current style. Mixed scripts are
 * drawn as continued runs, so they wrap as one paragraph inside the caller's structure element.
 */
export function drawText(
  pages: PdfPages,
  text: string,
  options: TextOptions,
  at?: { x: number; y: number },
): void {
  const { doc, style } = pages;
  const runs = withSpacesOutsideRightToLeft(scriptRuns(text));
  const only = runs.length <= 1 ? (runs[0]?.script ?? 'latin') : null;
  if (only === 'latin') {
    if (at) doc.text(text, at.x, at.y, options);
    else doc.text(text, options);
    return;
  }
  const rightToLeft = paragraphIsRightToLeft(text);
  const base: TextOptions =
    rightToLeft && options.align !== 'center' ? { ...options, align: 'right' } : options;
  runs.forEach((run, index) => {
    doc.font(fontFor(run.script, style.font));
    const runOpts = { ...runOptions(run, base), continued: index < runs.length - 1 };
    if (index === 0 && at) doc.text(runText(run), at.x, at.y, runOpts);
    else doc.text(runText(run), runOpts);
  });
  doc.font(style.font);
}

/** The single font and options for a table cell, whose text pdfkit draws in one call. */
export function cellScript(text: string): { font: string | null; rightToLeft: boolean; text: string } {
  const other = scriptRuns(text).find((run) => run.script !== 'latin');
  if (!other) return { font: null, rightToLeft: false, text };
  // The other scripts' fonts carry Latin letters and digits too, so one font serves the cell.
  const rightToLeft = paragraphIsRightToLeft(text);
  return { font: other.script, rightToLeft, text: rightToLeft ? forRightToLeftLayout(text) : text };
}

export { RTL_FEATURES };
