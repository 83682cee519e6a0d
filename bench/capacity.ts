import { sampleRss } from './bench-processes.ts';
import { startBenchServer } from './bench-server.ts';
import { type EditorsResult, runEditors } from './editors.ts';
import { findKnee } from './knee.ts';
import { judgeLoad, type LoadVerdict, readLoad } from './machine-load.ts';
import { type NotifyLockSample, sampleNotifyLock } from './notify-lock-sampler.ts';
import { summarize } from './stats.ts';

export interface CurveLevel {
  editors: number;
  result: EditorsResult;
  /** Resident memory of each server process: after start-up, and the peak while driven. */
  rssIdleMiB: number[];
  rssPeakMiB: number[];
  load: LoadVerdict;
  /** PostgreSQL: whether saves waited on the NOTIFY lock (notify-lock-sampler.ts). */
  notifyLock?: NotifyLockSample;
}

export interface CurveRun {
  database: 'PGlite' | 'PostgreSQL';
  servers: number;
  warmupS: number;
  durationS: number;
  levels: CurveLevel[];
  knee: number | undefined;
}

export interface CurveOptions {
  kind: 'pglite' | 'postgres';
  servers: number;
  levels: number[];
  warmupS: number;
  durationS: number;
  perRecord: number;
  saveEveryMs: number;
  pollEveryMs: number;
  postgresUrl?: string;
  port?: number;
}

/**
 * Issue 31 §4 and §5: the editors run at each level on a fresh database and fresh server
 * processes (so memory and caches start alike), editors spread over the servers round-robin. A
 * level that cannot even start is recorded with its error, and the curve goes on.
 */
export async function runCurve(options: CurveOptions): Promise<CurveRun> {
  const database = options.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const levels: CurveLevel[] = [];
  for (const editors of options.levels) {
    const label = `${database}, ${options.servers} server${options.servers > 1 ? 's' : ''}, ${editors} editors`;
    console.log(`${label}: seeding and starting…`);
    const start = readLoad();
    const seedingFrom = performance.now();
    try {
      const server = await startBenchServer({
        kind: options.kind,
        servers: options.servers,
        editors: Math.ceil(editors / options.perRecord),
        ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
        ...(options.port ? { port: options.port } : {}),
      });
      const rss = sampleRss(server.endpoints.map((endpoint) => endpoint.pid));
      const locks =
        server.database.kind === 'postgres' ? await sampleNotifyLock(server.database.url) : undefined;
      try {
        console.log(
          `${label}: ready in ${((performance.now() - seedingFrom) / 1000).toFixed(1)} s; ${options.warmupS} + ${options.durationS} s…`,
        );
        const result = await runEditors({
          endpoints: server.endpoints,
          records: server.editors,
          count: editors,
          perRecord: options.perRecord,
          durationS: options.durationS,
          warmupS: options.warmupS,
          saveEveryMs: options.saveEveryMs,
          pollEveryMs: options.pollEveryMs,
        });
        const notifyLock = await locks?.stop();
        levels.push({
          editors,
          result,
          rssIdleMiB: rss.idle,
          rssPeakMiB: [...rss.peaks],
          load: judgeLoad(start, readLoad()),
          ...(notifyLock ? { notifyLock } : {}),
        });
      } finally {
        rss.stop();
        await locks?.stop();
        await server.stop();
      }
    } catch (error) {
      console.error(`${label}: the level failed:`, error);
      levels.push({
        editors,
        result: failedLevel(editors, options, error),
        rssIdleMiB: [],
        rssPeakMiB: [],
        load: judgeLoad(start, readLoad()),
      });
    }
  }
  return {
    database,
    servers: options.servers,
    warmupS: options.warmupS,
    durationS: options.durationS,
    levels,
    knee: findKnee(
      levels.map((level) => ({
        editors: level.editors,
        saveP99: level.result.saves.p99,
        errors: level.result.errorCount,
      })),
    ),
  };
}

function failedLevel(editors: number, options: CurveOptions, error: unknown): EditorsResult {
  const empty = summarize([]);
  return {
    editors,
    perRecord: options.perRecord,
    servers: options.servers,
    measuredS: 0,
    saves: empty,
    savesPerSecond: 0,
    polls: empty,
    liveUpdates: empty,
    errors: { [`bench: ${error instanceof Error ? error.message : String(error)}`]: 1 },
    errorCount: 1,
    subscriptionsOpen: 0,
    subscriptionsNeverOpened: 0,
    clientLagP99Ms: Number.NaN,
    openingS: Number.NaN,
  };
}
