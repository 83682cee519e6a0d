import {
  isEndedSignIn,
  isPassingSaveFailure,
  isServerFault,
  isSignInEndedElsewhere,
  retryDelayMs,
  SERVER_FAULTS_BEFORE_NOTICE,
} from './save-failure.ts';

// customer-app §9: the save request time-out.
export const SAVE_TIMEOUT_MS = 10_000;
/** Keystrokes closer together than this travel in one save (decision 061). */
export const SAVE_DEBOUNCE_MS = 400;

export type SaveOutcome = { ok: true; resend: boolean } | { ok: false; error: unknown };

export interface SendQueueHooks {
  /**
   * Starts one save with the answers as they are now (latest only), or returns null when nothing
   * is unsent. The save itself runs under `signal` (the time-out aborts it).
   */
  begin(): ((signal: AbortSignal) => Promise<SaveOutcome>) | null;
  /** The save started (the screen shows "saving"). */
  started(): void;
  /** The save on its way is over (also after dispose). */
  finished(): void;
  /** After `finished`, unless disposed: the queue's state is updated, waiting callers not resumed yet. */
  ended(): void;
  /** Whether the record takes no saves at all (submitted). */
  closed(): boolean;
  /** customer-app §4: after a refusal, autosave is off for the session. */
  onStopped?(error: unknown): void;
  /** Issue 13 §8: the server failed several saves in a row; they are still retried. */
  onServerFaults?(error: unknown): void;
  random?: () => number;
}

/**
 * customer-app §4 Save queue (decision 061): one save at a time; each takes the unsent answers as
 * they are when it starts, and callers that ask while one runs are resolved together by the next.
 * A save gets 10 s; a time-out or network failure is retried with back-off, any other failure
 * stops autosave for the session. Typing waits SAVE_DEBOUNCE_MS before a save goes.
 */
export class SendQueue {
  /** The save on its way. */
  inFlight: Promise<SaveOutcome> | null = null;
  /** Autosave is off for the session (a refusal). */
  stopped = false;
  serverFaults = 0;
  /** The server refused the sign-in on the last save (issue 26 §1). */
  signInNeeded = false;
  /** Issue 38 §5: it was ended elsewhere: nothing is sent (or retried) until a new sign-in. */
  private endedElsewhere = false;
  /** Issue 26 §3: saves wait until the answers are moved to the record's new form. */
  private paused = false;
  private disposed = false;
  private readonly hooks: SendQueueHooks;
  private controller: AbortController | null = null;
  private nextBatch: { promise: Promise<void>; resolve: () => void } | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private lastTypedAt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;

  constructor(hooks: SendQueueHooks) {
    this.hooks = hooks;
  }

  /** Waiting to retry after a time-out or network failure. */
  get retrying(): boolean {
    return this.retryTimer !== undefined;
  }

  /** Callers are waiting for a save that has not started yet. */
  get waiting(): boolean {
    return this.nextBatch !== null;
  }

  get serverFaulty(): boolean {
    return this.serverFaults >= SERVER_FAULTS_BEFORE_NOTICE;
  }

  /** The person typed: a save goes after a short pause, unless a retry waits (it will carry them). */
  typed(): void {
    // While a retry waits, it will carry these answers; typing does not hammer a server that is down.
    if (this.stopped || this.endedElsewhere || this.retryTimer !== undefined) {
      this.clearDebounce();
      return;
    }
    // Issue 32: a key only notes its time; the one timer waits on until the pause is whole, so a
    // burst of keys does not cancel and set a timer each (a cost on every keystroke's path).
    this.lastTypedAt = Date.now();
    if (this.debounceTimer === undefined) this.armDebounce(SAVE_DEBOUNCE_MS);
  }

