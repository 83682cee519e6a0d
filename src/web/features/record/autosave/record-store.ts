import type { AnswerBuffer } from './answer-buffer.ts';
import type { SendQueue } from './send-queue.ts';
import type { RecordSyncSnapshot } from './sync-types.ts';

/**
 * The thin store React reads the sync engine through (useSyncExternalStore; issue 15 §1): a
 * snapshot for the screen, listeners for the whole of it and for single answers. A keystroke
 * notifies only its field, and everything else only when the snapshot changed.
 */
export class RecordStore<S extends object> {
  private readonly build: () => S;
  private snapshot: S | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly keyListeners = new Map<string, Set<() => void>>();

  /** `build`: the snapshot as things are now. */
  constructor(build: () => S) {
    this.build = build;
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
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.keyListeners.delete(key);
    };
  };

  /** The next emit notifies every listener, whether the snapshot's values changed or not. */
  invalidate(): void {
    this.snapshot = null;
  }

  /**
   * Tells the screen. A change to some answers (`keys`) notifies their fields, else every field;
   * the whole-screen listeners only when the snapshot changed.
   */
  emit(keys?: readonly string[]): void {
    const previous = this.snapshot;
    this.snapshot = null;
    const next = this.getSnapshot();
    if (keys) {
      for (const key of keys) for (const listener of this.keyListeners.get(key) ?? []) listener();
    } else {
      for (const listeners of [...this.keyListeners.values()]) for (const listener of listeners) listener();
    }
    if (previous && sameValues(previous, next)) {
      this.snapshot = previous;
      return;
    }
    for (const listener of this.listeners) listener();
  }
}

function sameValues<S extends object>(a: S, b: S): boolean {
  return (Object.keys(a) as (keyof S)[]).every((key) => a[key] === b[key]);
}

/** The screen's snapshot of the engine's parts as they are now. */
export function recordSnapshot(answers: AnswerBuffer, queue: SendQueue): RecordSyncSnapshot {
  return {
    structureVersion: answers.structureVersion,
    version: answers.server.version,
    updatedAt: answers.server.updatedAt,
    submitted: answers.server.submitted,
    saving: queue.inFlight !== null,
    unsent: answers.unsent > 0,
    retrying: queue.retrying,
    serverFaulty: queue.serverFaulty,
    autosaveStopped: queue.stopped,
    signInNeeded: queue.signInNeeded,
    conflictsRevision: answers.conflictsRevision,
    conflicts: answers.conflictCount,
  };
}
