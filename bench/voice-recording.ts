// Issue 41 §9: what spoken answers cost. `npx node bench/voice-recording.ts [--short] [--parts upload,browser]`
// - upload: 20 minutes of audio (4.8 MB at 32 kbit/s) through tus into the sealed store of a real
//   server (PGlite in memory; PostgreSQL too with BENCH_DATABASE_URL or TEST_DATABASE_URL), whole,
//   then again cut at 50 % and resumed: time, bytes sent twice, the server's heap.
// - browser: Chromium with a fake microphone (espeak-ng) records on the real record screen for
//   VOICE_BENCH_MINUTES (20; 2 with --short): main-thread time per kept chunk (CDP TaskDuration over
//   the recording, less the same page idle), the wall time of keeping a chunk, and the JS heap each minute.
// Prints a Markdown table for BENCHMARKS.md, with the load average beside each figure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { createApiFixtures } from '../src/server/test-support/api-fixtures.ts';
import { uploadRecording } from '../src/server/test-support/recording-upload.ts';
import { createTestDatabase } from '../src/server/test-support/test-database.ts';
import { fakeWebm } from '../src/server/test-support/webm-fixture.ts';

const args = process.argv.slice(2);
const short = args.includes('--short');
const partsArg = args[args.indexOf('--parts') + 1];
const parts = args.includes('--parts') && partsArg ? partsArg.split(',') : ['upload', 'browser'];
// Read before the PGlite run clears it (createTestDatabase picks PostgreSQL by this variable).
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const lines: string[] = [];
const row = (...cells: (string | number)[]) => lines.push(`| ${cells.join(' | ')} |`);

