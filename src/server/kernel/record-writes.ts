import type { Database } from '../db/database.ts';
import type { RecordChanges } from './record-changes.ts';

declare const recordWriterBrand: unique symbol;

/**
 * Issue 27 §2: the database as a writer of records gets it. Every statement that changes a record
 * (its row in `reports`, or what the record screen shows of it) takes a RecordWriter, and only
 * `writeRecords` hands one out, so a write that would not publish its change does not type-check.
 */
export type RecordWriter = Database & { readonly [recordWriterBrand]: true };

/** What a writer of records needs: the database, and the publisher its changes go to. */
export interface RecordWriteDeps {
  database: Database;
  changes: RecordChanges;
}

/** What a write did: its value, and the records it changed (published once it has committed). */
export interface RecordsWritten<T> {
  value: T;
  changed: readonly string[];
}

/**
 * The one place a change of records is published (DESIGN §7 live updates): after `write` has
 * resolved, that is after its statement, or the transaction it opened, has committed. Nothing is
 * published for a write that failed.
 */
export async function writeRecords<T>(
  deps: RecordWriteDeps,
  write: (writer: RecordWriter) => Promise<RecordsWritten<T>>,
): Promise<T> {
  const { value, changed } = await write(deps.database as RecordWriter);
  for (const recordId of changed) deps.changes.changed(recordId);
  return value;
}
