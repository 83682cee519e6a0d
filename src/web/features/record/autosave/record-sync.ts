import { AnswerBuffer } from './answer-buffer.ts';
import type { AnswerKeyMover } from './answer-key-moves.ts';
import { structureChanged } from './answer-merge.ts';
import { KeptWriter } from './kept-store.ts';
import { type SaveOutcome, SendQueue } from './send-queue.ts';
import type {
  Answers,
  KeptAnswers,
  KeptConflict,
  SaveInput,
  SaveResult,
  ServerRecordState,
  StructureCheck,
} from './sync-types.ts';

// The engine's public face: what its callers and tests import from here.
export { MAX_SAVE_BYTES } from './save-body.ts';
export { SAVE_DEBOUNCE_MS, SAVE_TIMEOUT_MS } from './send-queue.ts';
export type {
  Answers,
  KeptAnswers,
  KeptConflict,
  SaveInput,
  SaveResult,
  ServerRecordState,
} from './sync-types.ts';

/** customer-app §4 "Complete & Send" waits until the person has chosen between kept and newer answers. */
export const CHOOSE_KEPT_ANSWERS_FIRST =
  'Some answers kept on this device were changed since on another device. Choose which to keep, then send.';

export interface RecordSyncDeps {
  initial: ServerRecordState;
  /** Answers typed on an earlier visit and never acknowledged (kept in this browser). */
  restored?: KeptAnswers;
  save(input: SaveInput, signal: AbortSignal): Promise<SaveResult>;
  /** Keeps the unsent answers until the server acknowledges them; no answers means nothing to keep. */
  persist(kept: KeptAnswers): Promise<void>;
  /**
   * Answers that follow from the others (the computed age, the `flattened` map, unticked
   * checkboxes saved as false when submitting), sent along with a save; only those that differ
   * from the stored data go.
   */
  derive?(view: Answers, reason: 'save' | 'submit'): Answers;
  /** customer-app §4: after a refusal, autosave is off for the session (the warning toast). */
  onAutosaveStopped?(error: unknown): void;
  /** Issue 13 §8: the server failed several saves in a row; they are still retried and kept. */
  onServerFaults?(error: unknown): void;
  /**
   * Issue 26 §3: the record moved to another form (a save's answer or a live update said so). No
   * save goes until `changeForm` has moved the unsent answers to the new form's keys.
   */
  onFormChanged?(): void;
  /**
   * Whether changing an answer can change more than its own field (visibility, progress, check
   * marks; src/domain/answer-structure.ts). Without it, every change counts.
   */
  changesStructure?: StructureCheck;
  random?: () => number;
  now?: () => number;
}

export interface RecordSyncSnapshot {
  /**
   * Grows whenever the shown answers change in a way that can change more than their own fields
   * (issue 15 §1): what depends on all answers is recomputed on it, not on every keystroke. One
   * answer is read with getAnswer/subscribeKey; all of them with view().
   */
  structureVersion: number;
  version: number;
  updatedAt: string;
  submitted: boolean;
  /** A save is on its way. */
  saving: boolean;
  /** Some answer is not acknowledged by the server yet. */
  unsent: boolean;
  /** Waiting to retry after a time-out or network failure. */
  retrying: boolean;
  /** The server itself failed the last saves (several in a row); they are retried and kept. */
  serverFaulty: boolean;
  autosaveStopped: boolean;
  /**
   * The server refused the sign-in (401: it ended on another device, or expired) (issue 26 §1):
   * the answers stay kept; they go once the person signs in again (saves are still tried now and then).
   */
  signInNeeded: boolean;
  /** Kept answers waiting for the person's choice (keptConflicts()); grows whenever they change. */
  conflictsRevision: number;
  conflicts: number;
}

/**
 * The record's answers between the screen and the server (customer-app §4 Save queue and Editing
 * flag; DESIGN §7; decision 061). Saves are queued: one at a time, each sends every answer changed
 * since the last acknowledged state with the version it was typed against, and callers waiting while
 * one runs are resolved together by the next. Unsent answers stay shown and are kept (encrypted, by
 * `persist`) until acknowledged; a stored answer never replaces one that is unsent. Time-outs and
 * network failures retry with back-off; any other failure stops autosave for the session.
 */
