import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pgliteAssets } from './pglite-assets.ts';
import type { PreparedStatement } from './pglite-prepared.ts';
import type { SerializedError, WorkerReply, WorkerRequestBody } from './pglite-worker-protocol.ts';

type NotificationHandler = (payload: string) => void;

/**
 * The server thread's side of the embedded database in a worker (issue 39 §2, decision 151): the
 * part of PGlite's interface that drizzle-orm/pglite and database.ts use (query, exec, transaction,
 * listen, close), each a message to pglite-worker.ts. Rows come back by structured clone; errors
 * come back as PGlite's DatabaseError with the same fields (code, constraint, detail…).
 */
export class PgliteWorkerClient {
  #closed = false;
  #nextId = 1;
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #handlers = new Map<string, Set<NotificationHandler>>();

  private constructor(worker: Worker) {
    this.#worker = worker;
  }

  /** Starts the worker and opens the database in it (initdb on a new directory). */
  static async create(dir: string): Promise<PgliteWorkerClient> {
    const assets = await pgliteAssets();
    const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: { dir, assets },
    });
    const client = new PgliteWorkerClient(worker);
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (reply: WorkerReply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'failed') reject(toError(reply.error));
        else client.#receive(reply);
      });
      worker.on('error', (error) => {
        reject(error);
        client.#fail(error);
      });
      worker.on('exit', (code) => {
        const error = new Error(`the database worker stopped (exit code ${code})`);
        reject(error);
        client.#fail(error);
      });
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    return client;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#queryIn(undefined, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text });
  }

  /** Several statements as one transaction (database.ts `exec`): rows of every statement in order. */
  script<Row>(text: string): Promise<Row[]> {
    return this.#call({ op: 'script', text });
  }

  prepared<Row>(statement: PreparedStatement): Promise<Row[]> {
    return this.#call({ op: 'prepared', statement });
  }

  /**
   * PGlite's transaction(): the worker holds its query lock from BEGIN until this callback ends,
   * so other callers' statements wait there, exactly as in-process.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ op: 'begin' });
    const tx = new WorkerTransaction(id, this.#queryIn.bind(this), this.#call.bind(this));
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      await this.#call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.#call({ op: 'end', tx: id, commit: true });
    return result;
  }

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let handlers = this.#handlers.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.#handlers.set(channel, handlers);
      await this.#call({ op: 'listen', channel });
    }
    handlers.add(handler);
    const set = handlers;
    return async () => {
      set.delete(handler);
      if (set.size > 0 || this.#handlers.get(channel) !== set) return;
      this.#handlers.delete(channel);
      await this.#call({ op: 'unlisten', channel });
    };
  }

  /** Closes the database (PGlite flushes to its directory), then stops the worker. */
  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#call({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #queryIn<T>(tx: number | undefined, text: string, params: unknown[], options?: QueryOptions) {
    return this.#call<Results<T>>({
      op: 'query',
      text,
      params,
      rowMode: options?.rowMode ?? 'object',
      rawTypes: textKeptTypes(options),
      ...(tx === undefined ? {} : { tx }),
    });
  }

  #call<T>(request: WorkerRequestBody): Promise<T> {
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #receive(reply: WorkerReply): void {
    if (reply.kind === 'notification') {
      for (const handler of this.#handlers.get(reply.channel) ?? []) handler(reply.payload);
      return;
    }
    if (reply.kind !== 'result' && reply.kind !== 'error') return;
    const pending = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    if (reply.kind === 'result') pending?.resolve(reply.result);
    else pending?.reject(toError(reply.error));
  }

  #fail(error: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/** The `tx` a transaction callback receives: its statements run inside that transaction. */
export class WorkerTransaction {
  #closed = false;
  readonly #id: number;
  readonly #query: QueryIn;
  readonly #call: <T>(request: WorkerRequestBody) => Promise<T>;

  constructor(id: number, query: QueryIn, call: <T>(request: WorkerRequestBody) => Promise<T>) {
    this.#id = id;
    this.#query = query;
    this.#call = call;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(this.#id, text, params, options);
  }

  exec(text: string): Promise<Results[]> {
    return this.#call({ op: 'exec', text, tx: this.#id });
  }

  async rollback(): Promise<void> {
    await this.#call({ op: 'rollback', tx: this.#id });
    this.#closed = true;
  }
}

type QueryIn = <T>(
  tx: number | undefined,
  text: string,
  params: unknown[],
  options?: QueryOptions,
) => Promise<Results<T>>;

/**
 * The types whose parser leaves the text as it is (Drizzle keeps timestamps, dates and intervals
 * as text). Parsers are functions and cannot cross to the worker; one that changes its text would be
 * silently lost, so it is refused.
 */
const keptByOptions = new WeakMap<object, number[]>();
function textKeptTypes(options: QueryOptions | undefined): number[] {
  const parsers = options?.parsers;
  if (!parsers) return [];
  let types = keptByOptions.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse('2026-01-01 00:00:00+00') !== '2026-01-01 00:00:00+00')
        throw new Error(`the database worker cannot run a parser for type ${type} that changes its text`);
      return Number(type);
    });
    keptByOptions.set(parsers, types);
  }
  return types;
}

/** Back to the error PGlite would have thrown in this thread (DatabaseError with code, detail…). */
function toError(serialized: SerializedError): Error {
  const error = serialized.database
    ? new messages.DatabaseError(serialized.message, Number(serialized.fields.length ?? 0), 'error')
    : new Error(serialized.message);
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
