import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { BenchEditor } from './seed-editors.ts';
import { type Summary, summarize } from './stats.ts';

// customer-app §7 calls 7, 10 and 11, as the record screen makes them.
const SAVE = `mutation Save($input: SaveRecordAnswersInput!) {
  saveRecordAnswers(input: $input) { id updatedAt version }
}`;
const POLL = 'query Poll($id: ID!) { record(id: $id) { id updatedAt data submitted } }';
const LIVE = `subscription Live($id: ID!) {
  record(id: $id) {
    id createdAt updatedAt version submitted data
    user { id federatedId name } organization { id name } inventoryType { id name model }
    reportGenerations { id dateGenerated model }
  }
}`;
const SAVE_TIMEOUT_MS = 10_000; // customer-app §9: save request time-out

export interface EditorsResult {
  editors: number;
  measuredS: number;
  saves: Summary;
  savesPerSecond: number;
  polls: Summary;
  /** From sending a save to its update arriving over the editor's own subscription. */
  liveUpdates: Summary;
  errors: Record<string, number>;
  errorCount: number;
  subscriptionsOpen: number;
}

interface Measure {
  from: number;
  to: number;
  saves: number[];
  polls: number[];
  live: number[];
  errors: Map<string, number>;
}

/**
 * Simulated people at work (issue 3): each has its record's subscription open over a WebSocket,
 * polls the record every 3 s and saves changed answers every 2 s, never more than one save in
 * flight (the spec's save queue). Only what happens inside the measured window is counted; the
 * warm-up before it lets connections open and the JIT settle.
 */
export async function runEditors(options: {
  baseUrl: string;
  wsUrl: string;
  editors: BenchEditor[];
  durationS: number;
  warmupS: number;
  saveEveryMs: number;
  pollEveryMs: number;
}): Promise<EditorsResult> {
  const start = performance.now();
  const measure: Measure = {
    from: start + options.warmupS * 1000,
    to: start + (options.warmupS + options.durationS) * 1000,
    saves: [],
    polls: [],
    live: [],
    errors: new Map(),
  };
  const fail = (kind: string) => {
    const now = performance.now();
    if (now >= measure.from && now <= measure.to)
      measure.errors.set(kind, (measure.errors.get(kind) ?? 0) + 1);
  };
  const people = options.editors.map((editor, i) => new SimulatedEditor(editor, i, options, measure, fail));
  // Open the connections over the first part of the warm-up, not all in one instant.
  const spread = Math.min(options.warmupS * 500, 5000);
  await Promise.all(
    people.map(async (person, i) => {
      await sleep((spread * i) / people.length);
      await person.start();
    }),
  );
  await sleep(Math.max(0, measure.to - performance.now()));
  const subscriptionsOpen = people.filter((person) => person.subscribed).length;
  await Promise.all(people.map((person) => person.stop()));

  const measuredS = (measure.to - measure.from) / 1000;
  const errors = Object.fromEntries(measure.errors);
  return {
    editors: people.length,
    measuredS,
    saves: summarize(measure.saves),
    savesPerSecond: measure.saves.length / measuredS,
    polls: summarize(measure.polls),
    liveUpdates: summarize(measure.live),
    errors,
    errorCount: Object.values(errors).reduce((sum, n) => sum + n, 0),
    subscriptionsOpen,
  };
}

class SimulatedEditor {
  subscribed = false;
  private version = 1;
  private saving = false;
  private edits = 0;
  private awaitingLive: { sentAt: number; version: number } | undefined;
  private client: Client | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly editor: BenchEditor;
  private readonly index: number;
  private readonly options: { baseUrl: string; wsUrl: string; saveEveryMs: number; pollEveryMs: number };
  private readonly measure: Measure;
  private readonly fail: (kind: string) => void;

  constructor(
    editor: BenchEditor,
    index: number,
    options: { baseUrl: string; wsUrl: string; saveEveryMs: number; pollEveryMs: number },
    measure: Measure,
    fail: (kind: string) => void,
  ) {
    this.editor = editor;
    this.index = index;
    this.options = options;
    this.measure = measure;
    this.fail = fail;
  }

  async start(): Promise<void> {
    this.client = createClient({
      url: this.options.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${this.editor.token}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => this.fail('websocket connect'),
    });
    this.client.subscribe(
      { query: LIVE, variables: { id: this.editor.recordId } },
      {
        next: (message) => {
          this.subscribed = true;
          const record = (message.data as { record?: { version: number } } | null | undefined)?.record;
          if (!record) return this.fail('subscription payload');
          const now = performance.now();
          if (this.awaitingLive && record.version >= this.awaitingLive.version) {
            if (this.awaitingLive.sentAt >= this.measure.from && now <= this.measure.to)
              this.measure.live.push(now - this.awaitingLive.sentAt);
            this.awaitingLive = undefined;
          }
          this.version = Math.max(this.version, record.version);
        },
        error: () => {
          this.subscribed = false;
          this.fail('subscription error');
        },
        complete: () => {
          this.subscribed = false;
        },
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
    every(this.options.saveEveryMs, () => this.save());
    every(this.options.pollEveryMs, () => this.poll());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.inFlight]);
    await this.client?.dispose();
  }

  private track(work: Promise<void>) {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async save(): Promise<void> {
    if (this.saving) return; // only the latest data is saved: the next tick sends it
    this.saving = true;
    this.edits++;
    const field = `q${this.edits % 6}_${(this.index + this.edits) % 8}`;
    const sentAt = performance.now();
    this.awaitingLive = { sentAt, version: this.version + 1 };
    try {
      const body = await this.post(SAVE, {
        input: {
          id: this.editor.recordId,
          baseVersion: this.version,
          answers: {
            [field]: `Answer ${this.edits} of editor ${this.index}: ${'words '.repeat(20)}`,
            currentStep: this.edits % 6,
          },
        },
      });
      const saved = (body?.data as { saveRecordAnswers?: { version: number } } | undefined)
        ?.saveRecordAnswers;
      if (!saved) return;
      const now = performance.now();
      if (sentAt >= this.measure.from && now <= this.measure.to) this.measure.saves.push(now - sentAt);
      this.version = Math.max(this.version, saved.version);
    } finally {
      this.saving = false;
    }
  }

  private async poll(): Promise<void> {
    const sentAt = performance.now();
    const body = await this.post(POLL, { id: this.editor.recordId });
    if (!body?.data) return;
    const now = performance.now();
    if (sentAt >= this.measure.from && now <= this.measure.to) this.measure.polls.push(now - sentAt);
  }

  private async post(query: string, variables: Record<string, unknown>) {
    try {
      const response = await fetch(`${this.options.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.editor.token}` },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(SAVE_TIMEOUT_MS),
      });
      const body = (await response.json()) as {
        data?: unknown;
        errors?: { extensions?: { code?: string } }[];
      };
      if (!response.ok || body.errors) {
        this.fail(`HTTP ${response.status} ${body.errors?.[0]?.extensions?.code ?? ''}`.trim());
        return undefined;
      }
      return body;
    } catch (error) {
      this.fail(error instanceof Error && error.name === 'TimeoutError' ? 'time-out (10 s)' : 'network');
      return undefined;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
