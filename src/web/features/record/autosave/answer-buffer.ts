import { sameAnswer } from './answer-equality.ts';
import { type AnswerKeyMover, moveKeys } from './answer-key-moves.ts';
import { mergeChoiceAnswers } from './answer-merge.ts';
import { type SaveBody, saveBody } from './save-body.ts';
import type { Answers, KeptAnswers, KeptConflict, SaveResult, ServerRecordState } from './sync-types.ts';

/**
 * The record's answers as typed, sent and acknowledged (customer-app §4, DESIGN §7, decision 061):
 * the stored state with the person's unsent answers over it, and kept answers refused as older.
 * Pure (no timers, DOM or React): the sync engine (record-sync.ts) decides when things happen.
 */
export class AnswerBuffer {
  /** The record as the server last told us. */
  server: ServerRecordState;
  /** Answers the person typed that the server has not acknowledged, by key. */
  private readonly pending = new Map<string, unknown>();
  /** For each unsent answer, the stored value it was changed from (issue 13 §3). */
  private readonly bases = new Map<string, unknown>();
  /** For each unsent or kept answer, the record version it was typed against (issue 13 §2). */
  private readonly typedAgainst = new Map<string, number>();
  /** Unsent answers from an earlier visit or a closed tab: they go in saves of their own (issue 13 §2). */
  private readonly restoredKeys = new Set<string>();
  /** Kept answers refused as older than the stored ones, waiting for the person's choice. */
  private readonly conflicts = new Map<string, unknown>();
  /** When the person last changed each answer in this tab (issue 26 §5: the newer of two tabs wins). */
  private readonly changedAt = new Map<string, number>();
  /** What this tab's saves wrote, by key: a stored answer that is still ours (issue 26 §5). */
  private readonly written = new Map<string, unknown>();
  /** The focused field's shown value while a newer stored one waits for blur. */
  private readonly held = new Map<string, unknown>();
  /** The keys of the save on its way: not settled by a stored state until it is acknowledged. */
  private sent: ReadonlySet<string> = new Set();
  /** Old keys of the last form change → their new keys (an edit still arriving under an old key). */
  private renamed: ReadonlyMap<string, string> = new Map();
  private focusedKey: string | null = null;
  private viewCache: Answers | null = null;
  /** Grows whenever the kept answers waiting for a choice (or the stored ones beside them) change. */
  conflictsRevision = 0;
  /** Grows when the shown answers change more than their own fields (issue 15 §1; the engine counts). */
  structureVersion = 0;

  constructor(server: ServerRecordState) {
    this.server = server;
  }

  get unsent(): number {
    return this.pending.size;
  }

  get conflictCount(): number {
    return this.conflicts.size;
  }

  /** What the screen shows: the stored data, overlaid with every unsent answer. */
  view(): Answers {
    this.viewCache ??= Object.fromEntries([
      ...Object.entries(this.server.data),
      ...this.held,
      ...this.pending,
    ]);
    return this.viewCache;
  }

  /** One shown answer (the view's, without building the view). */
  getAnswer(key: string): unknown {
    if (this.pending.has(key)) return this.pending.get(key);
    if (this.held.has(key)) return this.held.get(key);
    return this.server.data[key];
  }

  /** The key an answer typed under `key` belongs to (issue 26 §3: a field of the old form). */
  keyOf(typedKey: string): string {
    return this.renamed.get(typedKey) ?? typedKey;
  }

  /** The person typed `value` for `key` at `now`. */
  type(key: string, value: unknown, now: number): void {
    this.changedAt.set(key, now);
    // What the server held when the person began changing this answer (choice lists merge from it).
    if (!this.pending.has(key)) {
      this.bases.set(key, this.server.data[key]);
      this.typedAgainst.set(key, this.server.version);
    }
    this.pending.set(key, value);
    this.held.delete(key);
    this.viewCache = null;
  }

  /**
   * Kept answers become unsent ones that remember their version; those the server holds are done.
   * Issue 26 §5: an answer this tab changed too goes by time: the one changed last is the person's.
   */
  takeKept(kept: KeptAnswers | undefined): boolean {
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
    this.viewCache = null;
    return taken;
  }

  /** What this browser keeps until the server acknowledges it: unsent and conflicting answers. */
  kept(): KeptAnswers {
    const answers = Object.fromEntries([...this.conflicts, ...this.pending]);
    const keys = Object.keys(answers);
    const typedAgainst = Object.fromEntries(
      keys.map((key) => [key, this.typedAgainst.get(key) ?? this.server.version]),
    );
    const changedAt = Object.fromEntries(keys.map((key) => [key, this.changedAt.get(key) ?? 0]));
    return { answers, typedAgainst, changedAt };
  }