export class RecordSync {
  private readonly deps: RecordSyncDeps;
  /** The answers as typed, sent and acknowledged, over the stored state. */
  private readonly answers: AnswerBuffer;
  /** One save at a time, latest answers only, with time-out and retry. */
  private readonly queue: SendQueue;
  private editing = false;
  private deferredRemote: ServerRecordState | null = null;
  private started = false;
  private disposed = false;
  /** Writes the unsent answers to this browser's kept store (latest only). */
  private readonly keptWriter: KeptWriter;
  private snapshot: RecordSyncSnapshot | null = null;
  private structureVersion = 0;
  private readonly listeners = new Set<() => void>();
  private readonly keyListeners = new Map<string, Set<() => void>>();

  constructor(deps: RecordSyncDeps) {
    this.deps = deps;
    this.answers = new AnswerBuffer(deps.initial);
    this.answers.takeKept(deps.restored);
    this.keptWriter = new KeptWriter(
      () => this.answers.kept(),
      (kept) => deps.persist(kept),
    );
    this.queue = new SendQueue({
      begin: () => this.beginSave(),
      started: () => this.emit(),
      finished: () => this.answers.markSent([]),
      ended: () => {
        // customer-app §4: the editing flag is cleared after a save.
        this.editing = false;
        this.applyDeferredRemote();
        this.emit();
      },
      closed: () => this.server.submitted,
      onStopped: (error) => deps.onAutosaveStopped?.(error),
      onServerFaults: (error) => deps.onServerFaults?.(error),
      ...(deps.random ? { random: deps.random } : {}),
    });
  }

  /**
   * Begins work: answers restored from this browser are kept again and sent. Apart from the
   * constructor so the screen can render from an engine at once and start it after mount (issue 15
   * §2); after dispose (React's StrictMode remount) it starts again.
   */
  start(): void {
    const firstStart = !this.started;
    this.started = true;
    this.disposed = false;
    this.queue.start();
    if (firstStart && Object.keys(this.deps.restored?.answers ?? {}).length > 0) this.persist();
    if (this.answers.unsent > 0 && !this.server.submitted) queueMicrotask(() => void this.flush());
  }

