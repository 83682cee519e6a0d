// `npm run bench`: the parts of bench-settings.ts, on PGlite and (when configured) PostgreSQL; prints
// the results and writes BENCHMARKS.md (and the charts under docs/bench/). With --before <ref>, the
// before/after mode instead (bench/before-after.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type AdminListsRun,
  renderAdminListsConsole,
  renderAdminListsSection,
  runAdminLists,
} from './admin-lists.ts';
import { runBeforeAfter } from './before-after.ts';
import { renderAbConsole, renderAbSection } from './before-after-report.ts';
import { benchSettings } from './bench-settings.ts';
import { composeBenchmarks, type SectionOwner } from './benchmarks-file.ts';
import { renderBookConsole, renderBookSection, runBookBench } from './book-bench.ts';
import { renderBuilderConsole, renderBuilderSection, runBuilderBench } from './builder-screen.ts';
import { type CurveRun, runCurve } from './capacity.ts';
import { renderCurveConsole, renderCurveSection } from './capacity-report.ts';
import { runEditorsPart } from './editors-part.ts';
import {
  type FairShareRun,
  renderFairShareConsole,
  renderFairShareSection,
  runFairShare,
} from './fair-share.ts';
import { renderHowMeasured, renderWhereTimeGoes } from './how-measured.ts';
import { describeLoad, judgeLoad, readLoad } from './machine-load.ts';
import {
  type MigrationRun,
  renderRecordMigrationConsole,
  renderRecordMigrationSection,
  runRecordMigration,
} from './record-migration.ts';
import { renderEditorsSections, renderPreamble } from './report.ts';
import { runScreenComparison } from './screen-comparison.ts';
import { renderComparisonConsole, renderComparisonSection } from './screen-comparison-report.ts';

const settings = benchSettings();
const root = fileURLToPath(new URL('..', import.meta.url));
const startLoad = readLoad();
const measuredAt = new Date();
console.log(
  `Load average (1 / 5 / 15 min) at start: ${startLoad.oneMinute.toFixed(2)} / ${startLoad.fiveMinutes.toFixed(2)} / ${startLoad.fifteenMinutes.toFixed(2)} on ${os.cpus().length} cores`,
);
const kinds: ('pglite' | 'postgres')[] = [];
if (settings.only !== 'postgres') kinds.push('pglite');
if (settings.only !== 'pglite') {
  if (settings.postgresUrl) kinds.push('postgres');
  else console.log('PostgreSQL left out: set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it.');
}
const fresh: Partial<Record<SectionOwner, string>> = {};
const runs = (part: string) => !settings.beforeAfter && settings.parts.includes(part as never);

if (settings.beforeAfter) {
  const abRuns = await runBeforeAfter(settings, root);
  for (const run of abRuns) console.log(`\n${renderAbConsole(run)}`);
  fresh['before-after'] = renderAbSection(abRuns, measuredAt);
}

// issue 15: the record screen beside SurveyJS in Chromium, first, while no server of ours is running.
if (runs('record-screen')) {
  console.log('\nrecord screen beside SurveyJS: Chromium, a 500-question form…');
  const recordScreen = await runScreenComparison();
  console.log(renderComparisonConsole(recordScreen));
  fresh['record-screen'] = renderComparisonSection(recordScreen);
}

// issue 11: the form builder on the same 500-field form, in Chromium.
if (runs('builder-screen')) {
  console.log('\nform builder: Chromium, a 500-field form…');
  const builderScreen = await runBuilderBench();
  console.log(renderBuilderConsole(builderScreen));
  fresh['builder-screen'] = renderBuilderSection(builderScreen);
}

// issues 3 and 31 §1, §3: the editors at the target, throughput and the raw UPDATE rate.
if (runs('editors')) {
  const editorRuns = await runEditorsPart(settings, kinds);
  fresh.editors = renderEditorsSections(editorRuns, measuredAt);
}

// issue 31 §4: the capacity curve, one server on each database.
const onePostgres: CurveRun[] = [];
if (runs('capacity')) {
  const curves: CurveRun[] = [];
  for (const kind of kinds) {
    const curve = await runCurve({ ...curveOptions(kind), servers: 1 });
    console.log(renderCurveConsole(curve));
    curves.push(curve);
    if (kind === 'postgres') onePostgres.push(curve);
  }
  fresh.capacity = renderCurveSection({
    heading: '## Capacity curve: one server (issue 31 §4)',
    intro: ['Editors as above (subscription open, poll every 3 s, save every 2 s, two per record).'],
    runs: curves,
    chartPath: 'docs/bench/capacity.svg',
    root,
    measuredAt,
  });
}

