// `npm run bench`: simulated editors and raw save throughput against a real server process, on
// PGlite and (when configured) PostgreSQL; prints the results and writes BENCHMARKS.md.
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  type AdminListsRun,
  renderAdminListsConsole,
  renderAdminListsSection,
  runAdminLists,
} from './admin-lists.ts';
import { startBenchServer } from './bench-server.ts';
import { benchSettings } from './bench-settings.ts';
import {
  type BuilderBench,
  renderBuilderConsole,
  renderBuilderSection,
  runBuilderBench,
} from './builder-screen.ts';
import { runEditors } from './editors.ts';
import { handWrittenSections } from './hand-written-sections.ts';
import {
  type MigrationRun,
  renderRecordMigrationConsole,
  renderRecordMigrationSection,
  runRecordMigration,
} from './record-migration.ts';
import { type BenchRun, type DatabaseRun, renderBenchmarks, renderConsole } from './report.ts';
import { runScreenComparison, type ScreenComparison } from './screen-comparison.ts';
import { renderComparisonConsole, renderComparisonSection } from './screen-comparison-report.ts';
import { runThroughput } from './throughput.ts';

const settings = benchSettings();
const bench: BenchRun = { startedAt: new Date(), loadAverage: os.loadavg(), runs: [], skipped: [] };
const kinds: ('pglite' | 'postgres')[] = [];
if (settings.only !== 'postgres') kinds.push('pglite');
if (settings.only !== 'pglite') {
  if (settings.postgresUrl) kinds.push('postgres');
  else bench.skipped.push('PostgreSQL (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it).');
}

// issue 15: the record screen beside SurveyJS in Chromium, first, while no server of ours is running.
let recordScreen: ScreenComparison | undefined;
if (process.env.BENCH_RECORD_SCREEN !== '0') {
  console.log('\nrecord screen beside SurveyJS: Chromium, a 500-question form…');
  recordScreen = await runScreenComparison();
  console.log(renderComparisonConsole(recordScreen));
} else {
  bench.skipped.push('The record screen in Chromium (BENCH_RECORD_SCREEN=0).');
}

// issue 11: the form builder on the same 500-field form, in Chromium.
let builderScreen: BuilderBench | undefined;
if (process.env.BENCH_BUILDER_SCREEN !== '0') {
  console.log('\nform builder: Chromium, a 500-field form…');
  builderScreen = await runBuilderBench();
  console.log(renderBuilderConsole(builderScreen));
} else {
  bench.skipped.push('The form builder in Chromium (BENCH_BUILDER_SCREEN=0).');
}

for (const kind of kinds) {
  console.log(`\n${kind}: seeding ${settings.editors} editors and starting the server…`);
  const server = await startBenchServer({
    kind,
    editors: settings.editors,
    ...(settings.postgresUrl ? { postgresUrl: settings.postgresUrl } : {}),
    ...(settings.port ? { port: settings.port } : {}),
  });
  const idle = server.rssMiB();
  const memory: DatabaseRun['memory'] = { idleMiB: idle, peakMiB: idle };
  const sampler = setInterval(() => {
    const rss = server.rssMiB();
    if (rss !== undefined) memory.peakMiB = Math.max(memory.peakMiB ?? 0, rss);
  }, 500);
  try {
    console.log(`${kind}: ${settings.editors} editors for ${settings.warmupS} + ${settings.durationS} s…`);
    const editors = await runEditors({
      baseUrl: server.baseUrl,
      wsUrl: server.wsUrl,
      editors: server.editors,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      saveEveryMs: settings.saveEveryMs,
      pollEveryMs: settings.pollEveryMs,
    });
    console.log(`${kind}: throughput, ${settings.connections} connections for ${settings.throughputS} s…`);
    const throughput = await runThroughput({
      baseUrl: server.baseUrl,
      editors: server.editors,
      connections: settings.connections,
      durationS: settings.throughputS,
    });
    memory.endMiB = server.rssMiB();
    const run: DatabaseRun = {
      database: kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      editors,
      throughput,
      memory,
    };
    bench.runs.push(run);
    console.log(renderConsole(run));
  } finally {
    clearInterval(sampler);
    await server.stop();
  }
}

// issue 10: the admin console's lists with 100,000 records, on each database.
const adminLists: AdminListsRun[] = [];
if (process.env.BENCH_ADMIN_LISTS !== '0') {
  for (const kind of kinds) {
    console.log(`\n${kind}: admin console lists at scale (100,000 records)…`);
    const run = await runAdminLists(kind, settings.postgresUrl);
    adminLists.push(run);
    console.log(renderAdminListsConsole(run));
  }
} else {
  bench.skipped.push('The admin console lists at scale (BENCH_ADMIN_LISTS=0).');
}

// issue 12: a mapped migration of 10,000 started records, preview, migrate and undo, on each database.
const migrations: MigrationRun[] = [];
if (process.env.BENCH_RECORD_MIGRATION !== '0') {
  for (const kind of kinds) {
    console.log(`\n${kind}: mapped migration of 10,000 records…`);
    const run = await runRecordMigration(kind, settings.postgresUrl);
    migrations.push(run);
    console.log(renderRecordMigrationConsole(run));
  }
} else {
  bench.skipped.push('The mapped migration of 10,000 records (BENCH_RECORD_MIGRATION=0).');
}

const target = fileURLToPath(new URL('../BENCHMARKS.md', import.meta.url));
const byHand = fs.existsSync(target) ? handWrittenSections(fs.readFileSync(target, 'utf8')) : [];
fs.writeFileSync(
  target,
  [
    renderBenchmarks(bench),
    ...(recordScreen ? [renderComparisonSection(recordScreen)] : []),
    renderBuilderSection(builderScreen),
    renderAdminListsSection(adminLists),
    renderRecordMigrationSection(migrations),
    ...byHand.map((section) => `${section}\n`),
  ].join('\n'),
);
console.log(`\nWrote ${target}`);
