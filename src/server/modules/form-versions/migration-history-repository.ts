import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { recordMigrations } from '../../db/schema.ts';

// What the form migrations did (issue 12 and 26): their batches for Undo, each record's changes.
const m = recordMigrations;

export type MigrationBatchRow = ColumnsOfRow<
  typeof recordMigrations,
  'batch_id' | 'created_at' | 'from_type_id' | 'from_version' | 'to_type_id' | 'to_version'
> & {
  /** Records the batch moved, and how many of them were moved back. */
  records: number;
  undone: number;
};

const MIGRATION_BATCHES = prepared<MigrationBatchRow>(
  'form-version-migration-batches',
  sql`select ${m.batchId}, min(${m.createdAt}) as created_at, min(${m.fromTypeId}::text)::uuid as from_type_id,
        min(${m.fromVersion}) as from_version, min(${m.toTypeId}::text)::uuid as to_type_id,
        min(${m.toVersion}) as to_version, count(*)::int as records, count(${m.undoneAt})::int as undone
      from ${m}
      where ${m.fromTypeId} = ${value('typeId')}::uuid or ${m.toTypeId} = ${value('typeId')}::uuid
      group by ${m.batchId} order by min(${m.createdAt}) desc limit 20`,
);

/** The migrations that moved records out of or into a type, newest first (for Undo after a reload). */
export function migrationBatchesOfType(database: Database, typeId: string) {
  return runPrepared(database, MIGRATION_BATCHES, { typeId });
}

/** How many form changes of one record are read at most (each is one migration or undo). */
const MAX_FORM_CHANGES = 100;

const FORM_CHANGES = prepared<
  ColumnsOfRow<
    typeof recordMigrations,
    'answer_mapping' | 'from_version' | 'to_version' | 'row_version_after' | 'row_version_undone'
  >
>(
  'form-version-changes-of-record',
  sql`select ${m.answerMapping}, ${m.fromVersion}, ${m.toVersion}, ${m.rowVersionAfter}, ${m.rowVersionUndone}
      from ${m}
      where ${m.reportId} = ${value('recordId')}::uuid
        and (${m.rowVersionAfter} > ${value('since')}::int or ${m.rowVersionUndone} > ${value('since')}::int)
      order by ${m.rowVersionAfter} limit ${sql.raw(String(MAX_FORM_CHANGES))}`,
);

/**
 * The form changes of a record after a row version, oldest first (issue 26 §3): each migration with
 * the mapping it used, and each undo of one. Rows from before mappings were kept have none.
 */
export function formChangesOfRecord(database: Database, recordId: string, sinceVersion: number) {
  return runPrepared(database, FORM_CHANGES, { recordId, since: sinceVersion });
}
