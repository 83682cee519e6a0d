import { utf8Length } from '#domain/answer-limits.ts';
import { mergeChoiceLists } from '#domain/choice-merge.ts';
import { sameAnswer } from './answer-equality.ts';
import { type AnswerKeyMover, moveKeys } from './answer-key-moves.ts';
import {
  isEndedSignIn,
  isPassingSaveFailure,
  isServerFault,
  retryDelayMs,
  SERVER_FAULTS_BEFORE_NOTICE,
} from './save-failure.ts';

// customer-app §9: the save request time-out.
export const SAVE_TIMEOUT_MS = 10_000;
/** One save's answers at most, in bytes: well under the server's 1 MB request limit. */
export const MAX_SAVE_BYTES = 256 * 1024;
/** Keystrokes closer together than this travel in one save (decision 061). */
export const SAVE_DEBOUNCE_MS = 400;

export type Answers = Readonly<Record<string, unknown>>;

/** The record as the server last told us: stored data (answers and bookkeeping) and its version. */
export interface ServerRecordState {
  data: Answers;
  version: number;
  updatedAt: string;
  submitted: boolean;
  /** Which form the record is answered with ("type/version", issue 12); absent when unknown. */
  formKey?: string;
}

export interface SaveResult {
  data: Answers;
  version: number;
  updatedAt: string;
  /** Keys not written because someone wrote them after the base version (DESIGN §7). */
  conflictingKeys: readonly string[];
  /** The record's form after the save: another one than ours means nothing was written (issue 26 §3). */
  formKey?: string;
}

/**
 * Answers kept in this browser, each with the record version it was typed against (issue 13 §2). 0
 * when unknown: any answer written since then counts as newer, which is the safe side.
 */
export interface KeptAnswers {
  answers: Answers;
  typedAgainst: Readonly<Record<string, number>>;
  /**
   * When the person last changed each answer (ms since 1970, issue 26 §5): of two tabs' kept
   * answers to one question, the newer wins. Absent in entries kept before it was.
   */
  changedAt?: Readonly<Record<string, number>>;
}

/** An answer kept from an earlier visit that someone changed since: the person chooses (issue 13 §2). */
export interface KeptConflict {
  key: string;
  /** What this device kept. */
  mine: unknown;
  /** What the server holds now (newer). */
  stored: unknown;
}

/** customer-app §4 "Complete & Send" waits until the person has chosen between kept and newer answers. */
export const CHOOSE_KEPT_ANSWERS_FIRST =
  'Some answers kept on this device were changed since on another device. Choose which to keep, then send.';

export interface SaveInput {
  /** The version the answers were typed against; null: "as of now" (a manual submit). */
  baseVersion: number | null;
  answers: Answers;
}

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
  changesStructure?(key: string, before: unknown, after: unknown): boolean;
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

