import { describeLoad, type LoadVerdict, loadCell } from './machine-load.ts';
import { ratio, type Spread, spread } from './stats.ts';

/** One side's figures in one round. */
export interface SideFigures {
  saveP50: number;
  saveP99: number;
  savesPerSecond: number;
  errors: number;
  liveP99: number;
  throughput: number;
  throughputP99: number;
  rssPeakMiB: number;
  /** The server's CPU time during the editors' run per save answered in it (ms). */
  cpuMsPerSave: number;
}

export interface AbRound {
  before: SideFigures;
  after: SideFigures;
  /** Each side's errors by kind (bench/failure-kinds.ts), for the rounds that had any. */
  errorKinds?: { before: Record<string, number>; after: Record<string, number> };
  load: LoadVerdict;
}

export interface AbRun {
  database: string;
  before: { ref: string; sha: string };
  after: { ref: string; sha: string };
  editors: number;
  durationS: number;
  throughputS: number;
  rounds: AbRound[];
}

export const METRICS: { key: keyof SideFigures; label: string; unit: string; better: 'lower' | 'higher' }[] =
  [
    { key: 'saveP50', label: 'save p50', unit: 'ms', better: 'lower' },
    { key: 'saveP99', label: 'save p99', unit: 'ms', better: 'lower' },
    { key: 'savesPerSecond', label: 'editors’ saves/s', unit: '/s', better: 'higher' },
    { key: 'errors', label: 'errors', unit: '', better: 'lower' },
    { key: 'liveP99', label: 'live update p99', unit: 'ms', better: 'lower' },
    { key: 'throughput', label: 'throughput saves/s (100 connections)', unit: '/s', better: 'higher' },
    { key: 'throughputP99', label: 'throughput p99', unit: 'ms', better: 'lower' },
    { key: 'rssPeakMiB', label: 'server RSS peak', unit: 'MiB', better: 'lower' },
    { key: 'cpuMsPerSave', label: 'server CPU per editors’ save', unit: 'ms', better: 'lower' },
  ];

export interface AbSummaryRow {
  label: string;
  before: Spread;
  after: Spread;
  /** after ÷ before of each round (a pair run back to back), then their median and range. */
  ratios: Spread;
}

/** Per metric: each side's median and range over the rounds, and the median of per-pair ratios. */
export function summarizeAb(run: AbRun): AbSummaryRow[] {
  return METRICS.map((metric) => ({
    label: metric.label,
    before: spread(run.rounds.map((round) => round.before[metric.key])),
    after: spread(run.rounds.map((round) => round.after[metric.key])),
    ratios: spread(run.rounds.map((round) => ratio(round.after[metric.key], round.before[metric.key]))),
  }));
}

const num = (value: number) =>
  Number.isNaN(value) ? '–' : Math.abs(value) >= 100 ? value.toFixed(0) : value.toFixed(1);
const range = (s: Spread) => (s.count > 1 ? `${num(s.median)} (${num(s.min)}–${num(s.max)})` : num(s.median));
const ratioRange = (s: Spread) =>
  s.count === 0
    ? '–'
    : s.count > 1
      ? `${s.median.toFixed(2)}× (${s.min.toFixed(2)}–${s.max.toFixed(2)})`
      : `${s.median.toFixed(2)}×`;
const short = (side: { ref: string; sha: string }) => `${side.ref} (${side.sha.slice(0, 9)})`;

export function renderAbConsole(run: AbRun): string {
  const rows = summarizeAb(run).map(
    (row) =>
      `  ${row.label.padEnd(38)} before ${range(row.before).padEnd(22)} after ${range(row.after).padEnd(22)} after ÷ before ${ratioRange(row.ratios)}`,
  );
  return [
    `— ${run.database}: ${short(run.before)} → ${short(run.after)}, ${run.rounds.length} rounds —`,
    ...rows,
  ].join('\n');
}

export function renderAbSection(runs: readonly AbRun[], measuredAt: Date): string {
  const first = runs[0];
  if (!first) return '';
  const lines = [
    `## Before and after: ${short(first.before)} → ${short(first.after)}`,
    '',
    `Measured ${measuredAt.toISOString()} by \`npm run bench -- --before ${first.before.ref}${first.after.ref.startsWith('working tree') ? '' : ` --after ${first.after.ref}`}\`:`,
    `each side's own server, started by its own bench/bench-server.ts, driven by today's client, alternately`,
    `(before, after, before, after …) in one sitting; ${first.editors} editors for ${first.durationS} s, then`,
    `${first.throughputS} s of saves with 100 connections, per side and round. Median (range) over the rounds;`,
    'the ratio is after ÷ before of each round’s pair, then their median (range).',
  ];
  for (const run of runs) {
    lines.push('', `### ${run.database}`, '');
    lines.push('| measure | before | after | after ÷ before |', '| --- | --- | --- | --- |');
    for (const row of summarizeAb(run))
      lines.push(`| ${row.label} | ${range(row.before)} | ${range(row.after)} | ${ratioRange(row.ratios)} |`);
    lines.push(
      '',
      '| round | save p99 before / after | throughput before / after | load 1 min start → end |',
      '| --- | --- | --- | --- |',
    );
    run.rounds.forEach((round, i) => {
      lines.push(
        `| ${i + 1} | ${num(round.before.saveP99)} / ${num(round.after.saveP99)} ms | ${num(round.before.throughput)} / ${num(round.after.throughput)} | ${loadCell(round.load)} |`,
      );
    });
    const kinds = (errors: Record<string, number>) =>
      Object.entries(errors)
        .map(([kind, n]) => `${kind} ${n}`)
        .join('; ');
    run.rounds.forEach((round, i) => {
      const errors = round.errorKinds;
      if (!errors) return;
      if (Object.keys(errors.before).length > 0)
        lines.push('', `Round ${i + 1}, before, errors: ${kinds(errors.before)}.`);
      if (Object.keys(errors.after).length > 0)
        lines.push('', `Round ${i + 1}, after, errors: ${kinds(errors.after)}.`);
    });
    const last = run.rounds.at(-1);
    const firstRound = run.rounds[0];
    if (firstRound && last) lines.push('', describeLoad({ ...last.load, start: firstRound.load.start }));
  }
  lines.push('');
  return lines.join('\n');
}
