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
import { openedAnswersOf } from './opened-answers-cache.ts';
import type { AnswerRead, RecordModel } from './record-model.ts';
import * as reads from './record-read-repository.ts';
import { toRecordModel } from './record-service.ts';
import { type ReadHistory, reusedLookups, rowOfOwnSave } from './shared-read-reuse.ts';

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
  row: reads.RecordRead | undefined;
  /** Fetches made for this change's subscribers, by the fetch's name and key. */
  lookups: Map<string, Promise<unknown>>;
  /** The record without a viewer's visibility, made once (answers parsed once). */
  base?: RecordModel;
}

/** What a subscription hears when the server closes (not an error to report). */
export const CLOSED = Symbol('the server is closing');

export type SharedDelivery = { ok: true; read: SharedRecordRead } | { ok: false; error: unknown };

/** One subscriber's place among the readers of a record. */
export interface SharedSubscription {
  /**
   * The record read after the changes this subscriber has not had yet: waits for a change, then
   * for a read that started after it (shared with every subscriber waiting then). CLOSED once the
   * server closes, undefined once stopped.
   */
  next(): Promise<SharedDelivery | typeof CLOSED | undefined>;
  stop(): void;
}

export interface SharedRecordReads {
  /** `withAnswers`: the subscriber selected answers or form. Changes from now on count for it. */
  subscribe(recordId: string, withAnswers: boolean): SharedSubscription;
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

interface Entry extends ReadHistory {
  subscribers: number;
  /** Changes heard so far. */
  changes: number;
  /** The latest read, and how many changes had been heard when it started. */
  last: { changes: number; delivery: SharedDelivery } | undefined;
  running: boolean;
  /** Subscribers waiting for a change or a read. */
  waiting: Set<() => void>;
  stopListening: () => void;
}

/**
 * Reads are made on demand: only while a subscriber waits for one, so a subscriber that is still
 * sending the previous update folds every change meanwhile into the one read it asks for next, and
 * a server behind its work reads no more than its subscribers take (reading on every change made a
 * saturated PostgreSQL server slower). A live update's answers: each event has a budget of its own
 * (response-budget.ts), so all of them.
 */
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

  const wakeAll = (entry: Entry) => {
    const waiting = [...entry.waiting];
    entry.waiting.clear();
    for (const wake of waiting) wake();
  };

  const read = (recordId: string, withAnswers: boolean, entry: Entry) => {
    if (entry.running || closed) return;
    entry.running = true;
    const started = entry.changes;
    const work = (async () => {
      let delivery: SharedDelivery;
      try {
        // With the answers, their versions (issue 39 §3), opened once here for every subscriber.
        const built =
          answers && withAnswers
            ? rowOfOwnSave(entry, started, openedAnswersOf(database.vault).get(recordId), answers.maxBytes)
            : undefined;
        if (!built) entry.readFromDatabaseAt = Date.now();
        const row: reads.RecordRead | undefined =
          built ??
          (answers && withAnswers
            ? await reads.findLiveRecord(database, recordId, answers.maxBytes)
            : await reads.findRecord(database, recordId, { all: true }, null));
        const lookups = reusedLookups(entry, Date.now(), row);
        // The live read carries the invited name (a column of the row): no fetch of its own.
        if (row?.invited_name !== undefined) lookups.set('invitedName', Promise.resolve(row.invited_name));
        delivery = { ok: true, read: { row, lookups } };
      } catch (error) {
        if (!closed) log.error({ err: error }, 'reading a changed record for its subscribers failed');
        delivery = { ok: false, error };
      }
      entry.last = { changes: started, delivery };
      entry.running = false;
      wakeAll(entry);
    })();
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  return {
    subscribe(recordId, withAnswers) {
      const key = `${withAnswers ? 'answers' : 'lean'}:${recordId}`;
      let entry = entries.get(key);
      if (!entry) {
        const created: Entry = {
          catalogSince: 0,
          readFromDatabaseAt: 0,
          subscribers: 0,
          changes: 0,
          last: undefined,
          running: false,
          waiting: new Set(),
          stopListening: () => {},
        };
        created.stopListening = changes.subscribe(recordId, () => {
          created.changes++;
          wakeAll(created);
        });
        entries.set(key, created);
        entry = created;
      }
      const own = entry;
      own.subscribers++;
      // Its first record was its own read: only changes from now on are news to it.
      let seen = own.changes;
      let stopped = false;
      let wakeMe: (() => void) | undefined;
      return {
        async next() {
          for (;;) {
            if (stopped) return undefined;
            if (closed) return CLOSED;
            if (own.changes > seen) {
              const last = own.last;
              // A read that started after the changes not yet had covers them: take it.
              if (last && last.changes > seen) {
                seen = last.changes;
                return last.delivery;
              }
              read(recordId, withAnswers, own);
              // A save made here is given without a statement (decision 214): already read.
              if (own.last && own.last.changes > seen) continue;
            }
            await new Promise<void>((resolve) => {
              wakeMe = resolve;
              own.waiting.add(resolve);
            });
            wakeMe = undefined;
          }
        },
        stop() {
          if (stopped) return;
          stopped = true;
          if (wakeMe) {
            own.waiting.delete(wakeMe);
            wakeMe();
          }
          own.subscribers--;
          if (own.subscribers === 0 && entries.get(key) === own) {
            own.stopListening();
            entries.delete(key);
          }
        },
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
      // Every subscription waiting hears it and ends (recordUpdates treats CLOSED as the end).
      for (const entry of entries.values()) wakeAll(entry);
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
  shared.base ??= {
    ...toRecordModel(row, actor),
    // Issue 39 §3: what each subscriber's answerChanges picks its answers by.
    ...(row.answer_versions !== undefined && row.form_changed_version !== undefined
      ? {
          answerVersions: row.answer_versions as Record<string, number>,
          formChangedVersion: row.form_changed_version,
        }
      : {}),
  };
  const base = shared.base;
  if (!recordInScope(recordReadScope(actor), base))
    return denial('not-found', { notFound: RECORD_NOT_FOUND_MESSAGE });
  return ok({ ...base, visible: recordFieldVisibility(actor, base), lookups: shared.lookups });
}
