import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { describeLoad, judgeLoad, readLoad } from './machine-load.ts';

/**
 * Issue 42 §5: how long a book takes per format and what memory it holds, on records of 100, 500
 * and 1,000 answered questions (500 is the target: ≤ 5 s per format). Each size and format
 * runs in a process of its own: a cold first book (fonts read, code compiled), then warm ones.
 * Memory is the live heap at its highest above the heap before the book (collected at every progress
 * report, after a garbage collection), beside the file's size: it should follow the file, not the
 * number of questions.
 */
export const BOOK_SIZES = [100, 500, 1000];
const FORMATS = ['pdf', 'docx', 'epub'] as const;

interface Measure {
  format: string;
  questions: number;
  recordBytes: number;
  cold: { ms: number; bytes: number };
  warm: { ms: number; bytes: number }[];
  liveHeapOverBaseline: number;
  livePeakOverBaseline: number;
  maxRssBytes: number;
}

export interface BookBenchRun {
  measures: Measure[];
  load: ReturnType<typeof judgeLoad>;
  runs: number;
}

export function runBookBench(short: boolean): BookBenchRun {
  const start = readLoad();
  const runs = short ? 1 : 3;
  const sizes = short ? [100, 500] : BOOK_SIZES;
  const measure = fileURLToPath(new URL('./book-measure.ts', import.meta.url));
  const measures: Measure[] = [];
  for (const questions of sizes)
    for (const format of FORMATS) {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', measure, format, String(questions), String(runs)],
        {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        },
      );
      measures.push(JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Measure);
    }
  return { measures, load: judgeLoad(start, readLoad()), runs };
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function rows(run: BookBenchRun): string[] {
  return run.measures.map((m) => {
    const warmMs = median(m.warm.map((w) => w.ms));
    const heap = m.livePeakOverBaseline;
    return `| ${m.questions} | ${m.format} | ${(warmMs / 1000).toFixed(2)} s | ${(m.cold.ms / 1000).toFixed(2)} s | ${mb(m.cold.bytes)} MB | ${mb(heap)} MB | ${mb(m.maxRssBytes)} MB | ${mb(m.recordBytes)} MB |`;
  });
}

export function renderBookConsole(run: BookBenchRun): string {
  return [
    'questions | format | warm | cold | file | live JS heap above before | peak RSS | answers',
    ...rows(run),
  ].join('\n');
}

export function renderBookSection(run: BookBenchRun, measuredAt: Date): string {
  const { start, end } = run.load;
  return [
    '## Book making (issue 42 §5)',
    '',
    `Measured ${measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${os.cpus().length} cores; load average (1 min) ${start.oneMinute.toFixed(2)} at the start, ${end.oneMinute.toFixed(2)} at the end. ${describeLoad(run.load)}`,
    '',
    'The benchmarks’ generated form (every kind of question) in sections of 25, every question answered',
    '(a sentence, three paragraphs of narrative, a number, a choice, a ticked list, a date; accents,',
    'Greek and Cyrillic), all sections in the book, questions shown, A4. Book model and writer only',
    '(the server adds one record read and one seal, a few milliseconds). "warm": median of',
    `${run.runs} book(s) after the first in one process; "cold": the first (fonts read, code compiled).`,
    '"live JS heap above before": in a separate book after the timed ones, a garbage collection at every',
    'progress report (each chapter, each PDF pass) and at the end; the highest live JS heap above the heap',
    'before the book. The file’s bytes are Buffers outside the JS heap (they are in the peak RSS). It',
    'should not grow with the number of questions. The target: ≤ 5 s per format for 500 questions.',
    '',
    '| questions | format | warm | cold | file | live JS heap above before | peak RSS of the process | answers (JSON) |',
    '|---:|---|---:|---:|---:|---:|---:|---:|',
    ...rows(run),
    '',
    'Rerun alone, on a quiet machine: `nice -n 0 npm run bench -- --parts book` (about two minutes).',
  ].join('\n');
}
