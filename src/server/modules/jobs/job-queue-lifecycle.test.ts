import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, type DatabaseTarget, openDatabase } from '../../db/database.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import type { JobQueue, JobStatus } from '../../kernel/job-queue.ts';
import {
  createTestDatabase,
  dropPostgresDatabase,
  TEST_DATA_ENCRYPTION_KEY,
  usingPostgres,
} from '../../test-support/test-database.ts';
import { createJobQueue } from './pg-boss-job-queue.ts';
import { quietLog } from './test-jobs.ts';

// Issue 41 §6 (decision 180): jobs outlive a restart and a shutdown, and several instances on one
// PostgreSQL run each job once. Real databases, real apps (buildApp), closed and opened again.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-jobs-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  PORT: '0',
  DATA_ENCRYPTION_KEY: TEST_DATA_ENCRYPTION_KEY,
});
const tuning = { pollingIntervalSeconds: 0.5, shutdownGraceSeconds: 1 };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A database that can be closed and opened again: a PGlite directory, or a PostgreSQL database. */
async function restartableTarget(): Promise<DatabaseTarget> {
  if (!usingPostgres()) {
    return { kind: 'pglite', dir: fs.mkdtempSync(path.join(dataDir, 'pg-')) };
  }
  const test = await createTestDatabase();
  await test.database.close();
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  if (test.target.kind === 'postgres') {
    const { url } = test.target;
    cleanups.push(() => dropPostgresDatabase(serverUrl, url));
  }
  return test.target;
}

async function open(target: DatabaseTarget): Promise<Database> {
  const database = await openDatabase(target);
  await migrateDatabase(database, target);
  return database;
}

async function app(database: Database, register: (jobs: JobQueue) => void): Promise<FastifyInstance> {
  const server = await buildApp({
    config,
    database,
    clientDir: path.join(dataDir, 'none'),
    jobQueue: tuning,
  });
  register(server.jobs);
  await server.ready();
  return server;
}

const settled = (jobs: JobQueue, id: string, check: (status: JobStatus) => boolean) =>
  expect
    .poll(async () => check((await jobs.status(id)) as JobStatus), { timeout: 15_000, interval: 100 })
    .toBe(true);

// Opening a new PGlite directory runs initdb (tens of seconds on a busy machine): room for two apps.
const SLOW = { timeout: 180_000 };

describe(`jobs across restarts and shutdowns (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, SLOW, () => {
  it('a job sent before a restart runs after it, once', async () => {
    const target = await restartableTarget();
    const ran: string[] = [];
    const first = await open(target);
    // An instance that only sends: nothing can run the job before the restart.
    const sender = createJobQueue(first, { log: quietLog, workers: false });
    sender.register('test.restart', {}, async (job) => {
      ran.push(`before:${job.id}`);
    });
    await sender.start();
    const id = await sender.send('test.restart', { recordId: 'r1' });
    await sender.stop();
    await first.close();

    const second = await open(target);
    cleanups.push(() => second.close());
    const worker = createJobQueue(second, { log: quietLog, pollingIntervalSeconds: 0.5 });
    worker.register<{ recordId: string }>('test.restart', {}, async (job) => {
      ran.push(`after:${job.id}:${job.data.recordId}`);
    });
    await worker.start();
    cleanups.push(() => worker.stop());
    await settled(worker, id, (status) => status.state === 'completed');
    expect(ran).toEqual([`after:${id}:r1`]);
  });

  it('a shutdown lets a running job finish, and one that outlasts the grace period runs again after', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    const ran: string[] = [];
    const handler = (name: string) => (jobs: JobQueue) =>
      jobs.register<{ hold: boolean }>(
        'test.shutdown',
        { retryDelaySeconds: 1, concurrency: 2 },
        async (job) => {
          ran.push(`${name} started ${job.data.hold ? 'long' : 'short'} #${job.attempt}`);
          if (job.data.hold && name === 'A') {
            await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
            return; // cut: what it does now no longer counts
          }
          await new Promise((resolve) => setTimeout(resolve, 500));
          ran.push(`${name} finished ${job.data.hold ? 'long' : 'short'} #${job.attempt}`);
        },
      );

    const serverA = await app(test.database, handler('A'));
    const short = await serverA.jobs.send('test.shutdown', { hold: false });
    const long = await serverA.jobs.send('test.shutdown', { hold: true });
    await expect
      .poll(() => ran.filter((line) => line.includes('started')).length, { timeout: 10_000 })
      .toBe(2);
    await serverA.close();
    // The short job finished inside the grace period; the long one was cut, not lost.
    expect(ran).toContain('A finished short #1');

    const serverB = await app(test.database, handler('B'));
    cleanups.push(() => serverB.close());
    expect(await serverB.jobs.status(short)).toMatchObject({ state: 'completed', attempts: 1 });
    await settled(serverB.jobs, long, (status) => status.state === 'completed');
    expect(await serverB.jobs.status(long)).toMatchObject({ attempts: 2, state: 'completed' });
    expect(ran.filter((line) => line.includes('long'))).toEqual([
      'A started long #1',
      'B started long #2',
      'B finished long #2',
    ]);
  });
});

describe.skipIf(!usingPostgres())(
  'two app instances on one PostgreSQL (needs TEST_DATABASE_URL)',
  SLOW,
  () => {
    it('run each of many jobs exactly once between them', async () => {
      const test = await createTestDatabase();
      cleanups.push(() => test.drop());
      if (test.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const secondConnection = await openDatabase(test.target);
      cleanups.push(() => secondConnection.close());
      const runs = new Map<string, string[]>();
      const register = (name: string) => (jobs: JobQueue) =>
        jobs.register('test.count', { concurrency: 2 }, async (job) => {
          runs.set(job.id, [...(runs.get(job.id) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 50));
        });
      const serverA = await app(test.database, register('A'));
      cleanups.push(() => serverA.close());
      const serverB = await app(secondConnection, register('B'));
      cleanups.push(() => serverB.close());

      const ids: string[] = [];
      for (let n = 0; n < 40; n++) ids.push(await (n % 2 ? serverA : serverB).jobs.send('test.count', { n }));
      await expect.poll(() => runs.size, { timeout: 30_000 }).toBe(40);
      for (const id of ids) await settled(serverA.jobs, id, (status) => status.state === 'completed');

      expect([...runs.values()].filter((instances) => instances.length !== 1)).toEqual([]);
      const byA = [...runs.values()].filter(([instance]) => instance === 'A').length;
      expect(byA).toBeGreaterThan(0);
      expect(byA).toBeLessThan(40);
    });
  },
);
