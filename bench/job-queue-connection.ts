// `node bench/job-queue-connection.ts [--idle-seconds 20] [--jobs 200]`: how long the job queue
// (decision 180) holds the embedded database's one connection, the thing a request would wait
// behind. Every statement the queue library runs is timed through our Database.query/exec: idle
// (three kinds polling at the production interval), a burst of jobs that report progress, and a
// maintenance pass over the finished burst. Prints the load average beside the figures.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { type Database, openDatabase } from '../src/server/db/database.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { createJobQueue } from '../src/server/modules/jobs/pg-boss-job-queue.ts';
import { readLoad } from './machine-load.ts';
import { summarize } from './stats.ts';

const { values } = parseArgs({
  options: { 'idle-seconds': { type: 'string', default: '20' }, jobs: { type: 'string', default: '200' } },
});
const idleSeconds = Number(values['idle-seconds']);
const jobCount = Number(values.jobs);

const target = { kind: 'pglite', dir: 'memory://' } as const;
const opened = await openDatabase(target);
await migrateDatabase(opened, target);

let samples: number[] = [];
let longest = { ms: 0, text: '' };
const timed =
  <Rest extends unknown[], Result>(run: (text: string, ...rest: Rest) => Promise<Result>) =>
  async (text: string, ...rest: Rest): Promise<Result> => {
    const started = performance.now();
    try {
      return await run(text, ...rest);
    } finally {
      const ms = performance.now() - started;
      samples.push(ms);
      if (ms > longest.ms) longest = { ms, text: text.replace(/\s+/g, ' ').trim().slice(0, 90) };
    }
  };
// Only the library's statements are timed here; our own (index rows, progress) go through `db`.
const database: Database = {
  ...opened,
  query: timed(opened.query) as Database['query'],
  exec: timed(opened.exec) as Database['exec'],
};

const queue = createJobQueue(database, { log: { warn: () => {}, error: console.error } });
for (const kind of ['bench.idle-one', 'bench.idle-two']) queue.register(kind, {}, async () => {});
queue.register('bench.burst', { concurrency: 2 }, async (job) => {
  for (const step of [0.25, 0.5, 0.75, 1]) await job.progress(step, `Step ${step * 4} of 4`);
});

const report = (phase: string, seconds: number) => {
  const summary = summarize(samples);
  const busy = samples.reduce((sum, ms) => sum + ms, 0);
  console.log(
    `${phase}: ${samples.length} statements in ${seconds.toFixed(1)} s; longest ${summary.max.toFixed(1)} ms, ` +
      `p99 ${summary.p99.toFixed(1)} ms, median ${summary.p50.toFixed(2)} ms; connection busy ` +
      `${((busy / (seconds * 1000)) * 100).toFixed(2)} % of the time\n  longest: ${longest.text}`,
  );
  samples = [];
  longest = { ms: 0, text: '' };
};

const load = readLoad();
console.log(
  `Load average at start: ${load.oneMinute.toFixed(2)} / ${load.fiveMinutes.toFixed(2)} / ${load.fifteenMinutes.toFixed(2)} on ${os.cpus().length} cores`,
);
await queue.start();
samples = [];
await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
report(`idle, 3 kinds polling every 2 s`, idleSeconds);

const burstStart = performance.now();
const ids: string[] = [];
for (let n = 0; n < jobCount; n++) ids.push(await queue.send('bench.burst', { n }));
const sendSeconds = (performance.now() - burstStart) / 1000;
for (;;) {
  const states = await Promise.all(ids.slice(-5).map((id) => queue.status(id)));
  if (states.every((status) => status?.state === 'completed')) break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const burstSeconds = (performance.now() - burstStart) / 1000;
console.log(
  `burst: ${jobCount} jobs sent in ${sendSeconds.toFixed(1)} s, all done in ${burstSeconds.toFixed(1)} s`,
);
report(`burst of ${jobCount} jobs, 4 progress reports each`, burstSeconds);

const maintainStart = performance.now();
await queue.maintain();
report('maintenance pass', (performance.now() - maintainStart) / 1000);

await queue.stop();
await opened.close();
const end = readLoad();
console.log(
  `Load average at end: ${end.oneMinute.toFixed(2)} / ${end.fiveMinutes.toFixed(2)} / ${end.fifteenMinutes.toFixed(2)}`,
);
