import { sampleRss } from './bench-processes.ts';
import { startBenchServer } from './bench-server.ts';
import type { BenchSettings } from './bench-settings.ts';
import { runEditors } from './editors.ts';
import { judgeLoad, readLoad } from './machine-load.ts';
import { measureRawRate, type RawRateResult } from './raw-rate.ts';
import { type DatabaseRun, renderConsole } from './report.ts';
import { runThroughput } from './throughput.ts';

/**
 * The editors at the target (500), then saves with 100 connections, on one server; then, with
 * the server stopped, the raw UPDATE rate on the same database (issue 31 §3), in one run.
 */
export async function runEditorsPart(
  settings: BenchSettings,
  kinds: readonly ('pglite' | 'postgres')[],
): Promise<DatabaseRun[]> {
  const runs: DatabaseRun[] = [];
  for (const kind of kinds) {
    const database = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const start = readLoad();
    console.log(`\n${kind}: seeding records for ${settings.editors} editors and starting the server…`);
    const server = await startBenchServer({
      kind,
      // The throughput goes round every record; the editors use ceil(editors / perRecord) of them.
      editors: settings.editors,
      ...(settings.postgresUrl ? { postgresUrl: settings.postgresUrl } : {}),
      ...(settings.port ? { port: settings.port } : {}),
    });
    const rss = sampleRss([server.pid]);
    const memory: DatabaseRun['memory'] = { idleMiB: rss.idle[0] };
    try {
      console.log(`${kind}: ${settings.editors} editors for ${settings.warmupS} + ${settings.durationS} s…`);
      const editors = await runEditors({
        endpoints: server.endpoints,
        records: server.editors,
        count: settings.editors,
        perRecord: settings.perRecord,
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
      rss.stop();
      memory.peakMiB = rss.peaks[0];
      await server.stopServers();
      console.log(`${kind}: raw UPDATE rate, ${settings.connections} callers for ${settings.rawS} s…`);
      let raw: RawRateResult | undefined;
      try {
        raw = await measureRawRate({
          database: server.database,
          encryption: server.encryption,
          records: server.editors,
          connections: settings.connections,
          durationS: settings.rawS,
        });
      } catch (error) {
        console.error(`${kind}: the raw rate could not be measured:`, error);
      }
      const run: DatabaseRun = {
        database,
        editors,
        throughput,
        raw,
        memory,
        load: judgeLoad(start, readLoad()),
      };
      runs.push(run);
      console.log(renderConsole(run));
    } finally {
      rss.stop();
      await server.stop();
    }
  }
  return runs;
}
