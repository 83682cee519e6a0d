import type http from 'node:http';
import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { classifyFailure, isSocketFailure } from './failure-kinds.ts';
import { postJson } from './http-post.ts';
import { SAVE_MUTATION, saveAnswers } from './save-payload.ts';
import type { BenchEditor } from './seed-editors.ts';

// customer-app §7 calls 10 and 11, as the record screen makes them: the poll names the version the
// editor holds (issue 31 §6.2); a server without recordSince (a before side) is polled the old way.
const POLL_SINCE = `query Poll($id: ID!, $known: Int!) {
  recordSince(id: $id, knownVersion: $known) { version record { id updatedAt data submitted version } }
}`;
const POLL = 'query Poll($id: ID!) { record(id: $id) { id updatedAt data submitted } }';
const LIVE = `subscription Live($id: ID!) {
  record(id: $id) {
    id createdAt updatedAt version submitted data
    user { id federatedId name } organization { id name } inventoryType { id name model }
    reportGenerations { id dateGenerated model }
  }
}`;
const TIMEOUT_MS = 10_000; // customer-app §9: save request time-out; used for every request here

/**
 * ws with a handshake time-out, and an error listener of its own: graphql-ws reads errors through
 * `onerror`, which it clears when it lets go of a socket, and a ws socket that errors with no
 * listener throws (the ECONNRESET that killed the benchmark twice, issue 31 §1).
 */
class BenchWebSocket extends WebSocket {
  constructor(address: string, protocols?: string | string[]) {
    super(address, protocols, { handshakeTimeout: TIMEOUT_MS });
    this.on('error', () => {});
  }
}

export interface EditorHooks {
  /** Inside the measured window? */
  measuring(at: number): boolean;
  /** A failure; `sentAt` for a request's (it counts if the request was sent in time). */
  fail(channel: string, kind: string, sentAt?: number): void;
  saved(latencyMs: number, sentAt: number): void;
  polled(latencyMs: number): void;
  /** A save answered with `version`; its partner's subscription should deliver it. */
  answered(version: number, sentAt: number): void;
  /** This editor's subscription delivered `version` at `at`. */
  delivered(version: number, at: number): void;
}

/**
 * One person at work (issue 3): the record's subscription open over a WebSocket (graphql-ws, lazy
 * and retrying as the web client does), a poll every 3 s and a save of changed answers every 2 s,
 * never more than one save in flight (the spec's save queue). Nothing it meets is thrown: each
 * failure goes to `hooks.fail` by kind.
 */
export class SimulatedEditor {
  /** The subscription delivered its first message (the record as it is). */
  opened = false;
  private version = 1;
  /** Whether the server answers recordSince (issue 31 §6.2); found out by the first poll. */
  private pollSince = true;
  private saving = false;
  private edits = 0;
  private stopping = false;
  private socketErrored = false;
  private client: Client | undefined;
  private unsubscribe: (() => void) | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  private readonly editor: BenchEditor;
  private readonly index: number;
  private readonly side: number;
  private readonly endpoint: { baseUrl: string; wsUrl: string };
  private readonly rhythm: { saveEveryMs: number; pollEveryMs: number };
  private readonly hooks: EditorHooks;
  private readonly agent: http.Agent;

  constructor(
    editor: BenchEditor,
    index: number,
    side: number,
    endpoint: { baseUrl: string; wsUrl: string },
    rhythm: { saveEveryMs: number; pollEveryMs: number },
    hooks: EditorHooks,
    agent: http.Agent,
  ) {
    this.editor = editor;
    this.index = index;
    this.side = side;
    this.endpoint = endpoint;
    this.rhythm = rhythm;
    this.hooks = hooks;
    this.agent = agent;
  }