  /** customer-app §4 Editing flag: the focused field is never replaced under the cursor. */
  focus(key: string): void {
    this.focusedKey = this.keyOf(key);
  }

  /** Blur: a held value gives way to the stored one. The view before, when one was held. */
  blur(): Answers | null {
    this.focusedKey = null;
    if (this.held.size === 0) return null;
    const before = this.view();
    this.held.clear();
    this.viewCache = null;
    return before;
  }

  /** The answers of one save (save-body.ts), with what follows from them (`derive`). */
  nextSave(reason: 'save' | 'submit', derive?: (view: Answers) => Answers): SaveBody {
    return saveBody(
      { pending: this.pending, restoredKeys: this.restoredKeys, typedAgainst: this.typedAgainst },
      { reason, stored: this.server, derived: () => derive?.(this.view()) ?? {} },
    );
  }

  /** The keys of the save on its way (none once it ended). */
  markSent(keys: Iterable<string>): void {
    this.sent = new Set(keys);
  }

  /** A save was acknowledged: its answers are no longer unsent, unless typed again or refused as stale. */
  acknowledge(sent: Map<string, unknown>, result: SaveResult): Answers {
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
    // The answers refused as stale: tick lists take in the other device's ticks before going again.
    mergeChoiceAnswers(this.pending, this.bases, result.data, (key) => !conflicting.has(key));
    this.viewCache = null;
    return shown;
  }

  /**
   * After an acknowledged save (and adopting its state): whether answers must go again at once. A
   * conflict means someone wrote the key after the version these answers were typed against; the
   * person's answer is the one on their screen, so it goes again from the new version (decision
   * 061). Answers left for a next part go at once too.
   */
  mustResend(sent: ReadonlyMap<string, unknown>, conflictingKeys: readonly string[]): boolean {
    const leftOver = [...this.pending.keys()].some((key) => !sent.has(key));
    return leftOver || conflictingKeys.some((key) => this.pending.has(key));
  }

  /**
   * Takes a stored state; the focused field keeps what it shows (`before`), unsent answers stay on
   * top. Returns whether some unsent or kept answer turned out stored (so the kept copy shrinks).
   */
  adopt(state: ServerRecordState, before: Answers): boolean {
    const focused = this.focusedKey;
    if (focused !== null && !this.pending.has(focused) && !this.held.has(focused)) {
      if (!sameAnswer(before[focused], state.data[focused])) this.held.set(focused, before[focused]);
    }
    this.server = state;
    mergeChoiceAnswers(this.pending, this.bases, state.data, (key) => this.sent.has(key));
    let settled = false;
    for (const [key, value] of this.pending) {
      if (!this.sent.has(key) && sameAnswer(value, state.data[key])) {
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
    this.viewCache = null;
    return settled;
  }

  /** Kept answers someone changed since they were typed here, with both texts (issue 13 §2). */
  keptConflicts(): KeptConflict[] {
    return [...this.conflicts].map(([key, mine]) => ({ key, mine, stored: this.server.data[key] }));
  }

  /** The person's choice for a kept answer: theirs becomes unsent, or it is let go (false: none such). */
  resolveConflict(key: string, keep: 'mine' | 'stored'): boolean {
    if (!this.conflicts.has(key)) return false;
    const mine = this.conflicts.get(key);
    this.conflicts.delete(key);
    this.conflictsRevision += 1;
    if (keep === 'mine') {
      if (!this.pending.has(key)) this.bases.set(key, this.server.data[key]);
      this.typedAgainst.set(key, this.server.version);
      this.pending.set(key, mine);
      this.held.delete(key);
    } else if (!this.pending.has(key)) {
      this.typedAgainst.delete(key);
    }
    this.viewCache = null;
    return true;
  }

  /**
   * Issue 26 §3: unsent and kept answers move as the migration moved the stored ones, typed against
   * `version`, the new form's first; the focused field follows its question.
   */
  changeForm(mover: AnswerKeyMover, version: number): void {
    const { target, renamed } = mover;
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
    for (const key of [...this.pending.keys(), ...this.conflicts.keys()]) this.typedAgainst.set(key, version);
    this.written.clear();
    if (this.focusedKey !== null) this.focusedKey = target(this.focusedKey);
    this.renamed = renamed;
    this.conflictsRevision += 1;
    this.viewCache = null;
  }

  /** The record was submitted with every unsent answer: nothing is unsent or held any more. */
  submitted(): void {
    this.pending.clear();
    this.bases.clear();
    this.typedAgainst.clear();
    this.restoredKeys.clear();
    this.held.clear();
    this.viewCache = null;
  }
}
