import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { freePort, type ServerProcess, startServerProcess } from './cli-process.ts';
import { createTestDatabase } from './test-database.ts';

export interface SeededServer<T> {
  server: ServerProcess;
  seeded: T;
  /** The server's DATA_DIR (removed by stop). */
  dataDir: string;
  /** The server's PostgreSQL database, when TEST_DATABASE_URL is set. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/**
 * A real server process (`node src/server/main.ts`) on a database seeded beforehand, as an
 * operator would run it: on PGlite in its own data directory (seeded, closed, then handed to the
 * server, which locks it), or on a fresh PostgreSQL database when TEST_DATABASE_URL is set. Tokens
 * signed while seeding name the server's own address as issuer, so they work against it.
 */
export async function startSeededServer<T>(
  seed: (db: Db, config: Config) => Promise<T>,
  variables: Record<string, string> = {},
): Promise<SeededServer<T>> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-seeded-'));
  const postgres = process.env.TEST_DATABASE_URL ? await createTestDatabase() : undefined;
  const target = postgres?.target ?? ({ kind: 'pglite', dir: path.join(dataDir, 'pg') } as const);
  const database = postgres?.database ?? (await openDatabase(target, { purpose: 'test seed' }));
  if (!postgres) await migrateDatabase(database, target);
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : {}),
  };
  const seeded = await seed(database.db, loadConfig(env));
  if (!postgres) await database.close();
  let server: ServerProcess;
  try {
    server = await startServerProcess({ ...env, ...variables }, { port });
  } catch (error) {
    await postgres?.drop();
    throw error;
  }
  return {
    server,
    seeded,
    dataDir,
    ...(target.kind === 'postgres' ? { databaseUrl: target.url } : {}),
    stop: async () => {
      await server.stop();
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
