import {
  type BookScript,
  isRightToLeft,
  paragraphIsRightToLeft,
  type ScriptRun,
  scriptRuns,
} from '#domain/book-scripts.ts';
import type { BookFontName } from './book-fonts.ts';
import type { PdfPages } from './pdf-document.ts';

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
 * Draws runs side by side on one line; answers false if they do not fit. A right-to-left
 * paragraph's runs are placed from the right, but drawn in reading order, which is the order a
 * screen reader and a copy take them in.
 */
function drawOnOneLine(
  pages: PdfPages,
  runs: ScriptRun[],
  options: TextOptions,
  at: { x: number; y: number; rightToLeft: boolean },
): boolean {
  const { doc, style } = pages;
  const width = options.width ?? pages.contentWidth;
  const measured = runs.map((run) => {
    doc.font(fontFor(run.script, style.font));
    const opts = { ...runOptions(run, options), lineBreak: false };
    return { run, opts, width: doc.widthOfString(runText(run), opts), height: doc.currentLineHeight(true) };
  });
  const total = measured.reduce((sum, item) => sum + item.width, 0);
  if (total > width) return false;
  const start =
    at.x + (options.align === 'center' ? (width - total) / 2 : options.align === 'right' ? width - total : 0);
  let before = 0; // the width of the runs already drawn
  for (const { run, opts, width: runWidth } of measured) {
    doc.font(fontFor(run.script, style.font));
    const { width: _width, align: _align, ...rest } = opts;
    const left = at.rightToLeft ? start + total - before - runWidth : start + before;
    doc.text(runText(run), left, at.y, rest);
    before += runWidth;
  }
  doc.y = at.y + Math.max(...measured.map((item) => item.height)) + (options.lineGap ?? 0);
  return true;
}

/**
 * Draws `text` like `doc.text`, at (x, y) when given, in the current style, inside the caller's
 * structure element. Latin alone: as is. A right-to-left paragraph with Latin words: one run in its
 * script's font (it has Latin letters), so it wraps right to left. Other mixes: on one line, the runs
 * are placed side by side (in reverse order for a right-to-left paragraph), aligned as asked; longer
 * ones wrap as continued runs from the left (pdfkit cannot align continued text).
 */
export function drawText(
  pages: PdfPages,
  text: string,
  options: TextOptions,
  at?: { x: number; y: number },
): void {
  const { doc, style } = pages;
  const x = at?.x ?? doc.x;
  const y = at?.y ?? doc.y;
  let runs = withSpacesOutsideRightToLeft(scriptRuns(text));
  if (runs.every((run) => run.script === 'latin')) {
    doc.text(text, x, y, options);
    return;
  }
  const rightToLeft = paragraphIsRightToLeft(text);
  const rtlScript = runs.find((run) => isRightToLeft(run.script))?.script;
  const aligned: TextOptions =
    rightToLeft && options.align !== 'center' ? { ...options, align: 'right' } : options;
  if (rtlScript && runs.every((run) => run.script === rtlScript || run.script === 'latin'))
    runs = [{ script: rtlScript, text }];
  if (runs.length === 1) {
    const [run] = runs as [ScriptRun];
    doc.font(fontFor(run.script, style.font));
    doc.text(runText(run), x, y, runOptions(run, aligned));
  } else if (!drawOnOneLine(pages, runs, aligned, { x, y, rightToLeft })) {
    const left: TextOptions = { ...options, align: 'left' };
    runs.forEach((run, index) => {
      doc.font(fontFor(run.script, style.font));
      const runOpts = { ...runOptions(run, left), continued: index < runs.length - 1 };
      if (index === 0) doc.text(runText(run), x, y, runOpts);
      else doc.text(runText(run), runOpts);
    });
  }
  doc.font(style.font);
  doc.x = x;
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
