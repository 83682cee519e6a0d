import type { OpenedAnswersCache } from './opened-answers-cache.ts';
import type { RecordRead } from './record-read-repository.ts';

// What a record's shared read for its subscribers (shared-record-reads.ts) takes over from the
// read before it instead of asking the database again (issue 39 §1, decisions 211, 212, 214).

type Lookups = Map<string, Promise<unknown>>;

/** A record's reads so far, as its entry among the shared reads keeps them. */
export interface ReadHistory {
  /** When the lookups the reads pass on were fetched (CATALOG_REUSE_MS). */
  catalogSince: number;
  /** When a read last went to the database (decision 214). */
  readFromDatabaseAt: number;
  /** The latest read, and how many changes had been heard when it started. */
  last:
    | {
        changes: number;
        delivery: { ok: true; read: { row: RecordRead | undefined; lookups: Lookups } } | { ok: false };
      }
    | undefined;
}

/**
 * Issue 39 §1: half of the statements behind a save were the subscribers' fetches of the record's
 * organization and form type, made again on every change. A change of answers changes neither
 * (they are admins' catalog, never a person's data, and a record that moves to another one gets
 * another key), so a change's read starts from the previous read's fetches of them, for at most
 * this long after they were made.
 *
 * The owner's row is a person's data (decision 212): it is passed on only to a read of the version a
 * save on this server wrote (`savedHere`). That save held only while the record was neither erased
 * nor in erasure, and an erasure's start marks the person and their records in one statement, so the
 * owner was not in erasure either; anything else (an erasure, a move to another owner, a change from
 * another server) reads it again, and the key names the owner. Names, consent and generations are
 * fetched again on every change.
 */
export const CATALOG_REUSE_MS = 30_000;
const CATALOG_LOOKUP = /^(organization|inventoryType):/;
const OWNER_LOOKUP = /^owner:/;

export function reusedLookups(history: ReadHistory, now: number, row: RecordRead | undefined): Lookups {
  const previous = history.last?.delivery.ok ? history.last.delivery.read.lookups : undefined;
  if (!previous || now - history.catalogSince >= CATALOG_REUSE_MS) {
    history.catalogSince = now;
    return new Map();
  }
  const passedOn = (name: string) =>
    CATALOG_LOOKUP.test(name) || (row?.savedHere === true && OWNER_LOOKUP.test(name));
  return new Map([...previous].filter(([name]) => passedOn(name)));
}

/**
 * Decision 214: the row after a save made here, without reading it back. Only when the one change
 * heard since the last read started (`started`: the changes heard when this read starts) is that
 * save: the cache holds the version written on top of the last read's (a save's write holds only on
 * the version it read, so nothing came between), and every other write heard here or told by another
 * server counts as a change of its own, which sends the next read to the database. A write from
 * another server whose notice is still on its way is read when it comes, as it would have been. At
 * least every CATALOG_REUSE_MS a read goes to the database all the same.
 */
export function rowOfOwnSave(
  history: ReadHistory,
  started: number,
  known: ReturnType<OpenedAnswersCache['get']>,
  maxBytes: number,
): RecordRead | undefined {
  const last = history.last;
  if (!last?.delivery.ok || started !== last.changes + 1) return undefined;
  if (Date.now() - history.readFromDatabaseAt >= CATALOG_REUSE_MS) return undefined;
  const before = last.delivery.read.row;
  if (!before || before.unreadable || before.answer_versions === undefined) return undefined;
  const written = known?.facts;
  if (!known || !written || known.version !== before.version + 1 || written.sealedBytes > maxBytes)
    return undefined;
  return {
    ...before,
    version: known.version,
    updated_at: written.updatedAt,
    submitted: written.submitted,
    data: known.data,
    data_bytes: written.sealedBytes,
    answer_versions: written.keyVersions,
    form_changed_version: written.formChangedVersion,
    savedHere: true,
  };
}
