// One measurement of issue 42 §5, in a process of its own (so memory figures are this book's
// only): `node --expose-gc bench/book-measure.ts <format> <questions> <runs>` prints one JSON line.
import { buildBook } from '../src/domain/book-model.ts';
import type { BookFormat } from '../src/domain/book-request.ts';
import { BOOK_WRITERS } from '../src/server/modules/book/book-formats.ts';
import { bookBenchRecord } from './book-record.ts';

const [format = 'pdf', questionsText = '500', runsText = '3'] = process.argv.slice(2);
const questions = Number(questionsText);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const { form, data } = bookBenchRecord(questions, Math.max(1, Math.round(questions / 25)));
const request = {
  title: 'The story of Zoë',
  subtitle: 'For my grandchildren',
  sections: form.steps.map((_, index) => index),
  showQuestions: true,
  includeDeclined: false,
  pageSize: 'a4' as const,
  locale: 'en-GB',
};

/** One book; with `live`, a garbage collection at every progress report and the live heap read. */
async function once(live: boolean) {
  gc();
  const baseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  const sample = () => {
    if (!live) return;
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const started = performance.now();
  const built = buildBook({ form, data }, request, { author: 'Zoë', madeAt: new Date() });
  if (!built.ok) throw new Error(built.error);
  const bytes = await BOOK_WRITERS[format as BookFormat](built.book, sample);
  const ms = performance.now() - started;
  sample();
  // What the book held besides its own bytes (the output is in memory until it is sealed); the raw
  // peak too, since a figure under the file's size is clamped to 0.
  return {
    ms,
    bytes: bytes.length,
    liveHeapOverBaseline: Math.max(0, peak - baseline - bytes.length),
    livePeakOverBaseline: peak - baseline,
  };
}

const cold = await once(false);
const warm = [];
for (let run = 0; run < Number(runsText); run++) warm.push(await once(false));
const memory = await once(true);
console.log(
  JSON.stringify({
    format,
    questions,
    recordBytes: Buffer.byteLength(JSON.stringify(data)),
    cold,
    warm,
    liveHeapOverBaseline: memory.liveHeapOverBaseline,
    livePeakOverBaseline: memory.livePeakOverBaseline,
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
  }),
);
