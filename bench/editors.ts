import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { classifyFailure, FailureCounts } from './failure-kinds.ts';
import { RecordLiveUpdates } from './live-updates.ts';
import type { BenchEditor } from './seed-editors.ts';
import { SimulatedEditor } from './simulated-editor.ts';
import { type Summary, summarize } from './stats.ts';

export interface EditorsResult {
  editors: number;
  /** Editors per record: 2 (the same person on two devices) or 1. */
  perRecord: number;
  servers: number;
  measuredS: number;
  saves: Summary;
  savesPerSecond: number;
  polls: Summary;
  /** From sending a save to another subscriber of the record receiving it (live-updates.ts). */
  liveUpdates: Summary;
  /** Failures by "channel: kind", from the first connection to the end of the measured window. */
  errors: Record<string, number>;
  errorCount: number;
  subscriptionsOpen: number;
  /** Editors whose subscription never delivered its first message (counted in `errors` too). */
  subscriptionsNeverOpened: number;
  /** The load generator's own event-loop delay p99: when large, the client, not the server, lags. */
  clientLagP99Ms: number;
  /** Seconds the client took to start every editor (more than the warm-up: it could not keep up). */
  openingS: number;
}

export interface EditorsOptions {
  /** The server processes; editor i uses endpoint i mod their count. */
  endpoints: { baseUrl: string; wsUrl: string }[];
  /** The seeded records (with their owner's token); `count` editors share them `perRecord` apiece. */
  records: BenchEditor[];
  count: number;
  perRecord: number;
  durationS: number;
  warmupS: number;
  saveEveryMs: number;
  pollEveryMs: number;
}

/**
 * Simulated people at work (SimulatedEditor). Two editors share each record (the same person on
 * two devices), placed on different servers when there are several, so every save's live update
 * crosses to another subscriber — across servers in the scale-out runs (issue 31 §4, §5). Only
 * saves and polls sent inside the measured window count, however late answered; the warm-up lets
 * connections open and the JIT settle. Failures count from the first connection on.
 */
export async function runEditors(options: EditorsOptions): Promise<EditorsResult> {
  const perRecord = Math.max(1, options.perRecord);
  const recordsNeeded = Math.ceil(options.count / perRecord);
  if (options.records.length < recordsNeeded)
    throw new Error(
      `${options.count} editors need ${recordsNeeded} records; ${options.records.length} seeded`,
    );
  const start = performance.now();
  const from = start + options.warmupS * 1000;
  const to = from + options.durationS * 1000;
  const measuring = (at: number) => at >= from && at <= to;
  const failures = new FailureCounts();
  // A request's failure counts when it was sent by the window's end, whenever it comes (stop()
  // waits for requests in flight); a connection's when it happens by then.
  const fail = (channel: string, kind: string, sentAt = performance.now()) => {
    if (sentAt <= to) failures.add(channel, kind);
  };
  const saves: number[] = [];
  const polls: number[] = [];
  const live: number[] = [];
  const lag = monitorEventLoopDelay({ resolution: 10 });
  // This run's own connections (http-post.ts), as a browser keeps its own.
  const agent = new http.Agent({ keepAlive: true });

  const trackers = Array.from(
    { length: recordsNeeded },
    () =>
      new RecordLiveUpdates(perRecord, (latency, sentAt) => {
        if (measuring(sentAt)) live.push(latency);
      }),
  );
  const people = Array.from({ length: options.count }, (_, i) => {
    const recordIndex = Math.floor(i / perRecord);
    const side = i % perRecord;
    const record = options.records[recordIndex] as BenchEditor;
    const tracker = trackers[recordIndex] as RecordLiveUpdates;
    const endpoint = options.endpoints[i % options.endpoints.length];
    if (!endpoint) throw new Error('no server to drive');
    return new SimulatedEditor(
      record,
      i,
      side,
      endpoint,
      options,
      {
        measuring,
        fail,
        // Every save sent inside the window, however late its answer: leaving the slow ones out
        // would flatter the tail.
        saved: (latency, sentAt) => {
          if (measuring(sentAt)) saves.push(latency);
        },
        polled: (latency) => polls.push(latency),
        answered: (version, sentAt) => tracker.answered(side, version, sentAt),
        delivered: (version, at) => tracker.delivered(side, version, at),
      },
      agent,
    );
  });

  // A failure nobody caught must not end the run (issue 31 §1): counted, the first one shown.
  let shown = false;
  const unhandled = (error: unknown) => {
    failures.add('unhandled', classifyFailure(error));
    if (!shown) console.error('bench: an unhandled failure, counted and ignored:', error);
    shown = true;
  };
  process.on('uncaughtException', unhandled);
  process.on('unhandledRejection', unhandled);
  try {
    // Open the connections over the first part of the warm-up, not all in one instant.
    const spread = Math.min(options.warmupS * 500, 5000);
    for (const [i, person] of people.entries()) {
      const wait = start + (spread * i) / people.length - performance.now();
      if (wait > 0) await sleep(wait);
      person.start();
    }
    const openingS = (performance.now() - start) / 1000;
    if (openingS > options.warmupS)
      console.warn(
        `bench: starting ${people.length} editors took ${openingS.toFixed(1)} s, more than the ${options.warmupS} s warm-up: the client could not keep up`,
      );
    await sleep(Math.max(0, from - performance.now()));
    lag.enable();
    await sleep(Math.max(0, to - performance.now()));
    lag.disable();
    const subscriptionsOpen = people.filter((person) => person.opened).length;
    const neverOpened = people.length - subscriptionsOpen;
    if (neverOpened > 0) failures.add('subscription', 'never opened', neverOpened);
    const undelivered = trackers.reduce((sum, tracker) => sum + tracker.undelivered(to, 10_000), 0);
    if (undelivered > 0) failures.add('live update', 'not delivered within 10 s', undelivered);
    await Promise.all(people.map((person) => person.stop()));

    const measuredS = (to - from) / 1000;
    return {
      editors: people.length,
      perRecord,
      servers: options.endpoints.length,
      measuredS,
      saves: summarize(saves),
      savesPerSecond: saves.length / measuredS,
      polls: summarize(polls),
      liveUpdates: summarize(live),
      errors: failures.toRecord(),
      errorCount: failures.total,
      subscriptionsOpen,
      subscriptionsNeverOpened: neverOpened,
      clientLagP99Ms: lag.count > 0 ? lag.percentile(99) / 1e6 : Number.NaN,
      openingS,
    };
  } finally {
    agent.destroy();
    process.off('uncaughtException', unhandled);
    process.off('unhandledRejection', unhandled);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
