import DataLoader from 'dataloader';
import type { AuditAction } from '#domain/audit.ts';
import { type Actor, decide } from '#domain/permissions.ts';
import type { Answers } from '#domain/record-answers.ts';
import { recordFormAnswer } from '#domain/record-form.ts';
import { isUuid } from '../../db/uuid.ts';
import { ADMINS_ONLY_MESSAGE, denial, ok, type Result, refusal } from '../../kernel/result.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import {
  type AuditRequest,
  auditRecordReads,
  auditRecordSend,
  readSealedGenerationWithEntry,
} from '../audit/audit-service.ts';
import { openGenerationRows } from './record-sealing.ts';

/**
 * Issue 40 §2 (decision 204): the one door to a record's plaintext. Values come out of the vault
 * `Withheld`: nothing outside this file can take them out, so every resolver, route and service that
 * hands a person's words to anyone passes `openRecords`, which decides the purpose, writes the audit
 * entry (issue 29 §1, decision 122: every read of someone else's words, before they leave, and
 * nothing leaves when the entry cannot be written) and only then releases the values.
 * The caches of opened values live with the vault the door opens through (record-sealing.ts,
 * opened-answers-cache.ts: time limit, size limit, eviction on erasure on every server).
 */
let release: <T>(withheld: Withheld<T>) => T;
let enteredAlready: (withheld: Withheld<unknown>) => boolean;
let markEntered: <T>(withheld: Withheld<T>) => Withheld<T>;

