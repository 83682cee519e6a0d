import { parentPort, workerData } from 'node:worker_threads';
import { messages, type ParserOptions, PGlite, type Transaction } from '@electric-sql/pglite';
import type { PgliteAssets } from './pglite-assets.ts';
import { PGLITE_PARSERS } from './pglite-bytea.ts';
import { runPglitePrepared } from './pglite-prepared.ts';
import type { SerializedError, WorkerReply, WorkerRequest } from './pglite-worker-protocol.ts';

/**
 * The worker thread that owns the embedded database (issue 39 §2, decision 151): every statement
 * runs here, so the server's event loop never waits behind one. It answers the requests of
 * pglite-worker-client.ts one by one as they come; PGlite's own query lock orders them, and a
 * transaction holds that lock until the main thread says how it ends.
 */
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs only as a worker thread');
// Compiled once in the server thread (pglite-assets.ts), not again in every worker.
const { dir, assets } = workerData as { dir: string; assets: PgliteAssets };

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  ended: Promise<void>;
}

const transactions = new Map<number, OpenTransaction>();
const unlistens = new Map<string, () => Promise<void>>();
let nextTransaction = 1;

const client = await PGlite.create(dir, { ...assets, parsers: PGLITE_PARSERS }).catch((error: unknown) => {
  port.postMessage({ kind: 'failed', error: serializeError(error) } satisfies WorkerReply);
  return undefined;
});
if (client) {
  port.on('message', (request: WorkerRequest) => void answer(client, request));
  port.postMessage({ kind: 'ready' } satisfies WorkerReply);
}

async function answer(pg: PGlite, request: WorkerRequest): Promise<void> {
  try {
    const result = await run(pg, request);
    reply({ kind: 'result', id: request.id, result });
  } catch (error) {
    reply({ kind: 'error', id: request.id, error: serializeError(error) });
  }
}

/** A reply that cannot be cloned (a value no thread can receive) fails its request, not the worker. */
function reply(message: WorkerReply): void {
  try {
    port?.postMessage(message);
  } catch (error) {
    if (message.kind !== 'result') throw error;
    port?.postMessage({ kind: 'error', id: message.id, error: serializeError(error) } satisfies WorkerReply);
  }
}

async function run(pg: PGlite, request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = { rowMode: request.rowMode, parsers: unchangedText(request.rawTypes) };
      const on = request.tx === undefined ? pg : openTransaction(request.tx).tx;
      return on.query(request.text, request.params, options);
    }
    case 'exec':
      return (request.tx === undefined ? pg : openTransaction(request.tx).tx).exec(request.text);
    case 'script': {
      // database.ts: a failing script rolls back before PGlite releases its lock.
      const results = await pg.transaction((tx) => tx.exec(request.text));
      return results.flatMap((result) => result.rows);
    }
    case 'prepared':
      return runPglitePrepared(pg, request.statement);
    case 'begin':
      return begin(pg);
    case 'end':
      return end(request.tx, request.commit);
    case 'rollback':
      return openTransaction(request.tx).tx.rollback();
    case 'listen':
      return listen(pg, request.channel);
    case 'unlisten': {
      const unlisten = unlistens.get(request.channel);
      unlistens.delete(request.channel);
      return unlisten?.();
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return undefined;
  }
}

/** Opens a transaction that holds PGlite's lock until `end` arrives; resolves to its number. */
function begin(pg: PGlite): Promise<number> {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    let end: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    const ended = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, end, ended });
        started(id);
        // Throwing is how PGlite's transaction() rolls back; the main thread has the real error.
        if (!(await decided) && !tx.closed) throw new RolledBack();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          if (error instanceof RolledBack) return;
          if (!transactions.has(id)) failed(error);
          throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // Until `end` awaits it, a failure of BEGIN itself is answered through `failed` above.
    ended.catch(() => {});
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = openTransaction(id);
  open.end(commit);
  await open.ended;
}

function openTransaction(id: number): OpenTransaction {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is no longer open`);
  return open;
}

class RolledBack extends Error {}

async function listen(pg: PGlite, channel: string): Promise<void> {
  if (unlistens.has(channel)) return;
  const unlisten = await pg.listen(channel, (payload) =>
    port?.postMessage({ kind: 'notification', channel, payload } satisfies WorkerReply),
  );
  unlistens.set(channel, unlisten);
}

/**
 * Drizzle passes parsers that keep some types as text (timestamps, dates, intervals); functions do
 * not cross threads, so the client sends those types' numbers and they are rebuilt here.
 */
const parsersByKey = new Map<string, ParserOptions>();
function unchangedText(types: readonly number[]): ParserOptions | undefined {
  if (types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = parsersByKey.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    parsersByKey.set(key, parsers);
  }
  return parsers;
}

/** An error as data: its message and every field (PostgreSQL's code, constraint, detail…). */
function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { database: false, message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  // PostgreSQL's fields are text; PGlite also attaches the query and its options (parsers are
  // functions, which cannot cross threads): only plain values go.
  for (const [key, value] of Object.entries(error))
    if (value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value))
      fields[key] = value;
  return {
    database: error instanceof messages.DatabaseError,
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
    fields,
  };
}
