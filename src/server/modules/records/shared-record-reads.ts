import {
  type Actor,
  RECORD_NOT_FOUND_MESSAGE,
  recordFieldVisibility,
  recordInScope,
  recordReadScope,
} from '#domain/permissions.ts';
import type { Database } from '../../db/database.ts';
import type { RecordChanges } from '../../kernel/record-changes.ts';
import { denial, ok, type Result } from '../../kernel/result.ts';
import type { AnswerRead, RecordModel } from './record-model.ts';
import * as reads from './record-read-repository.ts';
import { toRecordModel } from './record-service.ts';

/**
 * One read of a changed record for all of its subscribers on this server (issue 31 §6,
 * docs/decisions/019-shared-subscription-reads.md). The row is read once, whatever the scope, and
 * each subscriber then gets it only as the policy lets them see it (`recordSeenBy`: the read scope
 * and the field visibility of that viewer, decided in memory). `lookups` holds what the
 * subscribers' field resolvers fetch about the record (owner, organization, type, report
 * generations …) for this change only, so those are fetched once too; what each viewer may see of
 * them is still decided per viewer by the resolvers.
 */
export interface SharedRecordRead {
  /** The record as stored after the change; undefined when it is gone. */
  row: reads.RecordRow | undefined;
  /** Fetches made for this change's subscribers, by the fetch's name and key. */
  lookups: Map<string, Promise<unknown>>;
  /** The record without a viewer's visibility, made once (answers parsed once). */
  base?: RecordModel;
}

/** What a subscription hears when the server closes (not an error to report). */
export const CLOSED = Symbol('the server is closing');

export type SharedDelivery = { ok: true; read: SharedRecordRead } | { ok: false; error: unknown };

export interface SharedRecordReads {
  /**
   * Calls `listener` with the record read after every change (a burst of changes folded into one
   * more read); `withAnswers`: the subscriber selected answers or form. Returns the stop function.
   */
  subscribe(recordId: string, withAnswers: boolean, listener: (delivery: SharedDelivery) => void): () => void;
  /**
   * A subscriber's update is being given (its field resolvers may still read): `close` waits for
   * it. Call the returned function when it is done.
   */
  working(): () => void;
  /** True once `close` was called: subscriptions end instead of waiting for more. */
  readonly closed: boolean;
  /**
   * Issue 31 §6.3: no read starts any more, every subscription ends, and this resolves once the
   * reads and updates in flight are done (or after `drainMs`), so the pool can end after it.
   */
  close(drainMs?: number): Promise<void>;
}

interface Entry {
  listeners: Set<(delivery: SharedDelivery) => void>;
  stopListening: () => void;
  running: boolean;
  again: boolean;
}

/** A live update's answers: each event has a budget of its own (response-budget.ts), so all of them. */
export function createSharedRecordReads(
  database: Database,
  changes: RecordChanges,
  answers: AnswerRead,
  log: { error(details: object, message: string): void },
): SharedRecordReads {
  const entries = new Map<string, Entry>();
  const inFlight = new Set<Promise<void>>();
  let working = 0;
  let idle: (() => void) | undefined;
  let closed = false;

  const read = async (recordId: string, withAnswers: boolean, entry: Entry) => {
    entry.running = true;
    try {
      do {
        entry.again = false;
        let delivery: SharedDelivery;
        try {
          const row = await reads.findRecord(database, recordId, { all: true }, withAnswers ? answers : null);
          delivery = { ok: true, read: { row, lookups: new Map() } };
        } catch (error) {
          if (!closed) log.error({ err: error }, 'reading a changed record for its subscribers failed');
          delivery = { ok: false, error };
        }
        if (closed) return;
        for (const listener of [...entry.listeners]) listener(delivery);
      } while (entry.again && !closed && entry.listeners.size > 0);
    } finally {
      entry.running = false;
    }
  };

  const changed = (key: string, recordId: string, withAnswers: boolean) => {
    const entry = entries.get(key);
    if (!entry || closed) return;
    // A change while the read runs: one more read after it, however many changes came meanwhile.
    if (entry.running) {
      entry.again = true;
      return;
    }
    const work = read(recordId, withAnswers, entry);
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  return {
    subscribe(recordId, withAnswers, listener) {
      const key = `${withAnswers ? 'answers' : 'lean'}:${recordId}`;
      let entry = entries.get(key);
      if (!entry) {
        const created: Entry = {
          listeners: new Set(),
          stopListening: () => {},
          running: false,
          again: false,
        };
        created.stopListening = changes.subscribe(recordId, () => changed(key, recordId, withAnswers));
        entries.set(key, created);
        entry = created;
      }
      const own = entry;
      own.listeners.add(listener);
      return () => {
        own.listeners.delete(listener);
        if (own.listeners.size === 0 && entries.get(key) === own) {
          own.stopListening();
          entries.delete(key);
        }
      };
    },
    working() {
      working++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        working--;
        if (working === 0) idle?.();
      };
    },
    get closed() {
      return closed;
    },
    async close(drainMs = 5000) {
      closed = true;
      // Every subscription hears it and ends (recordUpdates treats a closed source as the end).
      for (const entry of entries.values())
        for (const listener of [...entry.listeners]) listener({ ok: false, error: CLOSED });
      let timer: NodeJS.Timeout | undefined;
      const drained = (async () => {
        await Promise.allSettled([...inFlight]);
        if (working > 0) await new Promise<void>((resolve) => (idle = resolve));
      })();
      await Promise.race([drained, new Promise<void>((resolve) => (timer = setTimeout(resolve, drainMs)))]);
      clearTimeout(timer);
    },
  };
}

/**
 * The shared read as one viewer may see it: the same decisions `getRecord` makes in SQL and in
 * `toRecordModel`, made in memory (recordInScope is recordReadScope's SQL filter, table-tested in
 * src/domain). Every viewer gets its own object, with its own `visible`.
 */
export function recordSeenBy(shared: SharedRecordRead, actor: Actor | null): Result<RecordModel> {
  if (!actor) return denial('unauthenticated');
  const row = shared.row;
  if (!row) return denial('not-found', { notFound: RECORD_NOT_FOUND_MESSAGE });
  shared.base ??= toRecordModel(row, actor);
  const base = shared.base;
  if (!recordInScope(recordReadScope(actor), base))
    return denial('not-found', { notFound: RECORD_NOT_FOUND_MESSAGE });
  return ok({ ...base, visible: recordFieldVisibility(actor, base), lookups: shared.lookups });
}
