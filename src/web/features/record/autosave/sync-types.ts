import type { KeptAnswers } from '#web/lib/kept-answers-store.ts';

/** The shapes the record's saving parts share (record-sync.ts assembles them; decision 061). */
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

/** Answers kept in this browser with the version each was typed against: one type, the store's. */
export type { KeptAnswers };

/** An answer kept from an earlier visit that someone changed since: the person chooses (issue 13 §2). */
export interface KeptConflict {
  key: string;
  /** What this device kept. */
  mine: unknown;
  /** What the server holds now (newer). */
  stored: unknown;
}

export interface SaveInput {
  /** The version the answers were typed against; null: "as of now" (a manual submit). */
  baseVersion: number | null;
  answers: Answers;
}

/** Whether changing an answer can change more than its own field (src/domain/answer-structure.ts). */
export type StructureCheck = (key: string, before: unknown, after: unknown) => boolean;

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
  /** Issue 44 §7: a save was refused because the record was submitted elsewhere; it is read-only now. */
  onSubmittedElsewhere?(): void;
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
