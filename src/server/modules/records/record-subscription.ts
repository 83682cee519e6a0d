import type { RecordChanges } from '../../kernel/record-changes.ts';
import type { Result } from '../../kernel/result.ts';
import type { RecordModel } from './record-model.ts';

/**
 * customer-app §7 call 10: the record now, then again after every change, each time read afresh as
 * the subscriber may see it (`load` re-checks who the subscriber is and what the policy allows).
 * Changes that arrive while a read runs are folded into one more read, so a burst of saves costs
 * the subscriber one or two reads, not one per save. If the subscriber may no longer see the
 * record, the subscription ends with the error.
 */
export function recordUpdates(
  changes: RecordChanges,
  recordId: string,
  first: RecordModel,
  load: () => Promise<Result<RecordModel>>,
  toError: (result: Result<RecordModel>) => Error,
  /** Called once when the updates end, however they end. */
  onEnd: () => void = () => {},
): AsyncIterableIterator<{ record: RecordModel }> {
  let pendingFirst: RecordModel | undefined = first;
  let changed = false;
  let finished = false;
  let wake: (() => void) | undefined;

  const stopListening = changes.subscribe(recordId, () => {
    changed = true;
    wake?.();
  });
  const finish = () => {
    if (!finished) onEnd();
    finished = true;
    stopListening();
    wake?.();
  };
  const done = (): IteratorResult<{ record: RecordModel }> => ({ done: true, value: undefined });

  const iterator: AsyncIterableIterator<{ record: RecordModel }> = {
    async next() {
      if (finished) return done();
      if (pendingFirst) {
        const record = pendingFirst;
        pendingFirst = undefined;
        return { done: false, value: { record } };
      }
      while (!changed && !finished) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
      if (finished) return done();
      changed = false;
      let result: Result<RecordModel>;
      try {
        result = await load();
      } catch (error) {
        finish();
        throw error;
      }
      if (!result.ok) {
        finish();
        throw toError(result);
      }
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