  start(): void {
    this.client = createClient({
      url: this.endpoint.wsUrl,
      webSocketImpl: BenchWebSocket,
      connectionParams: { authorization: `Bearer ${this.editor.token}` },
      connectionAckWaitTimeout: TIMEOUT_MS,
      on: {
        connected: () => {
          this.socketErrored = false;
        },
        error: (error) => {
          this.socketErrored = true;
          if (!this.stopping) this.hooks.fail('websocket', classifyFailure(error));
        },
        closed: (event) => {
          // A close that follows an error is that error's; a normal closure is not a failure.
          const code = (event as { code?: number }).code;
          if (!this.stopping && !this.socketErrored && code !== 1000)
            this.hooks.fail('websocket', classifyFailure(event));
          this.socketErrored = false;
        },
      },
    });
    this.unsubscribe = this.client.subscribe(
      { query: LIVE, variables: { id: this.editor.recordId } },
      {
        next: (message) => {
          const at = performance.now();
          this.opened = true;
          const record = (message.data as { record?: { version: number } } | null | undefined)?.record;
          if (!record) return this.hooks.fail('subscription', 'payload without the record');
          this.version = Math.max(this.version, record.version);
          this.hooks.delivered(record.version, at);
        },
        error: (error) => {
          // A socket's failure was counted by `on.error` / `on.closed` above.
          if (!this.stopping && !isSocketFailure(error))
            this.hooks.fail('subscription', classifyFailure(error));
        },
        complete: () => {},
      },
    );
    // Each person keeps their own rhythm, offset at random, as people do.
    const every = (ms: number, action: () => Promise<void>) => {
      const first = setTimeout(() => {
        this.track(action());
        this.timers.push(setInterval(() => this.track(action()), ms));
      }, Math.random() * ms);
      this.timers.push(first);
    };
    every(this.rhythm.saveEveryMs, () => this.save());
    every(this.rhythm.pollEveryMs, () => this.poll());
  }

  /** Stops its timers, waits for requests in flight, closes its socket; never throws. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
    this.unsubscribe?.();
    const client = this.client;
    if (!client) return;
    // dispose() awaits the connection attempt and rejects with its error when it failed.
    const disposed = Promise.resolve()
      .then(() => client.dispose())
      .then(
        () => true,
        () => true,
      );
    const closed = await Promise.race([disposed, sleep(2000).then(() => false)]);
    if (!closed) client.terminate();
  }

  private track(work: Promise<void>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async save(): Promise<void> {
    if (this.saving) return; // only the latest data is saved: the next tick sends it
    this.saving = true;
    this.edits++;
    const sentAt = performance.now();
    try {
      const body = await this.post('save', sentAt, SAVE_MUTATION, {
        input: {
          id: this.editor.recordId,
          baseVersion: this.version,
          answers: saveAnswers(this.index, this.edits, this.side),
        },
      });
      const saved = (body?.data as { saveRecordAnswers?: { version: number } } | undefined)
        ?.saveRecordAnswers;
      if (!saved) return;
      this.hooks.saved(performance.now() - sentAt, sentAt);
      this.version = Math.max(this.version, saved.version);
      this.hooks.answered(saved.version, sentAt);
    } finally {
      this.saving = false;
    }
  }

  private async poll(): Promise<void> {
    const sentAt = performance.now();
    const since = this.pollSince;
    const body = since
      ? await this.post(
          'poll',
          sentAt,
          POLL_SINCE,
          { id: this.editor.recordId, known: this.version },
          () => (this.pollSince = false),
        )
      : await this.post('poll', sentAt, POLL, { id: this.editor.recordId });
    if (since && !this.pollSince) return this.poll();
    if (body?.data && this.hooks.measuring(sentAt)) this.hooks.polled(performance.now() - sentAt);
  }

  /** `unknownField`: the server refused the operation's fields (an older server): not a failure. */
  private async post(
    channel: string,
    sentAt: number,
    query: string,
    variables: Record<string, unknown>,
    unknownField?: () => void,
  ) {
    let answer: { status: number; text: string };
    try {
      answer = await postJson(
        this.agent,
        `${this.endpoint.baseUrl}/graphql`,
        { authorization: `Bearer ${this.editor.token}` },
        JSON.stringify({ query, variables }),
        TIMEOUT_MS,
      );
    } catch (error) {
      const kind = classifyFailure(error);
      const midAnswer = typeof (error as { afterStatus?: number }).afterStatus === 'number';
      this.hooks.fail(channel, midAnswer ? `${kind} (reading the answer)` : kind, sentAt);
      return undefined;
    }
    const { status, text } = answer;
    let body: { data?: unknown; errors?: { message?: string; extensions?: { code?: string } }[] };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      this.hooks.fail(channel, `HTTP ${status}, not JSON`, sentAt);
      return undefined;
    }
    if (status !== 200 || body.errors) {
      const code = body.errors?.[0]?.extensions?.code;
      if (unknownField && /Cannot query field/.test(body.errors?.[0]?.message ?? '')) {
        unknownField();
        return undefined;
      }
      this.hooks.fail(channel, code ? `HTTP ${status} ${code}` : `HTTP ${status}`, sentAt);
      return undefined;
    }
    return body;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
