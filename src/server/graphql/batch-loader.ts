type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Batches the lookups that resolvers of one list make (no N+1): every `load(key)` made while the
 * current resolvers run is answered by one `batch(keys)` call. Nothing is cached afterwards, so a
 * loader may live as long as a WebSocket connection without ever serving stale data.
 */
export function createBatchLoader<K, V>(
  batch: (keys: readonly K[]) => Promise<Map<K, V>>,
): (key: K) => Promise<V | undefined> {
  let pending: Map<K, Waiter<V>[]> | undefined;

  async function dispatch(waiting: Map<K, Waiter<V>[]>) {
    try {
      const values = await batch([...waiting.keys()]);
      for (const [key, waiters] of waiting) for (const waiter of waiters) waiter.resolve(values.get(key));
    } catch (error) {
      for (const waiters of waiting.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  function schedule(): Map<K, Waiter<V>[]> {
    const waiting = new Map<K, Waiter<V>[]>();
    // As DataLoader does: after the promise jobs already queued, so sibling fields join in.
    void Promise.resolve().then(() =>
      process.nextTick(() => {
        pending = undefined;
        void dispatch(waiting);
      }),
    );
    return waiting;
  }

  return (key) =>
    new Promise((resolve, reject) => {
      pending ??= schedule();
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