  getSnapshot = (): RecordSyncSnapshot => {
    this.snapshot ??= {
      structureVersion: this.structureVersion,
      version: this.server.version,
      updatedAt: this.server.updatedAt,
      submitted: this.server.submitted,
      saving: this.queue.inFlight !== null,
      unsent: this.answers.unsent > 0,
      retrying: this.queue.retrying,
      serverFaulty: this.queue.serverFaulty,
      autosaveStopped: this.queue.stopped,
      signInNeeded: this.queue.signInNeeded,
      conflictsRevision: this.answers.conflictsRevision,
      conflicts: this.answers.conflictCount,
    };
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the screen shows: the stored data, overlaid with every unsent answer. */
  view = (): Answers => this.answers.view();

  /** One shown answer (the view's, without building the view): what a field renders. */
  getAnswer = (key: string): unknown => this.answers.getAnswer(key);

  /** Called when the shown answer of `key` may have changed; a keystroke notifies only its field. */
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

  /** The person changed answers: shown at once, kept, and saved after a short pause. */
  edit(changes: Answers): void {
    if (this.server.submitted || this.disposed) return;
    let structural = false;
    const now = this.deps.now?.() ?? Date.now();
    const keys: string[] = [];
    for (const [typedKey, value] of Object.entries(changes)) {
      // Issue 26 §3: a key typed into the old form's field, arriving after the form changed.
      const key = this.answers.keyOf(typedKey);
      keys.push(key);
      structural ||= this.deps.changesStructure?.(key, this.answers.getAnswer(key), value) ?? true;
      this.answers.type(key, value, now);
    }
    if (structural) this.structureVersion += 1;
    // Issue 26 §4: kept at once (a crash 50 ms later loses nothing); writes coalesce, so a burst of
    // keys costs one write in flight and one more with the latest answers.
    this.persist();
    this.queue.typed();
    this.emit(keys);
  }

  /**
   * Issue 13 §1: answers another tab of this record kept and could not send before it closed. They
   * become this tab's unsent answers (an answer typed here stays), are kept under this tab, and
   * are sent. Resolves once they are kept.
   */
  async adoptKept(kept: KeptAnswers): Promise<void> {
    if (this.server.submitted || this.disposed) return;
    const before = this.view();
    if (!this.answers.takeKept(kept)) return;
    this.noteStructure(before);
    this.emit();
    await this.persisted();
    void this.flush();
  }

  /** customer-app §4 Editing flag: set on focus. The focused field is never replaced under the cursor. */
  focus(key: string): void {
    this.editing = true;
    this.answers.focus(key);
  }

  /** customer-app §4 Editing flag: cleared on blur; a live update that waited is applied now. */
  blur(): void {
    this.editing = false;
    const before = this.answers.blur();
    if (before) this.noteStructure(before);
    if (!this.applyDeferredRemote() && before) this.emit();
  }

  /**
   * Saves now (a step change, customer-app §4), or right after the save on its way; resolves when
   * that save has ended, together with every caller that joined the same batch.
   */
  flush(): Promise<void> {
    return this.queue.flush();
  }

  /** The network is back (the browser's online event, a poll that reached the server): retry now. */
  retryNow(): void {
    this.queue.retryNow();
  }

  /**
   * customer-app §4 / §7 calls 10–11: the record as the subscription or the poll read it. Applied
   * only when it is newer and the person is neither editing nor saving (else it waits for blur or
   * the save's end); even then an unsent answer is never replaced.
   */
  applyRemote(state: ServerRecordState): void {
    if (this.disposed || !this.isNewer(state)) return;
    if (this.isOtherForm(state.formKey)) {
      this.noteFormChanged();
      return;
    }
    if (this.editing || this.queue.inFlight) {
      this.deferredRemote = state;
      return;
    }
    this.adopt(state);
    this.emit();
  }

  /** Answers not acknowledged yet, or kept ones waiting for a choice (the beforeunload warning). */
  hasUnsent(): boolean {
    return this.answers.unsent > 0 || this.queue.inFlight !== null || this.answers.conflictCount > 0;
  }

  /** Kept answers someone changed since they were typed here, with both texts (issue 13 §2). */
  keptConflicts(): KeptConflict[] {
    return this.answers.keptConflicts();
  }

  /**
   * The person's choice for a kept answer: theirs goes to the server now, over the newer one; or
   * the newer one stays and the kept answer is let go.
   */
  resolveConflict(key: string, keep: 'mine' | 'stored'): void {
    const before = this.view();
    const mine = keep === 'mine' && !this.server.submitted;
    if (!this.answers.resolveConflict(key, mine ? 'mine' : 'stored')) return;
    if (mine) {
      this.noteStructure(before);
      this.persist();
      this.emit([key]);
      void this.flush();
      return;
    }
    this.persist();
    this.emit();
  }

  /** Resolves once the answers being kept in this browser have been written. */
  persisted(): Promise<void> {
    return this.keptWriter.written();
  }

  /**
   * Issue 26 §3: the record moved to another form while this screen showed the old one. Every
   * unsent or kept answer moves as the migration moved the stored ones (`mover`, built from the
   * record's form changes), the focused field follows its question, and saving goes on from the new
   * version: what the person types now is their informed answer to the question on their screen
   * (decision 061).
   */
  changeForm(state: ServerRecordState, mover: AnswerKeyMover): void {
    if (this.disposed) return;
    const before = Object.fromEntries(
      Object.entries(this.view()).map(([key, value]) => [mover.target(key), value]),
    );
    this.answers.changeForm(mover, state.version);
    this.queue.resume();
    this.deferredRemote = null;
    this.adopt(state, before);
    this.structureVersion += 1;
    this.persist();
    this.emit();
    if (this.answers.unsent > 0 || this.queue.waiting) void this.flush();
  }

  /**
   * customer-app §4 "Complete & Send": unsent answers are saved first (a stored answer someone wrote
   * meanwhile is replaced by the person's, as in every save), then the submit carries what follows
   * from them (unticked checkboxes as false). Throws the failure; nothing is lost then.
   */
  async submit(send: (input: SaveInput) => Promise<ServerRecordState>): Promise<void> {
    this.queue.halt();
    if (this.answers.conflictCount > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    // Saves until nothing is unsent: several when the answers go in parts, and one more when a
    // conflict is answered (sent again from the newer version); at most three rounds without progress.
    for (let idle = 0; idle < 3; ) {
      while (this.queue.inFlight) await this.queue.inFlight;
      if (this.queue.stopped || this.answers.unsent === 0) break;
      const before = this.answers.unsent;
      const outcome = await this.queue.run();
      if (!outcome.ok) throw outcome.error;
      idle = this.answers.unsent < before ? 0 : idle + 1;
    }
    if (this.answers.conflictCount > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    const { answers } = this.answers.nextSave('submit', this.derive('submit'));
    // After autosave stopped, the person's answers have not been merged: they are sent "as of now".
    const state = await send({ baseVersion: this.queue.stopped ? null : this.server.version, answers });
    this.answers.submitted();
    this.adopt(state);
    this.persist();
    this.emit();
  }

  dispose(): void {
    this.disposed = true;
    this.queue.dispose();
  }

  private get server(): ServerRecordState {
    return this.answers.server;
  }

  private derive(reason: 'save' | 'submit'): ((view: Answers) => Answers) | undefined {
    const derive = this.deps.derive;
    return derive && ((view) => derive(view, reason));
  }

  /** Whether a state's form is another than the one this screen shows (issue 26 §3). */
  private isOtherForm(formKey: string | undefined): boolean {
    return formKey !== undefined && this.server.formKey !== undefined && formKey !== this.server.formKey;
  }

  private noteFormChanged(): void {
    if (this.queue.pause()) this.deps.onFormChanged?.();
  }

  private isNewer(state: ServerRecordState): boolean {
    return (
      state.version > this.server.version ||
      (state.version === this.server.version && state.submitted !== this.server.submitted)
    );
  }

  /** One save of the queue: the unsent answers as they are now, and what to do with its answer. */
  private beginSave(): ((signal: AbortSignal) => Promise<SaveOutcome>) | null {
    if (this.answers.unsent === 0) return null;
    const { answers, sent, baseVersion } = this.answers.nextSave('save', this.derive('save'));
    this.answers.markSent(Object.keys(answers));
    return async (signal) => {
      const result = await this.deps.save({ baseVersion, answers }, signal);
      // Issue 26 §3: typed against a form the record no longer has, the server wrote none of it;
      // or the answer of a save made before the form changed here, whose answers the migration
      // carried: either way the answers stay unsent and go (mapped) from the new form's version.
      if (this.isOtherForm(result.formKey)) {
        if (result.version > this.server.version) this.noteFormChanged();
        return { ok: true, resend: true };
      }
      return { ok: true, ...this.acknowledge(sent, result) };
    };
  }

  /** A save was acknowledged: its answers are no longer unsent, unless typed again or refused as stale. */
  private acknowledge(sent: Map<string, unknown>, result: SaveResult): { resend: boolean } {
    this.queue.succeeded();
    const shown = this.answers.acknowledge(sent, result);
    const { data, version, updatedAt } = result;
    this.adopt({ ...this.server, data, version, updatedAt }, shown);
    this.persist();
    return { resend: this.answers.mustResend(sent, result.conflictingKeys) };
  }

  private applyDeferredRemote(): boolean {
    const state = this.deferredRemote;
    if (!state || this.editing || this.queue.inFlight) return false;
    this.deferredRemote = null;
    if (!this.isNewer(state)) return false;
    this.adopt(state);
    this.emit();
    return true;
  }

  /** Takes a stored state; the focused field keeps what it shows, unsent answers stay on top. */
  private adopt(state: ServerRecordState, before: Answers = this.view()): void {
    // Issue 13 §2: what the server turned out to hold (a save whose reply came after the time-out)
    // leaves the kept copy too, so a later visit never sends it again over a newer answer.
    if (this.answers.adopt(state, before)) this.persist();
    if (state.submitted) this.queue.halt();
    this.noteStructure(before);
    this.snapshot = null;
  }

  /** After the shown answers changed from `before`: a new structure version when it matters. */
  private noteStructure(before: Answers): void {
    if (structureChanged(before, this.view(), this.deps.changesStructure)) this.structureVersion += 1;
  }

  private persist(): void {
    this.keptWriter.keep();
  }

  /**
   * Tells the screen. A change to some answers (`keys`) notifies their fields, and everything else
   * only when the snapshot changed: a keystroke in a filled answer re-renders one field (issue 15 §1).
   */
  private emit(keys?: readonly string[]): void {
    const previous = this.snapshot;
    this.snapshot = null;
    const next = this.getSnapshot();
    if (keys) {
      for (const key of keys) for (const listener of this.keyListeners.get(key) ?? []) listener();
    } else {
      for (const listeners of [...this.keyListeners.values()]) for (const listener of listeners) listener();
    }
    if (previous && sameSnapshot(previous, next)) {
      this.snapshot = previous;
      return;
    }
    for (const listener of this.listeners) listener();
  }
}

function sameSnapshot(a: RecordSyncSnapshot, b: RecordSyncSnapshot): boolean {
  return (Object.keys(a) as (keyof RecordSyncSnapshot)[]).every((key) => a[key] === b[key]);
}
