import type { AbRound, AbRun, SideFigures } from './before-after-report.ts';
import { readCpuMs, sampleRss } from './bench-processes.ts';
import type { BenchSettings } from './bench-settings.ts';
import { runEditors } from './editors.ts';
import { judgeLoad, readLoad } from './machine-load.ts';
import { type Checkout, prepareCheckout, workingTree } from './ref-checkout.ts';
import { startRefServer } from './ref-server.ts';
import { runThroughput } from './throughput.ts';

/**
 * Issue 31 §2: two commits measured alternately in one sitting (before, after, before, after …),
 * so the machine's moods fall on both. Each round starts each side's server afresh on a fresh
 * database, seeded and started by that side's own code; today's client drives both.
 */
export async function runBeforeAfter(settings: BenchSettings, root: string): Promise<AbRun[]> {
  const plan = settings.beforeAfter;
  if (!plan) throw new Error('no --before ref given');
  const before = prepareCheckout(root, plan.before);
  const after = plan.after ? prepareCheckout(root, plan.after) : workingTree(root);
  const kinds: ('pglite' | 'postgres')[] = [];
  if (settings.only !== 'postgres') kinds.push('pglite');
  if (settings.only !== 'pglite' && settings.postgresUrl) kinds.push('postgres');

  const runs: AbRun[] = [];
  for (const kind of kinds) {
    const database = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const rounds: AbRound[] = [];
    for (let round = 1; round <= plan.rounds; round++) {
      const start = readLoad();
      const measure = async (side: Checkout, name: string) => {
        console.log(
          `\n${database}, round ${round} of ${plan.rounds}: ${name} = ${side.ref} (${side.sha.slice(0, 9)})`,
        );
        const { figures, errors } = await measureSide(side, kind, settings);
        console.log(
          `  save p50 ${figures.saveP50.toFixed(1)} ms, p99 ${figures.saveP99.toFixed(1)} ms, errors ${figures.errors} ${JSON.stringify(errors)}, ` +
            `live p99 ${figures.liveP99.toFixed(1)} ms, throughput ${figures.throughput.toFixed(0)} saves/s, RSS peak ${figures.rssPeakMiB.toFixed(0)} MiB, server CPU ${figures.cpuMsPerSave.toFixed(2)} ms per editors’ save`,
        );
        return { figures, errors };
      };
      const beforeSide = await measure(before, 'before');
      const afterSide = await measure(after, 'after');
      rounds.push({
        before: beforeSide.figures,
        after: afterSide.figures,
        errorKinds: { before: beforeSide.errors, after: afterSide.errors },
        load: judgeLoad(start, readLoad()),
      });
    }
    runs.push({
      database,
      before: { ref: before.ref, sha: before.sha },
      after: { ref: after.ref, sha: after.sha },
      editors: settings.editors,
      durationS: settings.durationS,
      throughputS: settings.throughputS,
      rounds,
    });
  }
  return runs;
}

async function measureSide(
  side: Checkout,
  kind: 'pglite' | 'postgres',
  settings: BenchSettings,
): Promise<{ figures: SideFigures; errors: Record<string, number> }> {
  const server = await startRefServer({
    checkout: side.dir,
    kind,
    editors: Math.ceil(settings.editors / settings.perRecord),
    ...(settings.postgresUrl ? { postgresUrl: settings.postgresUrl } : {}),
    ...(settings.port ? { port: settings.port } : {}),
  });
  const rss = sampleRss([server.pid]);
  const cpuAtStart = readCpuMs(server.pid) ?? 0;
  try {
    const editors = await runEditors({
      endpoints: [server],
      records: server.editors,
      count: settings.editors,
      perRecord: settings.perRecord,
      durationS: settings.durationS,
      warmupS: settings.warmupS,
      saveEveryMs: settings.saveEveryMs,
      pollEveryMs: settings.pollEveryMs,
    });
    const cpuMs = (readCpuMs(server.pid) ?? 0) - cpuAtStart;
    const editorSaves = editors.savesPerSecond * (settings.durationS + settings.warmupS);
    const throughput = await runThroughput({
      baseUrl: server.baseUrl,
      editors: server.editors,
      connections: settings.connections,
      durationS: settings.throughputS,
    });
    const figures: SideFigures = {
      saveP50: editors.saves.p50,
      saveP99: editors.saves.p99,
      savesPerSecond: editors.savesPerSecond,
      errors: editors.errorCount,
      liveP99: editors.liveUpdates.p99,
      throughput: throughput.savesPerSecond,
      throughputP99: throughput.latencyMs.p99,
      rssPeakMiB: Math.max(...rss.peaks),
      cpuMsPerSave: editorSaves > 0 ? cpuMs / editorSaves : 0,
    };
    const throughputErrors = throughput.errors + throughput.non2xx + throughput.graphqlErrors;
    const errors = {
      ...editors.errors,
      ...(throughputErrors > 0 ? { 'throughput: failed saves': throughputErrors } : {}),
    };
    return { figures, errors };
  } finally {
    rss.stop();
    await server.stop();
  }
}