// issue 31 §5: 2 and 3 server processes on one PostgreSQL database.
if (runs('scale-out')) {
  if (!kinds.includes('postgres')) console.log('\nscale-out left out: it needs PostgreSQL.');
  else {
    const curves: CurveRun[] = [...onePostgres];
    for (const servers of settings.scaleOutServers) {
      const curve = await runCurve({ ...curveOptions('postgres'), servers });
      console.log(renderCurveConsole(curve));
      curves.push(curve);
    }
    fresh['scale-out'] = renderCurveSection({
      heading: '## Scale-out: several servers on one PostgreSQL (issue 31 §5)',
      intro: [
        'Each server its own process and port, the same `DATABASE_URL`; editors spread over them',
        'round-robin, the two editors of a record on different servers, so every live update crosses',
        `servers.${onePostgres.length > 0 ? ' The 1-server curve is the one measured above in the same run.' : ''}`,
      ],
      runs: curves,
      chartPath: 'docs/bench/scale-out.svg',
      root,
      measuredAt,
    });
  }
}

// issue 39 §4: another person's query and save while one account floods.
if (runs('fair-share')) {
  const fairShare: FairShareRun[] = [];
  for (const kind of kinds) {
    console.log(`\n${kind}: fair share, one account flooding…`);
    const run = await runFairShare({ kind, postgresUrl: settings.postgresUrl, durationS: 20 });
    console.log(renderFairShareConsole(run));
    fairShare.push(run);
  }
  fresh['fair-share'] = renderFairShareSection(fairShare, measuredAt);
}

// issue 10: the admin console's lists with 100,000 records, on each database.
if (runs('admin-lists')) {
  const adminLists: AdminListsRun[] = [];
  for (const kind of kinds) {
    console.log(`\n${kind}: admin console lists at scale (100,000 records)…`);
    const run = await runAdminLists(kind, settings.postgresUrl);
    adminLists.push(run);
    console.log(renderAdminListsConsole(run));
  }
  fresh['admin-lists'] = renderAdminListsSection(adminLists);
}

// issue 12: a mapped migration of 10,000 started records, preview, migrate and undo, on each database.
if (runs('record-migration')) {
  const migrations: MigrationRun[] = [];
  for (const kind of kinds) {
    console.log(`\n${kind}: mapped migration of 10,000 records…`);
    const run = await runRecordMigration(kind, settings.postgresUrl);
    migrations.push(run);
    console.log(renderRecordMigrationConsole(run));
  }
  fresh['record-migration'] = renderRecordMigrationSection(migrations);
}

// issue 42 §5: the person's book in each format, 100 to 1,000 questions.
if (runs('book')) {
  console.log('\nbook: PDF, Word and EPUB of 100 to 1,000 answered questions…');
  const book = runBookBench(settings.curve.short);
  console.log(renderBookConsole(book));
  fresh.book = renderBookSection(book, measuredAt);
}

const target = path.join(root, 'BENCHMARKS.md');
fs.writeFileSync(
  target,
  composeBenchmarks({
    previous: fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '',
    preamble: renderPreamble(),
    staticSections: `${renderHowMeasured()}\n${renderWhereTimeGoes()}`,
    fresh,
  }),
);
console.log(`\n${describeLoad(judgeLoad(startLoad, readLoad())).replace(/\*\*/g, '')}`);
console.log(`Wrote ${target} (parts run: ${Object.keys(fresh).join(', ') || 'none'})`);

function curveOptions(kind: 'pglite' | 'postgres') {
  return {
    kind,
    levels: settings.curve.levels,
    warmupS: settings.curve.warmupS,
    durationS: settings.curve.durationS,
    perRecord: settings.perRecord,
    saveEveryMs: settings.saveEveryMs,
    pollEveryMs: settings.pollEveryMs,
    ...(settings.postgresUrl ? { postgresUrl: settings.postgresUrl } : {}),
    ...(settings.port ? { port: settings.port } : {}),
  };
}
