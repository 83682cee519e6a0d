import type { RecordFacts, RecordFieldVisibility } from '#domain/permissions.ts';
import type { Answers } from '#domain/record-answers.ts';
import type { Withheld } from './open-records.ts';
/**
 * A record as one viewer may see it (customer-app §3 reports). `visible` is the policy's field-level
 * decision for that viewer, made when the record was read; the field resolvers only obey it. Owner,
 * organization and inventory type are looked up by id when selected.
 */
export interface RecordModel extends RecordFacts {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  inventoryTypeId: string;
  /** The published form version the record is answered against (issue 12). */
  formVersion: number;
  /** Opened, but withheld until open-records.ts lets them through (decision 204). */
  data: Withheld<Answers>;
  /** The stored answers' size as JSON text, in bytes; 0 when they were not read (issue 25). */
  dataBytes: number;
  /** The answers were asked for but left in the database: the operation's budget was spent. */
  answersWithheld: boolean;
  report: Withheld<string> | null;
  /** Issue 30 §3: the record's sealed values did not open; its answer fields answer this error. */
  unreadable?: string;
  visible: RecordFieldVisibility;
  /**
   * Issue 39 §3: read with a live update (shared-record-reads.ts): the row version that last wrote
   * each answer (decision 012) and the version at which the record last changed form.
   */
  answerVersions?: Readonly<Record<string, number>>;
  formChangedVersion?: number;
  /** Issue 39 §3: on a live update after the first, the version of the update the subscriber had. */
  liveSince?: number;
  /**
   * Issue 31 §6: on a live update, the fetches about this record (owner, organization, type …)
   * shared by every subscriber of the change on this server (shared-record-reads.ts).
   */
  lookups?: Map<string, Promise<unknown>>;
}

export interface ReportGenerationModel {
  id: string;
  recordId: string;
  dateGenerated: Date;
  response: Withheld<string>;
  model: string | null;
  /** Issue 30 §3: the text did not open (this message is the generation's error). */
  unreadable?: string;
}

/** What a save answers (customer-app §7 call 7: id, data, updated_at; plus version, DESIGN §7). */
export interface RecordSaveModel {
  id: string;
  /** Read back only when the caller selects it. */
  data?: Withheld<Answers>;
  updatedAt: Date;
  version: number;
  /** The form the record is answered against after the save (issue 26 §3). */
  inventoryTypeId: string;
  formVersion: number;
  conflictingKeys: string[];
}

/**
 * Issue 25 §1: which answers a read brings into memory. `null`: none (the caller selected neither
 * answers nor form); else the answers of the rows, in the list's order, as long as their stored
 * sizes together stay within `maxBytes`. A row past that comes back with `data` null, so a list of
 * large records costs the server at most the budget however long it is, and each size is known
 * without loading the answers (PostgreSQL measures them where they lie).
 */
export type AnswerRead = {
  maxBytes: number;
  /** Issue 31 §6.2: the answers only of a record newer than this version (the poll's); else all. */
  newerThan?: number;
} | null;
export const ALL_ANSWERS: AnswerRead = { maxBytes: Number.MAX_SAFE_INTEGER };

/** Issue 31 §6.2: a poll's answer; `record` only when the version is past the client's. */
export interface RecordPollModel {
  version: number;
  record: RecordModel | null;
}
