import fs from 'node:fs';
import path from 'node:path';
import type { CurveRun } from './capacity.ts';
import { type ChartSeries, renderCapacityChart } from './capacity-chart.ts';
import { KNEE_RULE } from './knee.ts';
import { loadCell } from './machine-load.ts';

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${value.toFixed(1)} ms`);
const mib = (values: number[]) => {
  if (values.length === 0) return '–';
  const top = Math.max(...values);
  return values.length === 1 ? `${top.toFixed(0)} MiB` : `${values.length} × ≤ ${top.toFixed(0)} MiB`;
};
const seriesLabel = (run: CurveRun) => `${run.database}, ${run.servers} server${run.servers > 1 ? 's' : ''}`;
const kneeText = (run: CurveRun) =>
  run.knee === undefined
    ? `no knee up to ${run.levels.at(-1)?.editors ?? 0} editors`
    : `knee at **${run.knee} editors**`;

/** Issue 31 §5: did saves wait on PostgreSQL's NOTIFY lock? Summed over a curve's levels. */
export function notifyLockLine(run: CurveRun): string | undefined {
  const sampled = run.levels.flatMap((level) => (level.notifyLock ? [level.notifyLock] : []));
  if (sampled.length === 0) return undefined;
  const sum = (key: keyof (typeof sampled)[number]) => sampled.reduce((total, s) => total + s[key], 0);
  return (
    `${seriesLabel(run)}: in ${sum('samples')} samples of the servers' sessions, saves (the UPDATE) were running ` +
    `${sum('savesSeen')} times and waiting on the NOTIFY lock ${sum('savesWaitingOnNotifyLock')} times; the batched ` +
    `pg_notify was running ${sum('notifiesSeen')} times, waiting on the lock ${sum('notifiesWaitingOnNotifyLock')} times.`
  );
}

export function renderCurveConsole(run: CurveRun): string {
  const lines = [`— ${seriesLabel(run)}: ${kneeText(run).replace(/\*\*/g, '')} —`];
  for (const level of run.levels) {
    const r = level.result;
    lines.push(
      `  ${String(level.editors).padStart(5)} editors: save p50 ${ms(r.saves.p50)}, p99 ${ms(r.saves.p99)}, ` +
        `${r.savesPerSecond.toFixed(0)} saves/s, live p99 ${ms(r.liveUpdates.p99)}, errors ${r.errorCount}` +
        `${r.errorCount > 0 ? ` ${JSON.stringify(r.errors)}` : ''}, RSS peak ${mib(level.rssPeakMiB)}, ` +
        `client lag p99 ${ms(r.clientLagP99Ms)}, load ${loadCell(level.load)}`,
    );
  }
  const locks = notifyLockLine(run);
  if (locks) lines.push(`  ${locks}`);
  return lines.join('\n');
}

/** The table rows of some curves, and the errors of each level that had any. */
function table(runs: readonly CurveRun[]): string[] {
  const rows = runs.flatMap((run) =>
    run.levels.map((level) => {
      const r = level.result;
      return `| ${run.database} | ${run.servers} | ${level.editors} | ${ms(r.saves.p50)} | ${ms(r.saves.p99)} | ${r.savesPerSecond.toFixed(0)} | ${r.errorCount} | ${r.subscriptionsNeverOpened} | ${ms(r.liveUpdates.p99)} | ${mib(level.rssPeakMiB)} | ${ms(r.clientLagP99Ms)} | ${loadCell(level.load)} |`;
    }),
  );
  const errors = runs.flatMap((run) =>
    run.levels
      .filter((level) => level.result.errorCount > 0)
      .map(
        (level) =>
          `- ${seriesLabel(run)}, ${level.editors} editors: ${Object.entries(level.result.errors)
            .map(([kind, n]) => `${kind} ${n}`)
            .join('; ')}`,
      ),
  );
  return [
    '| database | servers | editors | save p50 | save p99 | saves/s | errors | subscriptions never opened | live update p99 | server RSS peak | client lag p99 | load 1 min start → end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ...(errors.length > 0 ? ['', 'Errors by kind:', '', ...errors] : []),
  ];
}

/**
 * A curve section of BENCHMARKS.md and its chart, written to `chartPath` (relative to the
 * repository root `root`, and linked from the section).
 */
export function renderCurveSection(options: {
  heading: string;
  intro: string[];
  runs: readonly CurveRun[];
  chartPath: string;
  root: string;
  measuredAt: Date;
}): string {
  const series: ChartSeries[] = options.runs.map((run) => ({
    label: seriesLabel(run),
    knee: run.knee,
    points: run.levels.map((level) => ({
      editors: level.editors,
      saveP99: level.result.saves.p99,
      liveP99: level.result.liveUpdates.p99,
      errors: level.result.errorCount,
    })),
  }));
  const target = path.join(options.root, options.chartPath);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, renderCapacityChart(options.heading.replace(/^## /, ''), series));
  const first = options.runs[0];
  const underLoad = options.runs.some((run) => run.levels.some((level) => level.load.underLoad));
  return [
    options.heading,
    '',
    `Measured ${options.measuredAt.toISOString()}; ${first ? `${first.warmupS} s warm-up and ${first.durationS} s measured per level` : 'nothing measured'}.` +
      (underLoad ? ' **Taken under load** at one level or more (see the last column).' : ''),
    ...options.intro,
    '',
    `![${options.heading.replace(/^## /, '')}](${options.chartPath})`,
    '',
    ...table(options.runs),
    '',
    `Knee (${KNEE_RULE}): ${options.runs.map((run) => `${seriesLabel(run)}: ${kneeText(run)}`).join('; ')}.`,
    '',
    ...notifyLocks(options.runs),
  ].join('\n');
}

function notifyLocks(runs: readonly CurveRun[]): string[] {
  const lines = runs.flatMap((run) => notifyLockLine(run) ?? []);
  if (lines.length === 0) return [];
  return [
    'PostgreSQL’s NOTIFY takes a database-wide lock at commit (issue 31 §5). Sampled every 200 ms',
    '(`pg_stat_activity`, wait event Lock / object):',
    '',
    ...lines.map((line) => `- ${line}`),
    '',
  ];
}
