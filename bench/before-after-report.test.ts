import { expect, it } from 'vitest';
import { type AbRun, renderAbSection, type SideFigures, summarizeAb } from './before-after-report.ts';
import { judgeLoad } from './machine-load.ts';

const figures = (saveP99: number, throughput: number): SideFigures => ({
  saveP50: saveP99 / 2,
  saveP99,
  savesPerSecond: 250,
  errors: 0,
  liveP99: saveP99 * 2,
  throughput,
  throughputP99: 100,
  rssPeakMiB: 300,
  cpuMsPerSave: 2,
});
const quiet = judgeLoad(
  { oneMinute: 0.2, fiveMinutes: 0, fifteenMinutes: 0 },
  { oneMinute: 0.3, fiveMinutes: 0, fifteenMinutes: 0 },
  2,
);
const run: AbRun = {
  database: 'PGlite',
  before: { ref: 'main~5', sha: 'aaaaaaaaaaaa' },
  after: { ref: 'main', sha: 'bbbbbbbbbbbb' },
  editors: 500,
  durationS: 30,
  throughputS: 10,
  rounds: [
    {
      before: figures(100, 500),
      after: figures(50, 1000),
      errorKinds: { before: { 'save: time-out': 3, 'websocket: connection reset': 1 }, after: {} },
      load: quiet,
    },
    { before: figures(200, 400), after: figures(50, 600), load: quiet },
    { before: figures(80, 800), after: figures(40, 400), load: quiet },
  ],
};

it('gives each side’s median and range, and the median of the per-round ratios', () => {
  const rows = summarizeAb(run);
  const p99 = rows.find((row) => row.label === 'save p99');
  expect(p99?.before).toEqual({ median: 100, min: 80, max: 200, count: 3 });
  expect(p99?.after).toEqual({ median: 50, min: 40, max: 50, count: 3 });
  // Ratios per pair: 0.5, 0.25, 0.5 — not the ratio of the medians (0.5) by chance alone.
  expect(p99?.ratios).toEqual({ median: 0.5, min: 0.25, max: 0.5, count: 3 });
  const throughput = rows.find((row) => row.label.startsWith('throughput saves/s'));
  expect(throughput?.ratios).toEqual({ median: 1.5, min: 0.5, max: 2, count: 3 });
});

it('writes both refs, the rounds and the load into its section', () => {
  const section = renderAbSection([run], new Date('2026-11-27T10:00:00Z'));
  expect(section.split('\n')[0]).toBe('## Before and after: main~5 (aaaaaaaaa) → main (bbbbbbbbb)');
  expect(section).toContain('`npm run bench -- --before main~5 --after main`');
  expect(section).toContain('| save p99 | 100 (80.0–200) | 50.0 (40.0–50.0) | 0.50× (0.25–0.50) |');
  expect(section).toContain('| 2 | 200 / 50.0 ms | 400 / 600 | 0.2 → 0.3 |');
  expect(section).toContain('quiet');
  expect(section).toContain('Round 1, before, errors: save: time-out 3; websocket: connection reset 1.');
  expect(section).not.toContain('Round 1, after, errors');
});

it('names no --after when the after side was the working tree', () => {
  const section = renderAbSection(
    [{ ...run, after: { ref: 'working tree (uncommitted changes)', sha: 'c'.repeat(12) } }],
    new Date(),
  );
  expect(section).toContain('`npm run bench -- --before main~5`:');
  expect(section.split('\n')[0]).toBe(
    '## Before and after: main~5 (aaaaaaaaa) → working tree (uncommitted changes) (ccccccccc)',
  );
});
