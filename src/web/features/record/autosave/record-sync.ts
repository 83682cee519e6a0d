import { AnswerBuffer } from './answer-buffer.ts';
import { type AnswerKeyMover, movedAnswers } from './answer-key-moves.ts';
import { structureChanged } from './answer-merge.ts';
import { RecordStore, recordSnapshot } from './record-store.ts';
import { RemoteUpdates } from './remote-updates.ts';
import { SaveEngineRunner } from './save-engine-runner.ts';
import { beginSave, type SaveExchange } from './save-exchange.ts';
import { CHOOSE_KEPT_ANSWERS_FIRST } from './save-failure.ts';
import type {
  Answers,
  KeptAnswers,
  KeptConflict,
  RecordSyncDeps,
  RecordSyncSnapshot,
  SaveInput,
  ServerRecordState,
} from './sync-types.ts';

// The engine's public face: what its callers and tests import from here.
export { MAX_SAVE_BYTES } from './save-body.ts';
export { SAVE_DEBOUNCE_MS, SAVE_TIMEOUT_MS } from './save-engine.ts';
export { CHOOSE_KEPT_ANSWERS_FIRST } from './save-failure.ts';
export type { Answers, SaveInput } from './sync-types.ts';

/**
 * The record's answers between the screen and the server (customer-app §4 Save queue and Editing
 * flag; DESIGN §7; decision 061), assembled from its parts: the answer buffer (typed, sent,
 * acknowledged), the save engine (save-engine.ts, its runner sends, keeps and retries; decision
 * 200), the remote-update gate and the React store.
 * Unsent answers stay shown and kept until acknowledged; a stored answer never replaces one unsent.
 */
export class RecordSync {
  private readonly deps: RecordSyncDeps;
  /** The answers as typed, sent and acknowledged, over the stored state. */
  private readonly answers: AnswerBuffer;
  /** One save at a time, latest answers only, with time-out and retry; kept in this browser. */
  private readonly engine: SaveEngineRunner;
  /** When a stored state read from elsewhere is taken (the Editing flag). */
  private readonly remote: RemoteUpdates;
  private started = false;
  private disposed = false;
  /** What React reads: the snapshot and the listeners. */
  private readonly store = new RecordStore(
    () => recordSnapshot(this.answers, this.engine),
    (key) => this.answers.getAnswer(key),
  );

