import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type Config, loadConfig } from '../src/server/config.ts';
import { type DatabaseTarget, type Db, openDatabase } from '../src/server/db/database.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { type BenchEditor, seedEditors } from './seed-editors.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BenchServer {
  baseUrl: string;
  wsUrl: string;
  editors: BenchEditor[];
  pid: number;
  /** Resident memory of the server process now, in MiB (Linux /proc). */
  rssMiB(): number | undefined;
  stop(): Promise<void>;
}

/**
 * A real server process (`node src/server/main.ts`, as `npm start` runs it) on a fresh database:
 * PGlite in a temporary data directory, or a new database on the given PostgreSQL server. The
 * editors are seeded before it starts, straight into the database.
 */
export async function startBenchServer(options: {
  kind: 'pglite' | 'postgres';
  postgresUrl?: string;
  port?: number;
  editors: number;
  /** More data, written after the editors and before the server starts (e.g. the admin-lists case). */
  seedMore?: (database: Db, config: Config) => Promise<void>;
}): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-bench-'));
  const port = options.port ?? (await freePort());
  const postgres =
    options.kind === 'postgres' ? await createDatabase(requireUrl(options.postgresUrl)) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    // Request logs at info would measure the logger; warnings and errors still show.
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  const config = loadConfig(env);
  const editors = await seed(config, options.editors, options.seedMore);

  // BENCH_SERVER_ARGS: extra Node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}/graphql`,
    editors,
    pid,
    rssMiB: () => readRssMiB(pid),
    stop: async () => {
      await stopProcess(child);
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed(
  config: Config,
  count: number,
  seedMore?: (database: Db, config: Config) => Promise<void>,
): Promise<BenchEditor[]> {
  const database = await openDatabase(config.database, { purpose: 'benchmark seeding' });
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

async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `life_record_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const target: DatabaseTarget = { kind: 'postgres', url: url.toString() };
  return { url: target.url, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready within 60 s');
}

function readRssMiB(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib ? Number(kib) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timeout = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timeout);
}
