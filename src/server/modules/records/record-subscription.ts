import type { Result } from '../../kernel/result.ts';
import type { RecordModel } from './record-model.ts';
import {
  CLOSED,
  type SharedDelivery,
  type SharedRecordRead,
  type SharedRecordReads,
} from './shared-record-reads.ts';

/**
 * customer-app §7 call 10: the record now, then again after every change, each time as the
 * subscriber may see it now (`view` re-checks who the subscriber is and what the policy allows).
 * Issue 31 §6: the record is read once per change for all its subscribers on this server
 * (shared-record-reads.ts), not once per subscriber. A subscriber slower than the changes gets the
 * latest read only, so a burst of saves costs it one or two updates, not one per save. If the
 * subscriber may no longer see the record, the subscription ends with the error.
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
): AsyncIterableIterator<{ record: RecordModel }> {
  let pendingFirst: RecordModel | undefined = first;
  let lastVersion = first.version;
  let latest: SharedDelivery | undefined;
  let finished = false;
  let wake: (() => void) | undefined;
  // From giving an update until the next is asked for, its field resolvers may read: the server's
  // close waits for that (issue 31 §6.3).
  let giving: (() => void) | undefined;

  const stopListening = reads.subscribe(recordId, withAnswers, (delivery) => {
    latest = delivery;
    wake?.();
  });
  const finish = () => {
    giving?.();
    giving = undefined;
    if (!finished) onEnd();
    finished = true;
    stopListening();
    wake?.();
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
      let delivery: SharedDelivery | undefined;
      while (!delivery && !finished) {
        while (!latest && !finished) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
        }
        delivery = latest;
        latest = undefined;
        // A read that started before this subscriber's own first read may carry an older version:
        // never send the record back in time (the read after it brings the newer one).
        if (delivery?.ok && delivery.read.row && delivery.read.row.version < lastVersion)
          delivery = undefined;
      }
      if (finished || !delivery) return done();
      if (!delivery.ok) {
        finish();
        if (delivery.error === CLOSED) return done();
        throw readFailed();
      }
      let result: Result<RecordModel>;
      giving = reads.working();
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
      lastVersion = Math.max(lastVersion, result.value.version);
      return { done: false, value: { record: result.value } };
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
