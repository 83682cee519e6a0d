import {
  initialSaveEngineState,
  isServerFaulty,
  SAVE_TIMEOUT_MS,
  type SaveEngineEffect,
  type SaveEngineEvent,
  type SaveEngineState,
  saveEngine,
} from './save-engine.ts';
import { failureKind } from './save-failure.ts';
import type { KeptAnswers } from './sync-types.ts';

export type SaveOutcome = { ok: true; resend: boolean } | { ok: false; error: unknown };

/** What the runner does the effects with: the record's answers, its kept store, its screen. */
export interface SaveEngineHooks {
  /**
   * Starts one save with the answers as they are now (latest only), or returns null when nothing
   * is unsent. The save itself runs under `signal` (the time-out aborts it).
   */
  begin(): ((signal: AbortSignal) => Promise<SaveOutcome>) | null;
  /** The save started (the screen shows "saving"). */
  started(): void;
  /** The save on its way is over (also after dispose). */
  finished(): void;
  /** After `finished`, unless disposed: the state is updated, waiting callers not resumed yet. */
  ended(): void;
  /** Whether the record takes no saves at all (submitted). */
  closed(): boolean;
  /** What to keep in this browser now, and how (no answers: nothing kept any more). */
  readKept(): KeptAnswers;
  writeKept(kept: KeptAnswers): Promise<void>;
  /** customer-app §4: after a refusal, autosave is off for the session. */
  onStopped?(error: unknown): void;
  /** Issue 44 §7: a save was refused because the record was submitted elsewhere. */
  onSubmittedElsewhere?(): void;
  /** Issue 13 §8: the server failed several saves in a row; they are still retried. */
  onServerFaults?(error: unknown): void;
  random?: () => number;
}

interface Batch {
  promise: Promise<void>;
  resolve: () => void;
}

