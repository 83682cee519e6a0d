import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDependencies, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createTestDatabase, TEST_DATA_ENCRYPTION_KEY, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Where the fresh database is (a second connection to it: two instances). */
  target: TestDatabase['target'];
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real server on a fresh database, for `app.inject` or a real socket (`listen: true`).
 * `env` overrides configuration variables, as an operator would set them; `clientDir` serves a
 * built web client (none by default).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    listen?: boolean;
    clientDir?: string;
    dataKeys?: AppDependencies['dataKeys'];
    jobQueue?: AppDependencies['jobQueue'];
    reminders?: AppDependencies['reminders'];
    mailer?: AppDependencies['mailer'];
    logStream?: AppDependencies['logStream'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-test-'));
  const testDatabase = await createTestDatabase();
  const baseEnv: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    // The app's records live in the test database opened below; its configuration still needs a
    // key-encryption key when a test runs it as production (issue 30 §1).
    DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
    ...options.env,
  };
  // Background jobs start within half a second, and a shutdown waits at most a second for them.
  const jobQueue = options.jobQueue ?? { pollingIntervalSeconds: 0.5, shutdownGraceSeconds: 1 };
  let config = loadConfig(baseEnv);
  let app = await buildApp({
    config,
    database: testDatabase.database,
    clientDir: options.clientDir ?? path.join(dataDir, 'no-client'),
    dataKeys: options.dataKeys,
    jobQueue,
    reminders: options.reminders,
    mailer: options.mailer,
    logStream: options.logStream,
  });
  if (options.listen) {
    // The public URL (and with it the embedded issuer) must name the port actually bound.
    const probe = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = new URL(probe).port;
    await app.close();
    config = loadConfig({
      ...baseEnv,
      PORT: port,
      PUBLIC_URL: options.env?.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    });
    app = await buildApp({
      config,
      database: testDatabase.database,
      clientDir: options.clientDir ?? path.join(dataDir, 'no-client'),
      dataKeys: options.dataKeys,
      jobQueue,
      reminders: options.reminders,
      mailer: options.mailer,
      logStream: options.logStream,
    });
    await app.listen({ port: Number(port), host: '127.0.0.1' });
  }
  return {
    app,
    database: testDatabase.database,
    target: testDatabase.target,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await testDatabase.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
