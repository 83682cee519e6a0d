import http from 'node:http';
import { WebSocket } from 'ws';
import { startBenchServer } from './bench-server.ts';
import { postJson } from './http-post.ts';
import { describeLoad, judgeLoad, type LoadReading, readLoad } from './machine-load.ts';
import { SAVE_MUTATION, saveAnswers } from './save-payload.ts';
import type { BenchEditor } from './seed-editors.ts';
import { type Summary, summarize } from './stats.ts';

/**
 * Issue 39 §4, the case of the issue: one account holds live subscriptions to its own 1.56 MB record
 * and floods saves and reads of it (within its caps and past its budgets); meanwhile another person
 * reads and saves their own record every 200 ms. Their latency is measured first with the server
 * quiet, then during the flood, in one sitting, on a server with a 512 MB heap.
 */
export interface FairShareRun {
  kind: 'pglite' | 'postgres';
  quiet: OtherPerson;
  flood: OtherPerson;
  flooder: { saved: number; refused: number; otherwise: number; liveMessages: number; liveMiB: number };
  subscriptions: number;
  durationS: number;
  load: { start: LoadReading; end: LoadReading };
}

interface OtherPerson {
  query: Summary;
  save: Summary;
  errors: number;
}

const READ = 'query Read($id: ID!) { record(id: $id) { id version } }';
const READ_ALL = 'query ReadAll($id: ID!) { record(id: $id) { id version data } }';
const LIVE = 'subscription Live($id: ID!) { record(id: $id) { id version data } }';
const ANSWER = 'x'.repeat(19_500);
const SUBSCRIPTIONS = 20;
const FLOOD_LOOPS = 6;

export async function runFairShare(options: {
  kind: 'pglite' | 'postgres';
  postgresUrl?: string;
  durationS: number;
}): Promise<FairShareRun> {
  const start = readLoad();
  const server = await startBenchServer({
    kind: options.kind,
    postgresUrl: options.postgresUrl,
    editors: 2,
    nodeArgs: ['--max-old-space-size=512'],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  try {
    const [flooder, other] = server.editors;
    if (!flooder || !other) throw new Error('two editors expected');
    const post: Post = (editor, query, variables) =>
      postJson(
        agent,
        `${server.baseUrl}/graphql`,
        { authorization: `Bearer ${editor.token}` },
        JSON.stringify({ query, variables }),
        30_000,
      );
    // The flooder's record grows to 80 answers of 19,500 characters (1.56 MB), in two saves.
    for (const half of [0, 1]) {
      const answers = Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`big${half * 40 + i}`, ANSWER]),
      );
      const response = await post(flooder, SAVE_MUTATION, {
        input: { id: flooder.recordId, baseVersion: 1, answers },
      });
      if (response.status !== 200) throw new Error(`growing the record failed: ${response.status}`);
    }

    const quiet = await measureOther(post, other, options.durationS);

    const live = await openSubscriptions(server.wsUrl, flooder);
    const floodCounts = { saved: 0, refused: 0, otherwise: 0 };
    let flooding = true;
    const floodLoop = async (loop: number) => {
      for (let n = 0; flooding; n++) {
        const [query, variables] =
          n % 2 === 0
            ? [
                SAVE_MUTATION,
                { input: { id: flooder.recordId, baseVersion: 1, answers: saveAnswers(loop, n) } },
              ]
            : [READ_ALL, { id: flooder.recordId }];
        const response = await post(flooder, query, variables).catch(() => ({ status: 0, text: '' }));
        if (response.status === 200) floodCounts.saved++;
        else if (response.status === 429) floodCounts.refused++;
        else floodCounts.otherwise++;
      }
    };
    const loops = Array.from({ length: FLOOD_LOOPS }, (_, loop) => floodLoop(loop));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const flood = await measureOther(post, other, options.durationS);
    flooding = false;
    await Promise.all(loops);
    live.close();
    return {
      kind: options.kind,
      quiet,
      flood,
      flooder: {
        ...floodCounts,
        liveMessages: live.messages(),
        liveMiB: live.bytes() / 1024 / 1024,
      },
      subscriptions: live.opened(),
      durationS: options.durationS,
      load: { start, end: readLoad() },
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

type Post = (
  editor: BenchEditor,
  query: string,
  variables: Record<string, unknown>,
) => Promise<{ status: number; text: string }>;

/** The other person: a read and a save of their own record every 200 ms for `durationS`. */
async function measureOther(post: Post, other: BenchEditor, durationS: number): Promise<OtherPerson> {
  const queries: number[] = [];
  const saves: number[] = [];
  let errors = 0;
  const until = Date.now() + durationS * 1000;
  for (let n = 0; Date.now() < until; n++) {
    const began = performance.now();
    const read = await post(other, READ, { id: other.recordId }).catch(() => ({ status: 0, text: '' }));
    const readMs = performance.now() - began;
    if (read.status !== 200 || read.text.includes('"errors"')) errors++;
    else queries.push(readMs);
    const saveBegan = performance.now();
    const saved = await post(other, SAVE_MUTATION, {
      input: { id: other.recordId, baseVersion: 1, answers: saveAnswers(1, n) },
    }).catch(() => ({ status: 0, text: '' }));
    const saveMs = performance.now() - saveBegan;
    if (saved.status !== 200 || saved.text.includes('"errors"')) errors++;
    else saves.push(saveMs);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 200 - (performance.now() - began))));
  }
  return { query: summarize(queries), save: summarize(saves), errors };
}