  private armDebounce(ms: number): void {
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined;
      const left = this.lastTypedAt + SAVE_DEBOUNCE_MS - Date.now();
      if (left > 0) this.armDebounce(left);
      else void this.flush();
    }, ms);
  }

  private clearDebounce(): void {
    clearTimeout(this.debounceTimer);
    this.debounceTimer = undefined;
  }

  /**
   * Saves now, or right after the save on its way; resolves when that save has ended, together
   * with every caller that joined the same batch.
   */
  flush(): Promise<void> {
    this.clearDebounce();
    if (this.stopped || this.endedElsewhere || this.disposed || this.hooks.closed()) return Promise.resolve();
    const { promise } = this.joinNextBatch();
    // Issue 26 §3: the batch goes once the answers are moved to the new form (resume).
    if (!this.inFlight && !this.paused) {
      this.cancelRetry();
      void this.run();
    }
    return promise;
  }

  /** The network is back: a waiting retry goes now. */
  retryNow(): void {
    if (this.retryTimer !== undefined) void this.flush();
  }

  /** No save goes until `resume` (issue 26 §3). True the first time. */
  pause(): boolean {
    const first = !this.paused;
    this.paused = true;
    this.halt();
    return first;
  }

  resume(): void {
    this.paused = false;
  }

  /** Cancels the waiting debounce and retry (a submit, a submitted record). */
  halt(): void {
    this.clearDebounce();
    this.cancelRetry();
  }

  /** A save was acknowledged: the back-off and the fault count start over. */
  succeeded(): void {
    this.attempt = 0;
    this.serverFaults = 0;
    this.signInNeeded = false;
  }

  start(): void {
    this.disposed = false;
  }

  dispose(): void {
    this.disposed = true;
    this.halt();
    this.controller?.abort();
  }

  /** Sends one save now. */
  private async run(): Promise<SaveOutcome> {
    const batch = this.nextBatch;
    this.nextBatch = null;
    const send = this.hooks.begin();
    if (!send) {
      batch?.resolve();
      return { ok: true, resend: false };
    }
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
    this.hooks.started();
    const outcome = await run;
    this.inFlight = null;
    this.controller = null;
    this.hooks.finished();
    if (this.disposed) return outcome;
    if (!outcome.ok) this.fail(outcome.error);
    else if (outcome.resend) this.joinNextBatch();
    this.hooks.ended();
    batch?.resolve();
    if (
      this.nextBatch &&
      !this.stopped &&
      !this.endedElsewhere &&
      this.retryTimer === undefined &&
      !this.paused
    )
      void this.run();
    return outcome;
  }

  /**
   * Saves until nothing is unsent (`unsent` counts): several when the answers go in parts, and one
   * more when a conflict is answered (sent again from the newer version); at most three rounds
   * without progress. Throws the failure of a save; stops quietly when autosave has stopped.
   */
  async sendAll(unsent: () => number): Promise<void> {
    for (let idle = 0; idle < 3; ) {
      while (this.inFlight) await this.inFlight;
      if (this.stopped || this.endedElsewhere || unsent() === 0) break;
      const before = unsent();
      const outcome = await this.run();
      if (!outcome.ok) throw outcome.error;
      idle = unsent() < before ? 0 : idle + 1;
    }
  }

  private joinNextBatch(): { promise: Promise<void>; resolve: () => void } {
    if (!this.nextBatch) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      this.nextBatch = { promise, resolve };
    }
    return this.nextBatch;
  }

  private fail(error: unknown): void {
    if (isEndedSignIn(error)) this.signInNeeded = true;
    if (isSignInEndedElsewhere(error)) {
      this.endedElsewhere = true;
      this.nextBatch?.resolve();
      this.nextBatch = null;
      return;
    }
    if (isPassingSaveFailure(error)) {
      if (isServerFault(error)) {
        this.serverFaults += 1;
        if (this.serverFaults === SERVER_FAULTS_BEFORE_NOTICE) this.hooks.onServerFaults?.(error);
      }
      this.scheduleRetry();
      return;
    }
    this.stopped = true;
    this.nextBatch?.resolve();
    this.nextBatch = null;
    this.hooks.onStopped?.(error);
  }

  private scheduleRetry(): void {
    this.attempt += 1;
    this.cancelRetry();
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        void this.flush();
      },
      retryDelayMs(this.attempt, this.hooks.random),
    );
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }
}