function newBatch(): Batch {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/**
 * The save engine's effect runner (decision 200): holds the reducer's state, feeds it events and
 * performs its effects: the timers, the save request with its 10 s time-out, the kept-answers
 * store writes, the promises of callers waiting for a save, and the hooks that tell the screen.
 */
export class SaveEngineRunner {
  private state: SaveEngineState = initialSaveEngineState;
  /** The save on its way. */
  inFlight: Promise<SaveOutcome> | null = null;
  private readonly hooks: SaveEngineHooks;
  private controller: AbortController | null = null;
  private nextBatch: Batch | null = null;
  /** The batch the save on its way carries. */
  private carried: Batch | null = null;
  private lastRun: Promise<SaveOutcome> | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private keptAll: Batch | null = null;

  constructor(hooks: SaveEngineHooks) {
    this.hooks = hooks;
  }

  /** A save is on its way. */
  get saving(): boolean {
    return this.inFlight !== null;
  }
  get stopped(): boolean {
    return this.state.stopped;
  }
  get signInNeeded(): boolean {
    return this.state.signInNeeded;
  }
  get serverFaulty(): boolean {
    return isServerFaulty(this.state);
  }
  /** Waiting to retry after a time-out or network failure. */
  get retrying(): boolean {
    return this.state.retryWaiting;
  }
  /** Callers are waiting for a save that has not started yet. */
  get waiting(): boolean {
    return this.state.waiting;
  }

  /** The person typed: a save goes after a short pause, unless a retry waits (it will carry them). */
  typed(): void {
    this.dispatch({ type: 'typed', at: Date.now() });
  }

  /** Saves now, or right after the save on its way; resolves when that save has ended. */
  flush(): Promise<void> {
    return this.dispatch({ type: 'flush', closed: this.hooks.closed() }) ?? Promise.resolve();
  }

  /** The network is back: a waiting retry goes now. */
  retryNow(): void {
    void this.dispatch({ type: 'went-online', closed: this.hooks.closed() });
  }

  /** No save goes until `resume` (issue 26 §3). True the first time. */
  pause(): boolean {
    const first = !this.state.paused;
    this.dispatch({ type: 'form-changed' });
    return first;
  }

  resume(): void {
    this.dispatch({ type: 'form-moved' });
  }

  /** Cancels the waiting debounce and retry (a submit, a submitted record). */
  halt(): void {
    this.dispatch({ type: 'halt' });
  }

  /** A save was acknowledged: the back-off and the fault count start over. */
  succeeded(): void {
    this.dispatch({ type: 'save-acknowledged' });
  }

  start(): void {
    this.dispatch({ type: 'start' });
  }

  dispose(): void {
    this.dispatch({ type: 'dispose' });
  }

  /** Keeps the answers as they are now in this browser (issue 26 §4: a crash 50 ms later loses nothing). */
  keep(): void {
    this.dispatch({ type: 'keep' });
  }

  /** Resolves once the answers being kept have been written. */
  written(): Promise<void> {
    return this.keptAll?.promise ?? Promise.resolve();
  }

  /**
   * Saves until nothing is unsent (`unsent` counts): several when the answers go in parts, and one
   * more when a conflict is answered (sent again from the newer version); at most three rounds
   * without progress. Throws the failure of a save; stops quietly when autosave has stopped.
   */
  async sendAll(unsent: () => number): Promise<void> {
    for (let idle = 0; idle < 3; ) {
      while (this.inFlight) await this.inFlight;
      if (this.state.stopped || this.state.endedElsewhere || unsent() === 0) break;
      const before = unsent();
      this.lastRun = null;
      this.dispatch({ type: 'send-now' });
      const outcome = await (this.lastRun ?? Promise.resolve<SaveOutcome>({ ok: true, resend: false }));
      if (!outcome.ok) throw outcome.error;
      idle = unsent() < before ? 0 : idle + 1;
    }
  }

  /** Feeds one event to the reducer and performs its effects; the batch a flush joined, if any. */
  private dispatch(event: SaveEngineEvent): Promise<void> | undefined {
    const { state, effects } = saveEngine(this.state, event);
    this.state = state;
    let joined: Promise<void> | undefined;
    for (const effect of effects) {
      if (effect.type === 'join-batch') {
        this.nextBatch ??= newBatch();
        joined = this.nextBatch.promise;
      } else this.perform(effect);
    }
    return joined;
  }

  private perform(effect: Exclude<SaveEngineEffect, { type: 'join-batch' }>): void {
    switch (effect.type) {
      case 'arm-debounce':
        this.debounceTimer = setTimeout(() => {
          this.debounceTimer = undefined;
          void this.dispatch({ type: 'debounce-due', at: Date.now(), closed: this.hooks.closed() });
        }, effect.ms);
        return;
      case 'cancel-debounce':
        clearTimeout(this.debounceTimer);
        this.debounceTimer = undefined;
        return;
      case 'arm-retry':
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.dispatch({ type: 'retry-due', closed: this.hooks.closed() });
        }, effect.ms);
        return;
      case 'cancel-retry':
        clearTimeout(this.retryTimer);
        this.retryTimer = undefined;
        return;
      case 'send':
        this.lastRun = this.send();
        return;
      case 'abort-send':
        this.controller?.abort();
        return;
      case 'release-batch':
        this.carried?.resolve();
        this.carried = null;
        this.dispatch({ type: 'batch-released' });
        return;
      case 'release-waiting':
        this.nextBatch?.resolve();
        this.nextBatch = null;
        return;
      case 'keep':
        void this.writeKept();
        return;
      case 'kept-all':
        this.keptAll?.resolve();
        this.keptAll = null;
        return;
      case 'notify':
        this.notify(effect.notice, effect.error);
        return;
    }
  }

  private notify(notice: Extract<SaveEngineEffect, { type: 'notify' }>['notice'], error: unknown): void {
    if (notice === 'save-started') this.hooks.started();
    else if (notice === 'save-returned') this.hooks.finished();
    else if (notice === 'save-ended') this.hooks.ended();
    else if (notice === 'autosave-stopped') this.hooks.onStopped?.(error);
    else if (notice === 'submitted-elsewhere') this.hooks.onSubmittedElsewhere?.();
    else this.hooks.onServerFaults?.(error);
  }

  /** Sends one save now, carrying the waiting batch; its end is an event. */
  private send(): Promise<SaveOutcome> {
    const batch = this.nextBatch;
    this.nextBatch = null;
    const send = this.hooks.begin();
    if (!send) {
      batch?.resolve();
      return Promise.resolve({ ok: true, resend: false });
    }
    this.carried = batch;
    const controller = new AbortController();
    this.controller = controller;
    const timeout = setTimeout(
      () => controller.abort(new DOMException('The save took longer than 10 s.', 'TimeoutError')),
      SAVE_TIMEOUT_MS,
    );
    const run = (async (): Promise<SaveOutcome> => {
      try {
        return await send(controller.signal);
      } catch (error) {
        return { ok: false, error: controller.signal.reason ?? error };
      } finally {
        clearTimeout(timeout);
      }
    })();
    this.inFlight = run;
    this.dispatch({ type: 'send-started' });
    return run.then((outcome) => {
      this.inFlight = null;
      this.controller = null;
      if (outcome.ok) this.dispatch({ type: 'save-answered', resend: outcome.resend });
      else {
        const random = (this.hooks.random ?? Math.random)();
        this.dispatch({
          type: 'save-failed',
          failure: failureKind(outcome.error),
          error: outcome.error,
          random,
        });
      }
      return outcome;
    });
  }

  private async writeKept(): Promise<void> {
    this.keptAll ??= newBatch();
    try {
      await this.hooks.writeKept(this.hooks.readKept());
    } catch (error) {
      // Never the answers themselves in a log (DESIGN §7).
      console.error('Keeping unsent answers in this browser failed:', (error as Error)?.name);
    }
    this.dispatch({ type: 'kept' });
  }
}
