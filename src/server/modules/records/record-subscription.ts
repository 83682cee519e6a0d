import type { Result } from '../../kernel/result.ts';
import type { RecordModel } from './record-model.ts';
import { CLOSED, type SharedRecordRead, type SharedRecordReads } from './shared-record-reads.ts';

/**
 * customer-app §7 call 10: the record now, then again after every change, each time as the
 * subscriber may see it now (`view` re-checks who the subscriber is and what the policy allows).
 * Issue 31 §6: the record is read once per change for all its subscribers on this server
 * (shared-record-reads.ts), not once per subscriber. Changes that arrive while an update is given
 * are folded into one more read, so a burst of saves costs the subscriber one or two updates, not
 * one per save. If the subscriber may no longer see the record, the subscription ends with the error.
 */
export function recordUpdates(
  reads: SharedRecordReads,
  recordId: string,
  withAnswers: boolean,
  first: RecordModel,
  view: (read: SharedRecordRead) => Promise<Result<RecordModel>>,
  toError: (result: Result<RecordModel>) => Error,
  /** The error a failed shared read ends the subscription with (it is logged once, where read). */
  readFailed: () => Error,
  /** Called once when the updates end, however they end. */
  onEnd: () => void = () => {},
  /**
   * Issue 39 §4: how long to wait before reading the next update (the subscriber's account has
   * been sent more than its share); changes meanwhile fold into that one read.
   */
  pauseMs: () => number = () => 0,
): AsyncIterableIterator<{ record: RecordModel }> {
  let pendingFirst: RecordModel | undefined = first;
  let lastVersion = first.version;
  let finished = false;
  // From giving an update until the next is asked for, its field resolvers may read: the server's
  // close waits for that (issue 31 §6.3).
  let giving: (() => void) | undefined;
  let wake: (() => void) | undefined;
  const subscription = reads.subscribe(recordId, withAnswers);

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const finish = () => {
    wake?.();
    giving?.();
    giving = undefined;
    if (!finished) onEnd();
    finished = true;
    subscription.stop();
  };
  const done = (): IteratorResult<{ record: RecordModel }> => ({ done: true, value: undefined });

  const iterator: AsyncIterableIterator<{ record: RecordModel }> = {
    async next() {
      giving?.();
      giving = undefined;
      if (finished || reads.closed) {
        finish();
        return done();
      }
      if (pendingFirst) {
        const record = pendingFirst;
        pendingFirst = undefined;
        giving = reads.working();
        return { done: false, value: { record } };
      }
      const delay = pauseMs();
      if (delay > 0) {
        await pause(delay);
        wake = undefined;
        if (finished || reads.closed) {
          finish();
          return done();
        }
      }
      for (;;) {
        const delivery = await subscription.next();
        if (finished || delivery === undefined || delivery === CLOSED) {
          finish();
          return done();
        }
        if (!delivery.ok) {
          finish();
          throw readFailed();
        }
        // Never send the record back in time (a read that started before this one's own first).
        if (delivery.read.row && delivery.read.row.version < lastVersion) continue;
        giving = reads.working();
        let result: Result<RecordModel>;
        try {
          result = await view(delivery.read);
        } catch (error) {
          finish();
          throw error;
        }
        if (!result.ok) {
          finish();
          throw toError(result);
        }
        // Issue 39 §3: its answerChanges are those written since the update this subscriber had.
        result.value.liveSince = lastVersion;
        lastVersion = Math.max(lastVersion, result.value.version);
        return { done: false, value: { record: result.value } };
      }
    },
    async return() {
      finish();
      return done();
    },
    async throw(error?: unknown) {
      finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return iterator;
}