  constructor(deps: RecordSyncDeps) {
    this.deps = deps;
    this.answers = new AnswerBuffer(deps.initial);
    this.answers.takeKept(deps.restored);
    this.remote = new RemoteUpdates(
      () => this.server,
      () => this.engine.saving,
    );
    const exchange: SaveExchange = {
      save: (input, signal) => deps.save(input, signal),
      derive: (view, reason) => deps.derive?.(view, reason) ?? {},
      isOtherForm: (formKey) => this.remote.isOtherForm(formKey),
      formChanged: () => this.noteFormChanged(),
      acknowledged: ({ data, version, updatedAt }, shown) => {
        this.engine.succeeded();
        this.adopt({ ...this.server, data, version, updatedAt }, shown);
        this.engine.keep();
      },
    };
    this.engine = new SaveEngineRunner({
      begin: () => beginSave(this.answers, exchange),
      readKept: () => this.answers.kept(),
      writeKept: (kept) => deps.persist(kept),
      started: () => this.emit(),
      finished: () => this.answers.markSent([]),
      ended: () => {
        // customer-app §4: the editing flag is cleared after a save.
        this.remote.editing = false;
        this.applyDeferredRemote();
        this.emit();
      },
      closed: () => this.server.submitted,
      onStopped: (error) => deps.onAutosaveStopped?.(error),
      onSubmittedElsewhere: () => {
        this.adopt({ ...this.server, submitted: true });
        this.emit();
        deps.onSubmittedElsewhere?.();
      },
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
    this.engine.start();
    if (firstStart && Object.keys(this.deps.restored?.answers ?? {}).length > 0) this.engine.keep();
    if (this.answers.unsent > 0 && !this.server.submitted) queueMicrotask(() => void this.flush());
  }

  getSnapshot = (): RecordSyncSnapshot => this.store.getSnapshot();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  /** What the screen shows: the stored data, overlaid with every unsent answer. */
  view = (): Answers => this.answers.view();

  /** One shown answer (the view's, without building the view): what a field renders. */
  getAnswer = (key: string): unknown => this.answers.getAnswer(key);

  /** Called when the shown answer of `key` may have changed; a keystroke notifies only its field. */
  subscribeKey = (key: string, listener: () => void): (() => void) => this.store.subscribeKey(key, listener);

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
    if (structural) this.answers.structureVersion += 1;
    // Issue 26 §4: kept at once (a crash 50 ms later loses nothing); writes coalesce, so a burst of
    // keys costs one write in flight and one more with the latest answers.
    this.engine.keep();
    this.engine.typed();
    this.emit(keys);
  }

  /**
   * Issue 13 §1: answers a closed tab of this record kept unsent become this tab's (an answer typed
   * here stays), are kept under this tab and sent. Resolves once they are kept.
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
    this.remote.editing = true;
    this.answers.focus(key);
  }

  /** customer-app §4 Editing flag: cleared on blur; a live update that waited is applied now. */
  blur(): void {
    this.remote.editing = false;
    const before = this.answers.blur();
    if (before) this.noteStructure(before);
    if (!this.applyDeferredRemote() && before) this.emit();
  }

  /** Saves now (a step change, customer-app §4), or right after the one on its way; resolves when done. */
  flush(): Promise<void> {
    return this.engine.flush();
  }

  /** The network is back (the browser's online event, a poll that reached the server): retry now. */
  retryNow(): void {
    this.engine.retryNow();
  }

  /**
   * customer-app §4 / §7 calls 10–11: the record as the subscription or the poll read it, taken as
   * remote-updates.ts decides; even then an unsent answer is never replaced.
   */
  applyRemote(state: ServerRecordState): void {
    if (this.disposed) return;
    const verdict = this.remote.offer(state);
    if (verdict === 'other-form') this.noteFormChanged();
    if (verdict !== 'apply') return;
    this.adopt(state);
    this.emit();
  }

  /** Answers not acknowledged yet, or kept ones waiting for a choice (the beforeunload warning). */
  hasUnsent(): boolean {
    return this.answers.unsent > 0 || this.engine.saving || this.answers.conflictCount > 0;
  }

  /** Kept answers someone changed since they were typed here, with both texts (issue 13 §2). */
  keptConflicts(): KeptConflict[] {
    return this.answers.keptConflicts();
  }

  /** The person's choice for a kept answer: theirs goes now, over the newer one; or it is let go. */
  resolveConflict(key: string, keep: 'mine' | 'stored'): void {
    const before = this.view();
    const mine = keep === 'mine' && !this.server.submitted;
    if (!this.answers.resolveConflict(key, mine ? 'mine' : 'stored')) return;
    if (mine) this.noteStructure(before);
    this.engine.keep();
    this.emit(mine ? [key] : undefined);
    if (mine) void this.flush();
  }

  /** Resolves once the answers being kept in this browser have been written. */
  persisted(): Promise<void> {
    return this.engine.written();
  }

  /**
   * Issue 26 §3: the record moved to another form while this screen showed the old one. Unsent and
   * kept answers move as the migration moved the stored ones (`mover`), and saving goes on from the
   * new version: what the person types now answers the question on their screen (decision 061).
   */
  changeForm(state: ServerRecordState, mover: AnswerKeyMover): void {
    if (this.disposed) return;
    const before = movedAnswers(this.view(), mover);
    this.answers.changeForm(mover, state.version);
    this.engine.resume();
    this.remote.drop();
    this.adopt(state, before);
    this.answers.structureVersion += 1;
    this.engine.keep();
    this.emit();
    if (this.answers.unsent > 0 || this.engine.waiting) void this.flush();
  }

  /**
   * customer-app §4 "Complete & Send": unsent answers are saved first (a stored answer someone wrote
   * meanwhile is replaced by the person's, as in every save), then the submit carries what follows
   * from them (unticked checkboxes as false). Throws the failure; nothing is lost then.
   */
  async submit(send: (input: SaveInput) => Promise<ServerRecordState>): Promise<void> {
    this.engine.halt();
    if (this.answers.conflictCount > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    await this.engine.sendAll(() => this.answers.unsent);
    if (this.answers.conflictCount > 0) throw new Error(CHOOSE_KEPT_ANSWERS_FIRST);
    const { answers } = this.answers.nextSave('submit', (view) => this.deps.derive?.(view, 'submit') ?? {});
    // After autosave stopped, the person's answers have not been merged: they are sent "as of now".
    const state = await send({ baseVersion: this.engine.stopped ? null : this.server.version, answers });
    this.answers.submitted();
    this.adopt(state);
    this.engine.keep();
    this.emit();
  }

  dispose(): void {
    this.disposed = true;
    this.engine.dispose();
  }

  /** The server's version this screen holds (issue 31 §6.2: the poll names it). */
  get knownVersion(): number {
    return this.server.version;
  }

  private get server(): ServerRecordState {
    return this.answers.server;
  }

  private noteFormChanged(): void {
    if (this.engine.pause()) this.deps.onFormChanged?.();
  }

  /** The stored state that waited for blur or the save's end, taken now. */
  private applyDeferredRemote(): boolean {
    const state = this.remote.takeWaiting();
    if (!state) return false;
    this.adopt(state);
    this.emit();
    return true;
  }

  /** Takes a stored state; the focused field keeps what it shows, unsent answers stay on top. */
  private adopt(state: ServerRecordState, before: Answers = this.view()): void {
    // Issue 13 §2: what the server turned out to hold (a save whose reply came after the time-out)
    // leaves the kept copy too, so a later visit never sends it again over a newer answer.
    if (this.answers.adopt(state, before)) this.engine.keep();
    if (state.submitted) this.engine.halt();
    this.noteStructure(before);
    this.store.invalidate();
  }

  /** After the shown answers changed from `before`: a new structure version when it matters. */
  private noteStructure(before: Answers): void {
    if (structureChanged(before, this.view(), this.deps.changesStructure)) this.answers.structureVersion += 1;
  }

  /** Tells the screen (record-store.ts): `keys`, the answers that changed (all when absent). */
  private emit(keys?: readonly string[]): void {
    this.store.emit(keys);
  }
}
