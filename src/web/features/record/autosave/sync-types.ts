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

export interface SaveInput {
  /** The version the answers were typed against; null: "as of now" (a manual submit). */
  baseVersion: number | null;
  answers: Answers;
}

/** Whether changing an answer can change more than its own field (src/domain/answer-structure.ts). */
export type StructureCheck = (key: string, before: unknown, after: unknown) => boolean;