async function uploadPart(databaseUrl?: string) {
  if (databaseUrl) process.env.TEST_DATABASE_URL = databaseUrl;
  else delete process.env.TEST_DATABASE_URL;
  const shared = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-voice-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://life-record.bench',
    ...(databaseUrl && shared.target.kind === 'postgres' ? { DATABASE_URL: shared.target.url } : {}),
  });
  const app = await buildApp({ config, database: shared.database, clientDir: path.join(dataDir, 'none') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const f = await createApiFixtures(shared.database.db, config);
  // 20 minutes at 32 kbit/s, as the browser records: 4,000 bytes a second in 5 s clusters.
  const audio = fakeWebm(240, 20_000);
  const input = { baseUrl, token: f.users.owner.token, recordId: f.ownedRecordId, answerKey: 'name', audio };
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  try {
    const heapBefore = process.memoryUsage().heapUsed;
    let started = performance.now();
    const whole = await uploadRecording(input);
    const wholeMs = performance.now() - started;
    if (whole.error) throw new Error(JSON.stringify(whole.error));
    const heapAfter = process.memoryUsage().heapUsed;
    row(
      `upload 4.8 MB (20 min), ${kind}`,
      `${(wholeMs / 1000).toFixed(2)} s`,
      `${(audio.length / 1024 / 1024 / (wholeMs / 1000)).toFixed(1)} MB/s`,
      `heap +${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB`,
      load(),
    );

    started = performance.now();
    const half = await uploadRecording({ ...input, stopAfter: audio.length / 2 });
    const firstHalfMs = performance.now() - started;
    const cut = await fetch(`${half.url}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${input.token}`, 'tus-resumable': '1.0.0' },
    });
    const serverOffset = Number(cut.headers.get('upload-offset'));
    started = performance.now();
    const rest = await uploadRecording({ ...input, uploadUrl: half.url ?? '' });
    const restMs = performance.now() - started;
    if (rest.error) throw new Error(JSON.stringify(rest.error));
    row(
      `cut at 50 %, resumed, ${kind}`,
      `${(firstHalfMs / 1000).toFixed(2)} s + ${(restMs / 1000).toFixed(2)} s`,
      `resumed at ${(serverOffset / 1024).toFixed(0)} KiB of ${(audio.length / 1024).toFixed(0)} KiB (client had ${(half.offset / 1024).toFixed(0)} KiB acknowledged)`,
      `sent twice: ${Math.max(0, half.offset - serverOffset)} bytes`,
      load(),
    );
  } finally {
    await app.close();
    await shared.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function browserPart() {
  const { ownServer } = await import('../e2e/support/own-server.ts');
  const { personWithRecord, PASSWORD } = await import('../e2e/support/record-session.ts');
  const { login } = await import('../e2e/support/fixtures.ts');
  const minutes = Number(process.env.VOICE_BENCH_MINUTES ?? (short ? 2 : 20));
  const wav = path.join(os.tmpdir(), 'life-record-voice-bench.wav');
  execFileSync('espeak-ng', [
    '-w',
    wav,
    '-s',
    '140',
    'I grew up in a small house by the sea, and every evening my grandmother told a story.',
  ]);
  const server = ownServer(Number(process.env.BENCH_VOICE_PORT ?? 8812), {
    RECORDING_MAX_MINUTES: String(minutes + 1),
  });
  await server.start();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  });
  try {
    const owner = personWithRecord('voice-bench', server.env);
    const context = await browser.newContext({ baseURL: server.baseUrl, permissions: ['microphone'] });
    const page = await context.newPage();
    // A loaded machine may take longer than login()'s 30 s to show the first page.
    await page.goto('/');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).waitFor({ timeout: 120_000 });
    await login(page, { email: owner.email, password: PASSWORD });
    await page.goto(`/#/record/${owner.recordId}`);
    const question = page.locator('.record-question').filter({ hasText: 'What is your full name?' });
    await question.getByRole('button', { name: 'Record an answer' }).hover(); // loads the recorder
    await page.waitForTimeout(3_000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const { metrics: list } = await cdp.send('Performance.getMetrics');
      return Object.fromEntries(list.map((m) => [m.name, m.value])) as Record<string, number>;
    };
    const idleFrom = await metrics();
    await page.waitForTimeout(60_000);
    const idleTo = await metrics();
    const idlePerSecond = ((idleTo.TaskDuration ?? 0) - (idleFrom.TaskDuration ?? 0)) / 60;
    await question.getByRole('button', { name: 'Record an answer' }).click();
    const from = await metrics();
    const heap: string[] = [];
    for (let minute = 1; minute <= minutes; minute++) {
      await page.waitForTimeout(60_000);
      const now = await metrics();
      heap.push(`${minute}: ${((now.JSHeapUsedSize ?? 0) / 1024 / 1024).toFixed(1)} MB`);
    }
    const to = await metrics();
    const kept = await page.evaluate(() =>
      performance.getEntriesByName('voice-chunk-kept').map((e) => e.duration),
    );
    const seconds = minutes * 60;
    const busy = (to.TaskDuration ?? 0) - (from.TaskDuration ?? 0) - idlePerSecond * seconds;
    const sorted = [...kept].sort((a, b) => a - b);
    row(
      `recording ${minutes} min in Chromium (${kept.length} chunks kept)`,
      `main thread ${((busy * 1000) / Math.max(1, kept.length)).toFixed(1)} ms per chunk over the idle page`,
      `keeping a chunk (encrypt + IndexedDB) p50 ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
      `JS heap by minute: ${heap.join(', ')}`,
      load(),
    );
    await question.getByRole('button', { name: 'Stop' }).click();
  } finally {
    await browser.close();
    await server.stop();
  }
}

row('What', 'Time', 'Rate / detail', 'Cost', 'Load average (1, 5, 15 min)');
row('---', '---', '---', '---', '---');
try {
  if (parts.includes('upload')) {
    await uploadPart();
    if (postgresUrl) await uploadPart(postgresUrl);
  }
  if (parts.includes('browser')) await browserPart();
} finally {
  // What was measured before a failure is still worth its line.
  console.log(lines.join('\n'));
}
process.exit(0);