type SaveOutcome = { ok: true; resend: boolean } | { ok: false; error: unknown };

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
  private server: ServerRecordState;
  /** Answers the person typed that the server has not acknowledged, by key. */
  private readonly pending = new Map<string, unknown>();
  /** For each unsent answer, the stored value it was changed from (issue 13 §3). */
  private readonly bases = new Map<string, unknown>();
  /** For each unsent answer, the record version it was typed against (issue 13 §2). */
  private readonly typedAgainst = new Map<string, number>();
  /**
   * Unsent answers from an earlier visit or a closed tab: sent in saves of their own, against the
   * version they were typed against, and never sent again over a newer answer (issue 13 §2).
   */
  private readonly restoredKeys = new Set<string>();
  /** Kept answers refused as older than the stored ones, waiting for the person's choice. */
  private readonly conflicts = new Map<string, unknown>();
  private conflictsRevision = 0;
  /** When the person last changed each answer in this tab (issue 26 §5: the newer of two tabs wins). */
  private readonly changedAt = new Map<string, number>();
  /** What this tab's saves wrote, by key: a stored answer that is still ours (issue 26 §5). */
  private readonly written = new Map<string, unknown>();
  /** Issue 26 §3: the record moved to another form; saves wait for changeForm. */
  private formChanging = false;
  /** Old keys of the last form change → their new keys (an edit still arriving under an old key). */
  private renamed: ReadonlyMap<string, string> = new Map();
  private signInNeeded = false;
  /** The focused field's shown value while a newer stored one waits for blur. */
  private readonly held = new Map<string, unknown>();
  private focusedKey: string | null = null;
  private editing = false;
  private inFlight: Promise<SaveOutcome> | null = null;
  private inFlightKeys = new Set<string>();
  private controller: AbortController | null = null;
  private nextBatch: { promise: Promise<void>; resolve: () => void } | null = null;
  private deferredRemote: ServerRecordState | null = null;
  private debounceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private serverFaults = 0;
  private stopped = false;
  private started = false;
  private disposed = false;
  private persisting: Promise<void> | null = null;
  private persistAgain = false;
  private snapshot: RecordSyncSnapshot | null = null;
  private viewCache: Answers | null = null;
  private structureVersion = 0;
  private readonly listeners = new Set<() => void>();
  private readonly keyListeners = new Map<string, Set<() => void>>();

  constructor(deps: RecordSyncDeps) {
    this.deps = deps;
    this.server = deps.initial;
    this.takeKept(deps.restored);
  }

  /**
   * Kept answers become unsent ones that remember their version; those the server holds are done.
   * Issue 26 §5: an answer this tab changed too goes by time: the one changed last is the person's.
   */
  private takeKept(kept: KeptAnswers | undefined): boolean {
    let taken = false;
    for (const [key, value] of Object.entries(kept?.answers ?? {})) {
      if (this.conflicts.has(key) || sameAnswer(value, this.getAnswer(key))) continue;
      const keptAt = kept?.changedAt?.[key] ?? 0;
      const ours = this.changedAt.get(key);
      if (ours !== undefined && keptAt <= ours) continue; // this tab's answer is the newer one
      if (this.pending.has(key) && ours !== undefined) {
        // Both unsent: the newer one replaces ours and goes as ours would have.
        this.pending.set(key, value);
      } else if (this.written.has(key) && sameAnswer(this.server.data[key], this.written.get(key))) {
        // Ours was saved and nobody wrote it since: the newer one goes as a change of ours.
        this.bases.set(key, this.server.data[key]);
        this.typedAgainst.set(key, this.server.version);
        this.pending.set(key, value);
      } else {
        if (this.pending.has(key)) continue;
        const version = kept?.typedAgainst[key];
        this.pending.set(key, value);
        this.restoredKeys.add(key);
        this.typedAgainst.set(key, typeof version === 'number' ? version : 0);
      }
      if (keptAt > 0) this.changedAt.set(key, keptAt);
      taken = true;
    }
    return taken;
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
    if (firstStart && Object.keys(this.deps.restored?.answers ?? {}).length > 0) this.persist();
    if (this.pending.size > 0 && !this.server.submitted) queueMicrotask(() => void this.flush());
  }

  getSnapshot = (): RecordSyncSnapshot => {
    this.snapshot ??= {
      structureVersion: this.structureVersion,
      version: this.server.version,
      updatedAt: this.server.updatedAt,
      submitted: this.server.submitted,
      saving: this.inFlight !== null,
      unsent: this.pending.size > 0,
      retrying: this.retryTimer !== undefined,
      serverFaulty: this.serverFaults >= SERVER_FAULTS_BEFORE_NOTICE,
      autosaveStopped: this.stopped,
      signInNeeded: this.signInNeeded,
      conflictsRevision: this.conflictsRevision,
      conflicts: this.conflicts.size,
    };
    return this.snapshot;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** What the screen shows: the stored data, overlaid with every unsent answer. */
  view = (): Answers => {
    this.viewCache ??= Object.fromEntries([
      ...Object.entries(this.server.data),
      ...this.held,
      ...this.pending,
    ]);
    return this.viewCache;
  };

  /** One shown answer (the view's, without building the view): what a field renders. */
  getAnswer = (key: string): unknown => {
    if (this.pending.has(key)) return this.pending.get(key);
    if (this.held.has(key)) return this.held.get(key);
    return this.server.data[key];
  };

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
      const key = this.renamed.get(typedKey) ?? typedKey;
      keys.push(key);
      this.changedAt.set(key, now);
      structural ||= this.deps.changesStructure?.(key, this.getAnswer(key), value) ?? true;
      // What the server held when the person began changing this answer (choice lists merge from it).
      if (!this.pending.has(key)) {
        this.bases.set(key, this.server.data[key]);
        this.typedAgainst.set(key, this.server.version);
      }
      this.pending.set(key, value);
      this.held.delete(key);
    }
    if (structural) this.structureVersion += 1;
    // Issue 26 §4: kept at once (a crash 50 ms later loses nothing); writes coalesce, so a burst of
    // keys costs one write in flight and one more with the latest answers.
    this.persist();
    clearTimeout(this.debounceTimer);
    // While a retry waits, it will carry these answers; typing does not hammer a server that is down.
    if (!this.stopped && this.retryTimer === undefined) {
      this.debounceTimer = setTimeout(() => void this.flush(), SAVE_DEBOUNCE_MS);
    }
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
    if (!this.takeKept(kept)) return;
    this.noteStructure(before);
    this.emit();
    await this.persisted();
    void this.flush();
  }

  /** customer-app §4 Editing flag: set on focus. The focused field is never replaced under the cursor. */
  focus(key: string): void {
    this.editing = true;
    this.focusedKey = this.renamed.get(key) ?? key;
  }

  /** customer-app §4 Editing flag: cleared on blur; a live update that waited is applied now. */
  blur(): void {
    this.editing = false;
    this.focusedKey = null;
    const hadHeld = this.held.size > 0;
    const before = hadHeld ? this.view() : null;
    this.held.clear();
    if (before) this.noteStructure(before);
    if (!this.applyDeferredRemote() && hadHeld) this.emit();
  }

  /**
   * Saves now (a step change, customer-app §4), or right after the save on its way; resolves when
   * that save has ended, together with every caller that joined the same batch.
   */
  flush(): Promise<void> {
    clearTimeout(this.debounceTimer);
    if (this.stopped || this.disposed || this.server.submitted) return Promise.resolve();
    const { promise } = this.joinNextBatch();
    // Issue 26 §3: the batch goes once the answers are moved to the new form (changeForm).
    if (!this.inFlight && !this.formChanging) {
      this.cancelRetry();
      void this.runSave();
    }
    return promise;
  }

  /** The network is back (the browser's online event, a poll that reached the server): retry now. */
  retryNow(): void {
    if (this.retryTimer !== undefined) void this.flush();
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
    if (this.editing || this.inFlight) {
      this.deferredRemote = state;
      return;
    }
    this.adopt(state);
    this.emit();
  }

  /** Answers not acknowledged yet, or kept ones waiting for a choice (the beforeunload warning). */
  hasUnsent(): boolean {
    return this.pending.size > 0 || this.inFlight !== null || this.conflicts.size > 0;
  }

  /** Kept answers someone changed since they were typed here, with both texts (issue 13 §2). */
  keptConflicts(): KeptConflict[] {
    return [...this.conflicts].map(([key, mine]) => ({ key, mine, stored: this.server.data[key] }));
  }

  /**
   * The person's choice for a kept answer: theirs goes to the server now, over the newer one; or
   * the newer one stays and the kept answer is let go.
   */
  resolveConflict(key: string, keep: 'mine' | 'stored'): void {
    if (!this.conflicts.has(key)) return;
    const mine = this.conflicts.get(key);
    this.conflicts.delete(key);
    this.conflictsRevision += 1;
    if (keep === 'mine' && !this.server.submitted) {
      const before = this.view();
      if (!this.pending.has(key)) this.bases.set(key, this.server.data[key]);
      this.typedAgainst.set(key, this.server.version);
      this.pending.set(key, mine);
      this.held.delete(key);
      this.noteStructure(before);
      this.persist();
      this.emit([key]);
      void this.flush();
      return;
    }
    if (!this.pending.has(key)) this.typedAgainst.delete(key);
    this.persist();
    this.emit();
  }

  /** Resolves once the answers being kept in this browser have been written. */
  async persisted(): Promise<void> {
    while (this.persisting) await this.persisting;
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
    const { target, renamed } = mover;
    const before = Object.fromEntries(
      Object.entries(this.view()).map(([key, value]) => [target(key), value]),
    );
    for (const map of [this.pending, this.bases, this.conflicts, this.held, this.changedAt] as Map<
      string,
      unknown
    >[]) {
      moveKeys(map, target);
    }
    const restored = [...this.restoredKeys].map(target);
    this.restoredKeys.clear();
    for (const key of restored) this.restoredKeys.add(key);
    this.typedAgainst.clear();
    for (const key of [...this.pending.keys(), ...this.conflicts.keys()])
      this.typedAgainst.set(key, state.version);
    this.written.clear();
    if (this.focusedKey !== null) this.focusedKey = target(this.focusedKey);
    this.renamed = renamed;
    this.formChanging = false;
    this.deferredRemote = null;
    this.adopt(state, before);
    this.structureVersion += 1;
    this.conflictsRevision += 1;
    this.persist();
    this.emit();
    if (this.pending.size > 0 || this.nextBatch) void this.flush();
  }

  /**
   * customer-app §4 "Complete & Send": unsent answers are saved first (a stored answer someone wrote
   * meanwhile is replaced by the person's, as in every save), then the submit carries what follows
   * from them (unticked checkboxes as false). Throws the failure; nothing is lost then.
   */
  async submit(send: (input: SaveInput) => Promise<ServerRecordState>): Promise<void> {
    clearTimeout(this.debounceTimer);
    this.cancelRetry();
    if (this.conflicts.size > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    // Saves until nothing is unsent: several when the answers go in parts, and one more when a
    // conflict is answered (sent again from the newer version); at most three rounds without progress.
    for (let idle = 0; idle < 3; ) {
      while (this.inFlight) await this.inFlight;
      if (this.stopped || this.pending.size === 0) break;
      const before = this.pending.size;
      const outcome = await this.runSave();
      if (!outcome.ok) throw outcome.error;
      idle = this.pending.size < before ? 0 : idle + 1;
    }
    if (this.conflicts.size > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    const { answers } = this.body('submit');
    // After autosave stopped, the person's answers have not been merged: they are sent "as of now".
    const state = await send({ baseVersion: this.stopped ? null : this.server.version, answers });
    this.pending.clear();
    this.bases.clear();
    this.typedAgainst.clear();
    this.restoredKeys.clear();
    this.held.clear();
    this.adopt(state);
    this.persist();
    this.emit();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.debounceTimer);
    this.cancelRetry();
    this.controller?.abort();
  }

  /** Whether a state's form is another than the one this screen shows (issue 26 §3). */
  private isOtherForm(formKey: string | undefined): boolean {
    return formKey !== undefined && this.server.formKey !== undefined && formKey !== this.server.formKey;
  }

  private noteFormChanged(): void {
    const first = !this.formChanging;
    this.formChanging = true;
    clearTimeout(this.debounceTimer);
    this.cancelRetry();
    if (first) this.deps.onFormChanged?.();
  }

  private isNewer(state: ServerRecordState): boolean {
    return (
      state.version > this.server.version ||
      (state.version === this.server.version && state.submitted !== this.server.submitted)
    );
  }

  /**
   * The answers of one save: the unsent ones, as many as fit in MAX_SAVE_BYTES (issue 13 §5: one
   * request over the server's limit used to block every later save; the rest go in the next save),
   * and what follows from them where it changed.
   */
  private body(reason: 'save' | 'submit'): {
    answers: Answers;
    sent: Map<string, unknown>;
    baseVersion: number;
  } {
    // Issue 13 §2: kept answers of an earlier visit go first, alone, against the oldest version
    // they were typed against, so an answer written since on another device is refused, not replaced.
    const keptFirst = reason === 'save' && [...this.pending.keys()].some((key) => this.restoredKeys.has(key));
    const sent = new Map<string, unknown>();
    let bytes = 0;
    for (const [key, value] of this.pending) {
      if (keptFirst && !this.restoredKeys.has(key)) continue;
      const size = utf8Length(key) + utf8Length(JSON.stringify(value) ?? 'null') + 8;
      if (sent.size > 0 && bytes + size > MAX_SAVE_BYTES) break;
      sent.set(key, value);
      bytes += size;
    }
    if (keptFirst) {
      const baseVersion = Math.min(...[...sent.keys()].map((key) => this.typedAgainst.get(key) ?? 0));
      return { answers: Object.fromEntries(sent), sent, baseVersion };
    }
    const derived = Object.entries(this.deps.derive?.(this.view(), reason) ?? {}).filter(
      ([key, value]) => !sent.has(key) && !sameAnswer(value, this.server.data[key]),
    );
    return { answers: Object.fromEntries([...derived, ...sent]), sent, baseVersion: this.server.version };
  }

  private async runSave(): Promise<SaveOutcome> {
    const batch = this.nextBatch;
    this.nextBatch = null;
    if (this.pending.size === 0) {
      batch?.resolve();
      return { ok: true, resend: false };
    }
    const { answers, sent, baseVersion } = this.body('save');
    const controller = new AbortController();
    this.controller = controller;
    const timeout = setTimeout(
      () => controller.abort(new DOMException('The save took longer than 10 s.', 'TimeoutError')),
      SAVE_TIMEOUT_MS,
    );
    this.inFlightKeys = new Set(Object.keys(answers));
    const run = (async (): Promise<SaveOutcome> => {
      try {
        const result = await this.deps.save({ baseVersion, answers }, controller.signal);
        // Issue 26 §3: typed against a form the record no longer has, the server wrote none of it;
        // or the answer of a save made before the form changed here, whose answers the migration
        // carried: either way the answers stay unsent and go (mapped) from the new form's version.
        if (this.isOtherForm(result.formKey)) {
          if (result.version > this.server.version) this.noteFormChanged();
          return { ok: true, resend: true };
        }
        return { ok: true, ...this.acknowledge(sent, result) };
      } catch (error) {
        return { ok: false, error: controller.signal.reason ?? error };
      } finally {
        clearTimeout(timeout);
      }
    })();
    this.inFlight = run;
    this.emit();
    const outcome = await run;
    this.inFlight = null;
    this.inFlightKeys = new Set();
    this.controller = null;
    if (this.disposed) return outcome;
    // customer-app §4: the editing flag is cleared after a save.
    this.editing = false;
    if (!outcome.ok) this.fail(outcome.error);
    else if (outcome.resend) this.joinNextBatch();
    this.applyDeferredRemote();
    this.emit();
    batch?.resolve();
    if (this.nextBatch && !this.stopped && this.retryTimer === undefined && !this.formChanging)
      void this.runSave();
    return outcome;
  }

  /** A save was acknowledged: its answers are no longer unsent, unless typed again or refused as stale. */
  private acknowledge(sent: Map<string, unknown>, result: SaveResult): { resend: boolean } {
    this.attempt = 0;
    this.serverFaults = 0;
    this.signInNeeded = false;
    const shown = this.view();
    const conflicting = new Set(result.conflictingKeys);
    for (const [key, value] of sent) {
      if (conflicting.has(key)) {
        // Issue 13 §2: kept from an earlier visit, and someone wrote this answer since: neither
        // replaces the other silently; the kept one waits (still kept) for the person's choice.
        if (this.restoredKeys.has(key) && this.pending.has(key)) {
          this.conflicts.set(key, this.pending.get(key));
          this.pending.delete(key);
          this.bases.delete(key);
          this.restoredKeys.delete(key);
          this.conflictsRevision += 1;
        }
        continue;
      }
      this.restoredKeys.delete(key);
      this.written.set(key, value);
      if (sameAnswer(this.pending.get(key), value)) {
        this.pending.delete(key);
        this.typedAgainst.delete(key);
      } else if (this.pending.has(key)) {
        // Stored now: changes typed since are changes of this value.
        this.bases.set(key, value);
        this.typedAgainst.set(key, result.version);
      }
    }
    const { data, version, updatedAt } = result;
    // The answers refused as stale: tick lists take in the other device's ticks before going again.
    this.mergeChoiceAnswers(data, conflicting);
    this.adopt({ ...this.server, data, version, updatedAt }, shown);
    this.persist();
    // A conflict means someone wrote the key after the version these answers were typed against.
    // The person's answer is the one on their screen, so it goes again from the new version
    // (decision 061); an answer that follows from others is recomputed from the merged data.
    // Answers left for a next part go at once too.
    const leftOver = [...this.pending.keys()].some((key) => !sent.has(key));
    return { resend: leftOver || [...conflicting].some((key) => this.pending.has(key)) };
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
    if (isPassingSaveFailure(error)) {
      if (isServerFault(error)) {
        this.serverFaults += 1;
        if (this.serverFaults === SERVER_FAULTS_BEFORE_NOTICE) this.deps.onServerFaults?.(error);
      }
      this.scheduleRetry();
      return;
    }
    this.stopped = true;
    this.nextBatch?.resolve();
    this.nextBatch = null;
    this.deps.onAutosaveStopped?.(error);
  }

  private scheduleRetry(): void {
    this.attempt += 1;
    this.cancelRetry();
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = undefined;
        void this.flush();
      },
      retryDelayMs(this.attempt, this.deps.random),
    );
  }

  private cancelRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  private applyDeferredRemote(): boolean {
    const state = this.deferredRemote;
    if (!state || this.editing || this.inFlight) return false;
    this.deferredRemote = null;
    if (!this.isNewer(state)) return false;
    this.adopt(state);
    this.emit();
    return true;
  }

  /** Takes a stored state; the focused field keeps what it shows, unsent answers stay on top. */
  private adopt(state: ServerRecordState, before: Answers = this.view()): void {
    const focused = this.focusedKey;
    if (focused !== null && !this.pending.has(focused) && !this.held.has(focused)) {
      if (!sameAnswer(before[focused], state.data[focused])) this.held.set(focused, before[focused]);
    }
    this.server = state;
    this.mergeChoiceAnswers(state.data);
    let settled = false;
    for (const [key, value] of this.pending) {
      if (!this.inFlightKeys.has(key) && sameAnswer(value, state.data[key])) {
        this.pending.delete(key);
        this.restoredKeys.delete(key);
        settled = true;
      }
    }
    for (const key of this.bases.keys()) if (!this.pending.has(key)) this.bases.delete(key);
    if (this.conflicts.size > 0) {
      // The newer answer shown beside a kept one may have changed; one now equal to it is settled.
      for (const [key, mine] of this.conflicts) {
        if (sameAnswer(mine, state.data[key])) {
          this.conflicts.delete(key);
          settled = true;
        }
      }
      this.conflictsRevision += 1;
    }
    for (const key of this.typedAgainst.keys()) {
      if (!this.pending.has(key) && !this.conflicts.has(key)) this.typedAgainst.delete(key);
    }
    // Issue 13 §2: what the server turned out to hold (a save whose reply came after the time-out)
    // leaves the kept copy too, so a later visit never sends it again over a newer answer.
    if (settled) this.persist();
    if (state.submitted) {
      clearTimeout(this.debounceTimer);
      this.cancelRetry();
    }
    this.noteStructure(before);
    this.snapshot = null;
  }

  /**
   * Issue 13 §3: a tick list the person changed and another device changed too keeps both
   * devices' ticks and unticks (src/domain/choice-merge.ts), rather than the person's whole list
   * replacing the other's. Other answers keep the usual rule (the person's unsent answer stays).
   */
  private mergeChoiceAnswers(stored: Answers, only?: ReadonlySet<string>): void {
    for (const [key, mine] of this.pending) {
      if (!this.bases.has(key) || (only ? !only.has(key) : this.inFlightKeys.has(key))) continue;
      const base = this.bases.get(key);
      if (sameAnswer(base, stored[key])) continue;
      const merged = mergeChoiceLists(base, mine, stored[key]);
      if (merged === null) continue;
      this.pending.set(key, merged);
      this.bases.set(key, stored[key]);
    }
  }

  /** After the shown answers changed from `before`: a new structure version when it matters. */
  private noteStructure(before: Answers): void {
    this.viewCache = null;
    const after = this.view();
    const check = this.deps.changesStructure;
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (!sameAnswer(before[key], after[key]) && (check?.(key, before[key], after[key]) ?? true)) {
        this.structureVersion += 1;
        return;
      }
    }
  }

  /**
   * Writes the unsent answers: at once when no write is on its way, else once more when it ends,
   * with the answers as they are then (latest only), so a burst of keystrokes costs one write in
   * flight and one after it.
   */
  private persist(): void {
    if (this.persisting) {
      this.persistAgain = true;
      return;
    }
    this.persisting = (async () => {
      do {
        this.persistAgain = false;
        try {
          const answers = Object.fromEntries([...this.conflicts, ...this.pending]);
          const keys = Object.keys(answers);
          const typedAgainst = Object.fromEntries(
            keys.map((key) => [key, this.typedAgainst.get(key) ?? this.server.version]),
          );
          const changedAt = Object.fromEntries(keys.map((key) => [key, this.changedAt.get(key) ?? 0]));
          await this.deps.persist({ answers, typedAgainst, changedAt });
        } catch (error) {
          // Never the answers themselves in a log (DESIGN §7).
          console.error('Keeping unsent answers in this browser failed:', (error as Error)?.name);
        }
      } while (this.persistAgain);
      this.persisting = null;
    })();
  }

  /**
   * Tells the screen. A change to some answers (`keys`) notifies their fields, and everything else
   * only when the snapshot changed: a keystroke in a filled answer re-renders one field (issue 15 §1).
   */
  private emit(keys?: readonly string[]): void {
    this.viewCache = null;
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
