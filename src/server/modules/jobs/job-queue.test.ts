import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundJobs } from '../../db/schema.ts';
import type { JobStatus, RunningJob } from '../../kernel/job-queue.ts';
import { createTestDatabase, type TestDatabase, usingPostgres } from '../../test-support/test-database.ts';
import { createJobQueue, type ManagedJobQueue } from './pg-boss-job-queue.ts';
import { gate, quietLog } from './test-jobs.ts';

// Issue 41 §6 (decision 180): the queue's promises, on the real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL), through the interface modules use.
describe(`the job queue (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  let queue: ManagedJobQueue;
  const started = new Map<string, number[]>();
  const progressGate = gate();
  const attempts: { at: number; attempt: number }[] = [];
  let aborted: unknown;

  const record = (job: RunningJob<unknown>) => {
    started.set(job.id, [...(started.get(job.id) ?? []), Date.now()]);
  };
  const statusOf = async (id: string) => {
    const status = await queue.status(id);
    if (!status) throw new Error(`no status for ${id}`);
    return status;
  };
  const until = (id: string, check: (status: JobStatus) => boolean, timeout = 10_000) =>
    expect.poll(async () => check(await statusOf(id)), { timeout, interval: 100 }).toBe(true);

  beforeAll(async () => {
    test = await createTestDatabase();
    queue = createJobQueue(test.database, { log: quietLog, pollingIntervalSeconds: 0.5 });
    queue.register<{ step: string }>('test.progress', {}, async (job) => {
      record(job);
      await job.progress(0.5, 'Half way');
      await progressGate.wait();
      await job.progress(0.9, 'Nearly there');
    });
    queue.register('test.failing', { retryLimit: 1, retryDelaySeconds: 1 }, async (job) => {
      attempts.push({ at: Date.now(), attempt: job.attempt });
      throw new Error(`attempt ${job.attempt} failed`);
    });
    queue.register('test.slow', { expireInSeconds: 1, retryDelaySeconds: 3600 }, async (job) => {
      await new Promise((resolve) => job.signal.addEventListener('abort', resolve));
      aborted = job.signal.reason;
    });
    queue.register('test.plain', { keepSeconds: 1 }, async (job) => record(job));
    await queue.start();
  });

  afterAll(async () => {
    progressGate.open();
    await queue?.stop();
    await test?.drop();
  });

  it('runs a job, whose progress its sender reads while it runs, to completion', async () => {
    const id = await queue.send('test.progress', { step: 'one' }, { personId: crypto.randomUUID() });
    await until(id, (s) => s.state === 'active' && s.progress.note === 'Half way');
    expect((await statusOf(id)).progress).toEqual({ fraction: 0.5, note: 'Half way' });
    progressGate.open();
    await until(id, (s) => s.state === 'completed');
    const done = await statusOf(id);
    expect(done).toMatchObject({
      kind: 'test.progress',
      attempts: 1,
      error: null,
      progress: { fraction: 1 },
    });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(started.get(id)).toHaveLength(1);
  });

  it('retries a failing job after its back-off, then ends it failed with the last error', async () => {
    const id = await queue.send('test.failing', {});
    await until(id, (s) => s.state === 'retrying');
    const retrying = await statusOf(id);
    expect(retrying).toMatchObject({ attempts: 1, error: 'attempt 1 failed' });
    const firstFailure = attempts[0]?.at ?? 0;
    // The first retry waits at least retryDelaySeconds (later ones double it).
    expect(retrying.runAfter.getTime() - firstFailure).toBeGreaterThanOrEqual(1000);

    await until(id, (s) => s.state === 'failed');
    expect(await statusOf(id)).toMatchObject({ state: 'failed', attempts: 2, error: 'attempt 2 failed' });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2]);
    expect(attempts[1]?.at).toBeGreaterThanOrEqual(retrying.runAfter.getTime());
  });

  it('stops an attempt at its time limit: the handler’s signal aborts and the attempt counts as failed', async () => {
    const id = await queue.send('test.slow', {});
    await until(id, (s) => s.state === 'retrying');
    expect(aborted).toBeDefined();
    const status = await statusOf(id);
    expect(status.attempts).toBe(1);
    expect(status.error).toMatch(/1s|expire|time/i);
    expect(await queue.cancel(id)).toBe(true);
  });

  it('keeps one queued or running job per singleton key', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const first = await queue.send('test.plain', {}, { singletonKey: 'book:r1:pdf', startAfter: later });
    const again = await queue.send('test.plain', {}, { singletonKey: 'book:r1:pdf', startAfter: later });
    const other = await queue.send('test.plain', {}, { singletonKey: 'book:r1:docx', startAfter: later });
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    // Once the first is no longer pending, the key is free again.
    expect(await queue.cancel(first)).toBe(true);
    const next = await queue.send('test.plain', {}, { singletonKey: 'book:r1:pdf', startAfter: later });
    expect(next).not.toBe(first);
    await queue.cancel(next);
    await queue.cancel(other);
  });

  it('does not start a delayed job before its time', async () => {
    const startAfter = new Date(Date.now() + 1500);
    const id = await queue.send('test.plain', {}, { startAfter });
    const queued = await statusOf(id);
    expect(queued).toMatchObject({ state: 'queued', attempts: 0 });
    expect(queued.runAfter.getTime()).toBe(startAfter.getTime());
    await until(id, (s) => s.state === 'completed');
    expect(started.get(id)?.[0]).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('cancels a queued job, which then never runs', async () => {
    const id = await queue.send('test.plain', {}, { startAfter: new Date(Date.now() + 600) });
    expect(await queue.cancel(id)).toBe(true);
    expect(await queue.cancel(id)).toBe(false);
    expect((await statusOf(id)).state).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(started.has(id)).toBe(false);
    expect(await queue.cancel(crypto.randomUUID())).toBe(false);
  });

  it('refuses a payload that looks like a person’s words, and stores nothing of it', async () => {
    const before = await test.database.db.$count(backgroundJobs);
    await expect(queue.send('test.plain', { answer: 'I was born in Leeds' })).rejects.toThrow(
      /ids and settings only: \$\.answer/,
    );
    await expect(queue.send('test.plain', { recordId: 'r1', words: 'my first home' })).rejects.toThrow(
      /\$\.words: looks like text/,
    );
    await expect(queue.send('test.unknown', {})).rejects.toThrow(/not registered/);
    expect(await test.database.db.$count(backgroundJobs)).toBe(before);
  });

  it('purges a finished job, and our row beside it, after its retention', async () => {
    const id = await queue.send('test.plain', {});
    await until(id, (s) => s.state === 'completed');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await queue.maintain();
    expect(await queue.status(id)).toBeNull();
    expect(await test.database.db.$count(backgroundJobs, eq(backgroundJobs.id, id))).toBe(0);
  });

  it('forgets every job of a person (erasure), leaving others’ alone', async () => {
    const later = { startAfter: new Date(Date.now() + 3_600_000) };
    const person = crypto.randomUUID();
    const other = crypto.randomUUID();
    const theirs = [
      await queue.send('test.plain', {}, { ...later, personId: person }),
      await queue.send('test.progress', { step: 'x' }, { ...later, personId: person }),
    ];
    const kept = await queue.send('test.plain', {}, { ...later, personId: other });
    // A row left of a kind a later version dropped (its queue is gone) does not stop an erasure.
    const dropped = crypto.randomUUID();
    await test.database.db
      .insert(backgroundJobs)
      .values({ id: dropped, kind: 'test.dropped', personId: person });
    expect(await queue.status(dropped)).toBeNull();
    expect(await queue.cancel(dropped)).toBe(false);
    expect(await queue.forgetPerson(person)).toBe(3);
    for (const id of theirs) expect(await queue.status(id)).toBeNull();
    expect((await statusOf(kept)).state).toBe('queued');
    expect(await queue.forgetPerson(person)).toBe(0);
    await queue.cancel(kept);
  });
});