export class Withheld<T> {
  readonly #value: T;
  // The audit entry of this reading was written by the statement that read it (a download).
  #entered = false;
  constructor(value: T) {
    this.#value = value;
  }
  static {
    release = (withheld) => withheld.#value;
    enteredAlready = (withheld) => withheld.#entered;
    markEntered = (withheld) => {
      withheld.#entered = true;
      return withheld;
    };
  }
  /** A value made from this one inside the server (a model's request from the answers), still withheld. */
  map<U>(make: (value: T) => U): Withheld<U> {
    return new Withheld(make(this.#value));
  }
  /** Whether it holds nothing (no answer, an empty text): a fact the lists show anyway. */
  isEmpty(): boolean {
    const value: unknown = this.#value;
    if (value === null || value === undefined || value === '') return true;
    return typeof value === 'object' && Object.keys(value).length === 0;
  }
  /** Logs and JSON never see the value. */
  toJSON(): string {
    return '[withheld]';
  }
}

/**
 * Why plaintext leaves the door, each with what the audit enters for someone else's record:
 * - `record.read`: answers reach the viewer (a record, a list, a live update, a save's echo);
 * - `report.read`: a narrative or a generation's text reaches the viewer (a download's entry is
 *   written by the statement that read it, so it is not entered twice);
 * - `report.generate`: answers go to a model, entered with provider and model before they are sent;
 * - `owner.use`: the owner's own export, book, reminder or transcript; refused for anyone else;
 * - `recording.lookup`: which recording answers a question; the answers stay in the server, and
 *   playing the recording is entered as `recording.play` by the recordings service.
 */
export type OpenPurpose =
  | 'record.read'
  | 'report.read'
  | { generate: { provider: string; model: string } }
  | 'owner.use'
  | 'recording.lookup';

/** A withheld value with the facts the door decides on. */
export interface Sealed<T> {
  recordId: string;
  /** null: a credit (nobody's record yet); undefined: not known here, the audit looks it up. */
  ownerId: string | null | undefined;
  value: Withheld<T>;
}

/**
 * Who reads, with their entries batched: every value one request (a GraphQL operation, a
 * subscription's event) opens in one tick is entered in one statement. Nothing is remembered
 * between batches, so each push of a subscription is a read of its own.
 */
export interface RecordReader {
  readonly deps: ServiceDeps;
  readonly request: AuditRequest;
  enter(recordId: string, action: AuditAction): Promise<void>;
}

export function recordReader(deps: ServiceDeps, request: AuditRequest): RecordReader {
  const batch = new DataLoader<string, true>(
    async (keys) => {
      const reads = [...new Set(keys)].map((key) => {
        const [recordId = '', action] = key.split(' ');
        return { recordId, action: action as AuditAction };
      });
      await auditRecordReads(deps, request, reads);
      return keys.map(() => true as const);
    },
    { cache: false },
  );
  return {
    deps,
    request,
    enter: async (recordId, action) => {
      await batch.load(`${recordId} ${action}`);
    },
  };
}

/**
 * A reader for the purposes that enter nothing (`owner.use`, `recording.lookup`): a job or a
 * service acting for a person without a request of its own.
 */
export function actorReader(deps: ServiceDeps, actor: Actor): RecordReader {
  return recordReader(deps, { viewer: { ...actor, name: null }, requestId: null });
}

/** A record's answers as the door takes them. */
export function answersOf(record: { id: string; clientId: string | null; data: Withheld<Answers> }) {
  return { recordId: record.id, ownerId: record.clientId, value: record.data } satisfies Sealed<Answers>;
}

/**
 * Issue 40 §2: decides, enters and releases. Throws (the caller answers nothing) when the entry
 * cannot be written, or when `owner.use` is asked for someone else's record (a bug, never a path).
 */
export async function openRecords<T>(
  reader: RecordReader,
  values: readonly Sealed<T>[],
  purpose: OpenPurpose,
): Promise<T[]> {
  const viewerId = reader.request.viewer.userId;
  const others = values.filter(
    ({ ownerId }) => ownerId !== null && (ownerId === undefined || ownerId !== viewerId),
  );
  if (purpose === 'owner.use') {
    if (others.length > 0) throw new Error(`record ${others[0]?.recordId} is not the viewer's own`);
  } else if (typeof purpose === 'object') {
    for (const { recordId } of others)
      await auditRecordSend(reader.deps, reader.request, {
        recordId,
        action: 'report.generate',
        ...purpose.generate,
      });
  } else if (purpose !== 'recording.lookup') {
    const toEnter = others.filter(({ value }) => !(purpose === 'report.read' && enteredAlready(value)));
    await Promise.all(toEnter.map(({ recordId }) => reader.enter(recordId, purpose)));
  }
  return values.map(({ value }) => release(value));
}

/** One value: the common case of a field or a service. */
export async function openRecord<T>(
  reader: RecordReader,
  value: Sealed<T>,
  purpose: OpenPurpose,
): Promise<T> {
  const [opened] = await openRecords(reader, [value], purpose);
  return opened as T;
}

/**
 * The form a record is answered against: its version's, or the steps in its own answers (a credit's
 * form, issue 12). Only the form leaves, never an answer, so nothing is entered.
 */
export function recordFormOf(typeForm: unknown, answers: Withheld<Answers> | null) {
  return recordFormAnswer(typeForm, answers ? release(answers) : {});
}

const GENERATION_NOT_FOUND = 'Report generation not found.';

/**
 * Issue 29 §1 "a Word download": an admin takes a generation's text to make the document. The
 * entry and the sealed text come from one statement, so the text never leaves without its entry;
 * then it opens here like every other value.
 */
export async function openGenerationForDownload(deps: ServiceDeps, request: AuditRequest | null, id: string) {
  const refused = refusal(decide(request?.viewer ?? null, 'reportGeneration.read'), {
    forbidden: ADMINS_ONLY_MESSAGE,
  });
  if (refused || !request) return refused ?? denial('unauthenticated');
  if (!isUuid(id)) return denial('not-found', { notFound: GENERATION_NOT_FOUND });
  const row = await readSealedGenerationWithEntry(deps, request, id, 'report.download');
  if (!row) return denial('not-found', { notFound: GENERATION_NOT_FOUND });
  const [opened] = await openGenerationRows(deps.database, [
    { report_id: row.recordId, response: row.response },
  ]);
  const generation = {
    id,
    recordId: row.recordId,
    response: markEntered(new Withheld(opened?.response ?? '')),
    ...(opened?.unreadable ? { unreadable: opened.unreadable } : {}),
    model: row.model,
    dateGenerated: row.dateGenerated,
  };
  return ok(generation) as Result<typeof generation>;
}
