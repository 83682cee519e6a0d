import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig } from '../src/server/config.ts';
import { type DatabaseTarget, type Db, openDatabase } from '../src/server/db/database.ts';
import type { EncryptionConfig } from '../src/server/db/encryption/encryption-settings.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { createDatabase, freePort, readRssMiB, stopProcess, waitUntilReady } from './bench-processes.ts';
import { type BenchEditor, seedEditors } from './seed-editors.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** One server process of a benchmark. */
export interface BenchEndpoint {
  baseUrl: string;
  wsUrl: string;
  pid: number;
}

/**
 * What `startBenchServer` hands back. `baseUrl`, `wsUrl`, `editors`, `pid`, `rssMiB` and `stop`
 * are the contract every commit's bench/bench-server.ts has kept since the benchmark began: the
 * before/after mode (bench/ref-server-child.ts) drives older commits' servers through them alone.
 */
export interface BenchServer {
  baseUrl: string;
  wsUrl: string;
  editors: BenchEditor[];
  pid: number;
  /** Resident memory of the (first) server process now, in MiB (Linux /proc). */
  rssMiB(): number | undefined;
  stop(): Promise<void>;
  /** Every server process (issue 31 §5: several on one PostgreSQL database). */
  endpoints: BenchEndpoint[];
  /** The database the servers share. */
  database: DatabaseTarget;
  /** The servers' encryption settings: the raw-rate process opens the sealed answers with them. */
  encryption: EncryptionConfig;
  /** Stops the server processes and keeps the database (the raw rate is measured on it next). */
  stopServers(): Promise<void>;
}

/**
 * Real server processes (`node src/server/main.ts`, as `npm start` runs it) on a fresh database:
 * PGlite in a temporary data directory, or a new database on the given PostgreSQL server. The
 * editors are seeded before they start, straight into the database. Several servers (PostgreSQL
 * only) listen on consecutive ports with one PUBLIC_URL, as behind one address, each with its own
 * DATA_DIR for its control socket.
 */
export async function startBenchServer(options: {
  kind: 'pglite' | 'postgres';
  postgresUrl?: string;
  port?: number;
  editors: number;
  /** Server processes on the one database (PostgreSQL only); 1 by default. */
  servers?: number;
  /** Node flags for the server processes (e.g. a heap limit), besides BENCH_SERVER_ARGS. */
  nodeArgs?: string[];
  /** More data, written after the editors and before the server starts (e.g. the admin-lists case). */
  seedMore?: (database: Db, config: Config) => Promise<void>;
}): Promise<BenchServer> {
  const servers = options.servers ?? 1;
  if (servers > 1 && options.kind !== 'postgres')
    throw new Error('Several server processes need PostgreSQL: PGlite is one process’s database.');
  const dataDirs = Array.from({ length: servers }, () =>
    fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-bench-')),
  );
  const firstPort = options.port ?? (await freePort());
  const ports =
    options.port === undefined
      ? [firstPort, ...(await Promise.all(dataDirs.slice(1).map(() => freePort())))]
      : dataDirs.map((_, i) => firstPort + i);
  const postgres =
    options.kind === 'postgres' ? await createDatabase(requireUrl(options.postgresUrl)) : undefined;
  // Issue 30: production needs a key-encryption key; one per run, shared by its servers.
  const encryptionKey = randomBytes(32).toString('base64');
  const envFor = (i: number): Record<string, string> => ({
    NODE_ENV: 'production',
    DATA_ENCRYPTION_KEY: encryptionKey,
    // Request logs at info would measure the logger; warnings and errors still show.
    LOG_LEVEL: 'warn',
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    DATA_DIR: dataDirs[i] ?? '',
    PUBLIC_URL: `http://127.0.0.1:${firstPort}`,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    // Decision 151: PGLITE_WORKER=false measures the embedded database on the server's own thread.
    ...(process.env.PGLITE_WORKER ? { PGLITE_WORKER: process.env.PGLITE_WORKER } : {}),
  });
  const config = loadConfig(envFor(0));
  const cleanUp = async () => {
    await postgres?.drop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
  let editors: BenchEditor[];
  try {
    editors = await seed(config, options.editors, options.seedMore);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  // BENCH_SERVER_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = [
    ...(options.nodeArgs ?? []),
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const children: ChildProcess[] = [];
  const stopServers = async () => {
    await Promise.all(children.map((child) => stopProcess(child)));
  };
  const endpoints: BenchEndpoint[] = [];
  try {
    for (let i = 0; i < servers; i++) {
      const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'src/server/main.ts')], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', ...envFor(i) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      children.push(child);
      const baseUrl = `http://127.0.0.1:${ports[i]}`;
      await waitUntilReady(baseUrl, child);
      endpoints.push({ baseUrl, wsUrl: `ws://127.0.0.1:${ports[i]}/graphql`, pid: child.pid ?? 0 });
    }
  } catch (error) {
    for (const child of children) child.kill('SIGKILL');
    await cleanUp();
    throw error;
  }
  const [first] = endpoints;
  if (!first) throw new Error('no server started');
  return {
    baseUrl: first.baseUrl,
    wsUrl: first.wsUrl,
    editors,
    pid: first.pid,
    rssMiB: () => readRssMiB(first.pid),
    endpoints,
    database: config.database,
    encryption: config.encryption,
    stopServers,
    stop: async () => {
      await stopServers();
      await cleanUp();
    },
  };
}

async function seed(
  config: Config,
  count: number,
  seedMore?: (database: Db, config: Config) => Promise<void>,
): Promise<BenchEditor[]> {
  const database = await openDatabase(config.database, {
    purpose: 'benchmark seeding',
    encryption: config.encryption,
  });
  try {
    await migrateDatabase(database, config.database);
    const editors = await seedEditors(database.db, config, count);
    await seedMore?.(database.db, config);
    return editors;
  } finally {
    await database.close();
  }
}

function requireUrl(url: string | undefined): string {
  if (!url) throw new Error('PostgreSQL benchmark needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  return url;
}
