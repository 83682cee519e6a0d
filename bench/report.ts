import os from 'node:os';
import type { EditorsResult } from './editors.ts';
import { describeLoad, type LoadVerdict } from './machine-load.ts';
import type { RawRateResult } from './raw-rate.ts';
import { ratio, type Summary } from './stats.ts';
import type { ThroughputResult } from './throughput.ts';

export interface DatabaseRun {
  database: string;
  editors: EditorsResult;
  throughput: ThroughputResult;
  raw: RawRateResult | undefined;
  memory: { idleMiB?: number; peakMiB?: number; endMiB?: number };
  load: LoadVerdict;
}

// issue 3: targets on a 2-core machine; issue 31 §3: app saves ≥ 40 % of the raw UPDATE rate.
export const TARGETS = { editors: 500, p99Ms: 50, savesPerSecond: 1500, rawShare: 0.4 };

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);
const mib = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(0)} MiB`);
const pct = (value: number) => (Number.isNaN(value) ? '–' : `${(value * 100).toFixed(0)} %`);
const latency = (summary: Summary) =>
  `${ms(summary.p50)} / ${ms(summary.p95)} / ${ms(summary.p99)} (max ${ms(summary.max)}, n = ${summary.count})`;
const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
const throughputErrors = (t: ThroughputResult) => t.errors + t.non2xx + t.graphqlErrors;
/** Issue 31 §3: app saves/s ÷ raw UPDATEs/s, both with the same number of connections. */
export const rawShare = (run: DatabaseRun) =>
  ratio(run.throughput.savesPerSecond, run.raw?.updatesPerSecond ?? Number.NaN);

export function renderConsole(run: DatabaseRun): string {
  const e = run.editors;
  const t = run.throughput;
  return [
    `— ${run.database} —`,
    `editors ${e.editors} (${e.perRecord} per record), ${e.measuredS.toFixed(0)} s measured, subscriptions open ${e.subscriptionsOpen}, never opened ${e.subscriptionsNeverOpened}`,
    `  save latency p50/p95/p99: ${latency(e.saves)}`,
    `  saves/s: ${e.savesPerSecond.toFixed(1)}, errors: ${e.errorCount} ${JSON.stringify(e.errors)}`,
    `  poll latency p50/p95/p99: ${latency(e.polls)}`,
    `  live update (save → the record's other subscriber) p50/p95/p99: ${latency(e.liveUpdates)}`,
    `  server RSS idle / peak / end: ${mib(run.memory.idleMiB)} / ${mib(run.memory.peakMiB)} / ${mib(run.memory.endMiB)}; client lag p99 ${ms(e.clientLagP99Ms)}`,
    `throughput ${t.connections} connections, ${t.durationS} s: ${t.savesPerSecond.toFixed(0)} saves/s, latency p50 ${t.latencyMs.p50} ms, p99 ${t.latencyMs.p99} ms, errors ${throughputErrors(t)}`,
    run.raw
      ? `raw UPDATE, ${run.raw.connections} callers, ${run.raw.durationS} s: ${run.raw.updatesPerSecond.toFixed(0)} UPDATEs/s (p50 ${ms(run.raw.latencyMs.p50)}, p99 ${ms(run.raw.latencyMs.p99)}); app ÷ raw = ${pct(rawShare(run))} (target ≥ ${pct(TARGETS.rawShare)})`
      : 'raw UPDATE: not measured',
    describeLoad(run.load).replace(/\*\*/g, ''),
  ].join('\n');
}

export function renderPreamble(): string {
  return [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts). A part that did not run keeps its section from the',
    '     previous file; sections whose heading says "written by hand" are kept as they are. -->',
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}.`,
    'Each section says when it was measured and the load average then.',
    '',
    '> **Caveat.** A run marked "taken under load" shared the CPUs with other work (its 1-minute load',
    '> average was over half the cores at its start or end), and its figures say more about that machine',
    '> at that moment than about the code. The load generator also runs on the same machine as the server.',
    '',
    `Targets (issues 3 and 31, 2-core machine): ${TARGETS.editors} editors with save p99 ≤ ${TARGETS.p99Ms} ms and no errors;`,
    `at least ${TARGETS.savesPerSecond} saves/s with 100 connections, and at least ${pct(TARGETS.rawShare)} of the raw UPDATE rate.`,
    '',
  ].join('\n');
}

export function renderEditorsSections(runs: readonly DatabaseRun[], measuredAt: Date): string {
  const rows = runs.map((run) => {
    const e = run.editors;
    return `| ${run.database} | ${e.editors} | ${ms(e.saves.p50)} | ${ms(e.saves.p95)} | ${ms(e.saves.p99)} | ${e.savesPerSecond.toFixed(1)} | ${e.errorCount} | ${e.subscriptionsNeverOpened} | ${ms(e.polls.p99)} | ${ms(e.liveUpdates.p50)} / ${ms(e.liveUpdates.p99)} | ${mib(run.memory.idleMiB)} / ${mib(run.memory.peakMiB)} | ${mark(e.editors >= TARGETS.editors && e.saves.p99 <= TARGETS.p99Ms && e.errorCount === 0)} |`;
  });
  const throughputRows = runs.map((run) => {
    const t = run.throughput;
    const raw = run.raw;
    const share = rawShare(run);
    const ok = t.savesPerSecond >= TARGETS.savesPerSecond && throughputErrors(t) === 0;
    return `| ${run.database} | ${t.connections} | ${t.durationS} s | ${t.savesPerSecond.toFixed(0)} | ${t.latencyMs.p50} ms | ${t.latencyMs.p99} ms | ${throughputErrors(t)} | ${mark(ok)} | ${raw ? raw.updatesPerSecond.toFixed(0) : '–'} | ${raw ? `${ms(raw.latencyMs.p50)} / ${ms(raw.latencyMs.p99)}` : '–'} | ${pct(share)} | ${mark(share >= TARGETS.rawShare)} |`;
  });
  const errorLines = runs
    .filter((run) => run.editors.errorCount > 0)
    .map(
      (run) =>
        `- ${run.database}: ${Object.entries(run.editors.errors)
          .map(([kind, n]) => `${kind} ${n}`)
          .join('; ')}`,
    );
  const loads = runs.map((run) => `- ${run.database}: ${describeLoad(run.load)}`);
  return [
    '## Editors: subscription open, poll every 3 s, save every 2 s',
    '',
    `Measured ${measuredAt.toISOString()}; two editors per record (the same person on two devices) unless`,
    '`BENCH_EDITORS_PER_RECORD=1`; live update is from sending a save to the record’s other subscriber',
    'receiving it.',
    '',
    ...loads,
    '',
    '| database | editors | save p50 | save p95 | save p99 | saves/s | errors | subscriptions never opened | poll p99 | live update p50 / p99 | server RSS idle / peak | target |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...(errorLines.length > 0 ? ['', 'Errors by kind:', '', ...errorLines] : []),
    '',
    '## Raw save throughput, and the raw UPDATE rate',
    '',
    `Measured in the same run as the editors above. App: saves over HTTP with ${runs[0]?.throughput.connections ?? 100}`,
    'keep-alive connections. Raw: the save’s own UPDATE statement (same payload) straight on the same',
    'database, with as many callers, in a process of its own (see "How it is measured").',
    '',
    '| database | connections | duration | app saves/s | p50 | p99 | errors | target | raw UPDATEs/s | raw p50 / p99 | app ÷ raw | ≥ 40 % |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...throughputRows,
    '',
  ].join('\n');
}
