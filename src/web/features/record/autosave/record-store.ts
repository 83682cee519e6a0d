import type { AnswerBuffer } from './answer-buffer.ts';
import type { SaveEngineRunner } from './save-engine-runner.ts';
import type { RecordSyncSnapshot } from './sync-types.ts';

/**
 * The thin store React reads the sync engine through (useSyncExternalStore; issue 15 §1): a
 * snapshot for the screen, listeners for the whole of it and for single answers. A keystroke
 * notifies only its field, and everything else only when the snapshot changed.
 */
export class RecordStore<S extends object> {
  private readonly build: () => S;
  private readonly answerOf: ((key: string) => unknown) | undefined;
  private snapshot: S | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly keyListeners = new Map<string, Set<() => void>>();
  /** Each listened answer as its fields were last told of it. */
  private readonly told = new Map<string, unknown>();

  /**
   * `build`: the snapshot as things are now; `answerOf`: one shown answer, so that a change of the
   * whole (a save starting or ending, a stored state taken) tells only the fields whose answer
   * changed. Issue 32: every save told all 500 fields twice, ≈ 10 ms of a burst's main thread.
   */
  constructor(build: () => S, answerOf?: (key: string) => unknown) {
    this.build = build;
    this.answerOf = answerOf;
  }

  getSnapshot = (): S => {
    this.snapshot ??= this.build();
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Called when the shown answer of `key` may have changed. */
  subscribeKey = (key: string, listener: () => void): (() => void) => {
    let listeners = this.keyListeners.get(key);
    if (!listeners) {
      listeners = new Set();
      this.keyListeners.set(key, listeners);
      // A listener reads the answer as it subscribes (React's store hook, the uncontrolled input).
      this.told.set(key, this.answerOf?.(key));
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size > 0) return;
      this.keyListeners.delete(key);
      this.told.delete(key);
    };
  };

  /** The next emit notifies every listener, whether the snapshot's values changed or not. */
  invalidate(): void {
    this.snapshot = null;
  }

  /**
   * Tells the screen. A change to some answers (`keys`) notifies their fields, else the fields
   * whose answer changed; the whole-screen listeners only when the snapshot changed.
   */
  emit(keys?: readonly string[]): void {
    const previous = this.snapshot;
    this.snapshot = null;
    const next = this.getSnapshot();
    for (const listeners of keys ? this.listenedOf(keys) : this.changedAnswers())
      for (const listener of [...listeners]) listener();
    if (previous && sameValues(previous, next)) {
      this.snapshot = previous;
      return;
    }
    for (const listener of this.listeners) listener();
  }

  /** The listened keys among `keys`, as told now. */
  private *listenedOf(keys: readonly string[]): Generator<Set<() => void>> {
    for (const key of keys) {
      const listeners = this.keyListeners.get(key);
      if (!listeners) continue;
      this.told.set(key, this.answerOf?.(key));
      yield listeners;
    }
  }

  /**
   * The listened keys whose answer is another value than their fields were told (every key when
   * the store cannot read answers). A value equal but not identical (an object read afresh from a
   * reply) counts as changed: the field then compares for itself.
   */
  private *changedAnswers(): Generator<Set<() => void>> {
    for (const [key, listeners] of [...this.keyListeners]) {
      if (this.answerOf) {
        const now = this.answerOf(key);
        if (Object.is(now, this.told.get(key))) continue;
        this.told.set(key, now);
      }
      yield listeners;
    }
  }
}

function sameValues<S extends object>(a: S, b: S): boolean {
  return (Object.keys(a) as (keyof S)[]).every((key) => a[key] === b[key]);
}

/** The screen's snapshot of the engine's parts as they are now. */
export function recordSnapshot(answers: AnswerBuffer, queue: SaveEngineRunner): RecordSyncSnapshot {
  return {
    structureVersion: answers.structureVersion,
    version: answers.server.version,
    updatedAt: answers.server.updatedAt,
    submitted: answers.server.submitted,
    saving: queue.saving,
    unsent: answers.unsent > 0,
    retrying: queue.retrying,
    serverFaulty: queue.serverFaulty,
    autosaveStopped: queue.stopped,
    signInNeeded: queue.signInNeeded,
    conflictsRevision: answers.conflictsRevision,
    conflicts: answers.conflictCount,
  };
}