/** One socket of the flooder with as many subscriptions to its record as the server lets it hold. */
async function openSubscriptions(wsUrl: string, flooder: BenchEditor) {
  const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
  let bytes = 0;
  let messages = 0;
  const live = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  socket.send(
    JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${flooder.token}` } }),
  );
  socket.on('message', (data: Buffer) => {
    bytes += data.length;
    messages++;
    const message = JSON.parse(data.toString()) as { type: string; id?: string };
    if (message.type === 'connection_ack')
      for (let i = 0; i < SUBSCRIPTIONS; i++)
        socket.send(
          JSON.stringify({
            type: 'subscribe',
            id: `s${i}`,
            payload: { query: LIVE, variables: { id: flooder.recordId } },
          }),
        );
    if (message.type === 'next' && message.id) live.add(message.id);
    if (message.type === 'error' && message.id) live.delete(message.id);
  });
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  return {
    opened: () => live.size,
    bytes: () => bytes,
    messages: () => messages,
    close: () => socket.close(),
  };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`);

export function renderFairShareConsole(run: FairShareRun): string {
  const row = (name: string, person: OtherPerson) =>
    `  ${name}: query p50 ${ms(person.query.p50)} p99 ${ms(person.query.p99)}; save p50 ${ms(person.save.p50)} p99 ${ms(person.save.p99)}; errors ${person.errors}`;
  return [
    `${run.kind}: another person while one account floods (${run.subscriptions} live subscriptions to a 1.56 MB record, ${FLOOD_LOOPS} save/read loops)`,
    row('quiet', run.quiet),
    row('flood', run.flood),
    `  flooder: ${run.flooder.saved} answered, ${run.flooder.refused} refused (429), ${run.flooder.otherwise} other; ${run.flooder.liveMessages} live messages, ${run.flooder.liveMiB.toFixed(0)} MiB`,
  ].join('\n');
}

export function renderFairShareSection(runs: FairShareRun[], measuredAt: Date): string {
  const lines = [
    '## Fair share: another person while one account floods (issue 39 §4)',
    '',
    `Measured ${measuredAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench -- --parts fair-share\`, one server process`,
    '(`NODE_ENV=production`, encryption on, `--max-old-space-size=512`, default `FAIR_SHARE_*` settings) with',
    'the load generator beside it on this 2-core machine. The flooding account holds live',
    `subscriptions to its own record grown to 1.56 MB (as many of ${SUBSCRIPTIONS} as its caps allow, on one socket) and runs`,
    `${FLOOD_LOOPS} loops of back-to-back saves and full reads of it over HTTP. Another person reads (\`record { id version }\`)`,
    'and saves their own record every 200 ms: first with the server quiet, then during the flood, in one sitting.',
    ...`The budgets are the defaults (20 operations/s, 2 MiB/s sent, 4 MiB/s received per account, waits of
at most 1 s): the flooder is answered a few times a second and refused (429, \`Retry-After\`) for the
rest, so the other person's median stays at its quiet value. What remains in their p99 are the
flooder's admitted saves and reads of the 1.56 MB record: its JSON is written in slices, sealed in
under a millisecond and, on PGlite, its bytes cross without hex work in JavaScript (decision 155);
on PGlite the database's own work on it still shares the one connection with everyone.`.split('\n'),
    '',
    '| database | phase | other’s query p50 | p99 | other’s save p50 | p99 | other’s errors | flooder answered / refused (429) | live to flooder | load (1 min) start → end |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const run of runs) {
    const load = `${run.load.start.oneMinute.toFixed(2)} → ${run.load.end.oneMinute.toFixed(2)}`;
    lines.push(
      `| ${run.kind} | quiet, ${run.durationS} s | ${ms(run.quiet.query.p50)} | ${ms(run.quiet.query.p99)} | ${ms(run.quiet.save.p50)} | ${ms(run.quiet.save.p99)} | ${run.quiet.errors} | – | – | ${load} |`,
      `| ${run.kind} | flood, ${run.durationS} s | ${ms(run.flood.query.p50)} | ${ms(run.flood.query.p99)} | ${ms(run.flood.save.p50)} | ${ms(run.flood.save.p99)} | ${run.flood.errors} | ${run.flooder.saved} / ${run.flooder.refused} | ${run.subscriptions} subscriptions, ${run.flooder.liveMiB.toFixed(0)} MiB | ${load} |`,
    );
  }
  const last = runs[runs.length - 1];
  if (last) lines.push('', describeLoad(judgeLoad(runs[0]?.load.start ?? last.load.start, last.load.end)));
  return `${lines.join('\n')}\n`;
}
