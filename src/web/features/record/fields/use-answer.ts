import { useCallback, useSyncExternalStore } from 'react';

/** Where a field reads its answer: the record's sync engine (RecordSync) or any store like it. */
export interface AnswerSource {
  getAnswer(key: string): unknown;
  subscribeKey(key: string, listener: () => void): () => void;
}

/**
 * One answer, re-rendering only when it changes (issue 15 §1: a keystroke costs one field, not a
 * pass over the whole form); with `select`, only when what it selects changes (issue 32: a decline
 * button does not re-render per key typed in its question).
 */
export function useAnswer<T = unknown>(
  source: AnswerSource,
  key: string,
  select: (answer: unknown) => T = (answer) => answer as T,
): T {
  const subscribe = useCallback((listener: () => void) => source.subscribeKey(key, listener), [source, key]);
  return useSyncExternalStore(subscribe, () => select(source.getAnswer(key)));
}
