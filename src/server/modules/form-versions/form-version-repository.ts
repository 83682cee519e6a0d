import type { AnswerMapping } from '#domain/answer-mapping.ts';
import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import type { inventoryTypeVersions, recordMigrations, reports, users } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';

/** A published version as the admin console lists it (issue 12). */
export type FormVersionRow = ColumnsOfRow<
  typeof inventoryTypeVersions,
  'inventory_type_id' | 'number' | 'published_at'
> & {
  /** The publisher's name (users.name), not the id the column holds. */
  published_by: RowOf<typeof users>['name'];
  /** How many records use this version. */
  record_count: number;
};

export async function listFormVersions(database: Database, typeId: string) {
  return runPrepared<FormVersionRow>(database, {
    name: 'form-versions-of-type',
    text: `select v.inventory_type_id, v.number, v.published_at, u.name as published_by,
                  (select count(*)::int from reports r
                    where r.inventory_type_id = v.inventory_type_id and r.form_version = v.number) as record_count
           from inventory_type_versions v left join users u on u.id = v.published_by
           where v.inventory_type_id = $1::uuid
           order by v.number desc`,
    values: [typeId],
  });
}

/** Whether the draft (inventory_types.form) differs from the newest published version. */
export async function draftDiffersFromLatest(database: Database, typeId: string) {
  const [row] = await runPrepared<{ differs: boolean }>(database, {
    name: 'form-version-draft-differs',
    text: `select t.form is distinct from (select v.form from inventory_type_versions v
                                         where v.inventory_type_id = t.id order by v.number desc limit 1) as differs
           from inventory_types t where t.id = $1::uuid`,
    values: [typeId],
  });
  return row?.differs;
}

/** Several versions' forms at once, by "typeId/number" (a list of records asks once per record). */
export async function formsOfVersions(database: Database, keys: readonly string[]) {
  const pairs = keys.map((key) => key.split('/'));
  const rows = await runPrepared<
    ColumnsOfRow<typeof inventoryTypeVersions, 'inventory_type_id' | 'number' | 'form'>
  >(database, {
    name: 'form-versions-forms',
    text: `select v.inventory_type_id, v.number, v.form
           from inventory_type_versions v
           join unnest($1::uuid[], $2::int[]) as k(type_id, number)
             on k.type_id = v.inventory_type_id and k.number = v.number`,
    values: [pairs.map(([typeId]) => typeId), pairs.map(([, number]) => Number(number))],
  });
  return new Map(rows.map((row) => [`${row.inventory_type_id}/${row.number}`, row.form]));
}

/**
 * The draft becomes the next version, unless it is the newest version already. One statement, so
 * two admins publishing at once get two numbers or one refusal, never a gap or a duplicate.
 */
export async function publishDraft(database: Database, typeId: string, publishedBy: string | null) {
  const [row] = await runPrepared<FormVersionRow>(database, {
    name: 'form-version-publish',
    text: `with latest as (
             select v.number, v.form from inventory_type_versions v
             where v.inventory_type_id = $1::uuid order by v.number desc limit 1
           )
           insert into inventory_type_versions (inventory_type_id, number, form, published_by)
           select t.id, coalesce((select number from latest), 0) + 1, t.form, $2::uuid
           from inventory_types t
           where t.id = $1::uuid and t.form is distinct from (select form from latest)
           returning inventory_type_id, number, published_at, null::text as published_by, 0 as record_count`,
    values: [typeId, publishedBy],
  });
  return row;
}

export type MigratableRecordRow = ColumnsOfRow<typeof reports, 'id' | 'version' | 'submitted' | 'data'>;

/** A batch of the records of one version, after `afterId` (keyset: a migration never holds them all). */
export function recordsOfVersion(
  database: Database,
  input: {
    typeId: string;
    version: number;
    includeSubmitted: boolean;
    afterId: string | null;
    limit: number;
  },
) {
  return runPrepared<MigratableRecordRow>(database, {
    name: 'form-version-records',
    text: `select r.id, r.version, r.submitted, r.data from reports r
           where r.inventory_type_id = $1::uuid and r.form_version = $2::int
             and ($3::boolean or not r.submitted)
             and ($4::uuid is null or r.id > $4::uuid)
           order by r.id limit $5::int`,
    values: [input.typeId, input.version, input.includeSubmitted, input.afterId, input.limit],
  });
}

export async function countSubmittedOfVersion(database: Database, typeId: string, version: number) {
  const [row] = await runPrepared<{ count: number }>(database, {
    name: 'form-version-submitted-count',
    text: `select count(*)::int as count from reports
           where inventory_type_id = $1::uuid and form_version = $2::int and submitted`,
    values: [typeId, version],
  });
  return row?.count ?? 0;
}

export interface RecordMove {
  batchId: string;
  recordId: string;
  /** The row version the new data was computed from: if the record changed since, nothing is written. */
  expectedVersion: number;
  targetTypeId: string;
  targetVersion: number;
  data: Record<string, unknown>;
  /** The admin's mapping, kept so open screens move unsent answers the same way (issue 26 §3). */
  mapping: AnswerMapping;
  migratedBy: string | null;
}

/**
 * One record moved, with what it was kept for an undo, in one statement (so in one transaction).
 * Answers carried over count as written by this row version, so no older save replaces them.
 */
export async function moveRecord(writer: RecordWriter, move: RecordMove) {
  const rows = await runPrepared<ColumnsOfRow<typeof reports, 'id'>>(writer, {
    name: 'form-version-move-record',
    text: `with old as (
             select id, inventory_type_id, form_version, data, answer_versions, version
             from reports where id = $1::uuid and version = $2::int for update
           ), moved as (
             update reports r
             set inventory_type_id = $3::uuid, form_version = $4::int, data = $5::jsonb,
                 answer_versions = (select coalesce(jsonb_object_agg(key, r.version + 1), '{}'::jsonb)
                                    from jsonb_object_keys($5::jsonb) as key),
                 version = r.version + 1, form_changed_version = r.version + 1, updated_at = now()
             from old where r.id = old.id
             returning r.id, r.version
           )
           insert into record_migrations (batch_id, report_id, from_type_id, from_version, to_type_id,
             to_version, previous_data, previous_answer_versions, row_version_after, migrated_by,
             answer_mapping)
           select $6::uuid, old.id, old.inventory_type_id, old.form_version, $3::uuid, $4::int, old.data,
                  old.answer_versions, moved.version, $7::uuid, $8::jsonb
           from old join moved on moved.id = old.id
           returning report_id as id`,
    values: [
      move.recordId,
      move.expectedVersion,
      move.targetTypeId,
      move.targetVersion,
      JSON.stringify(move.data),
      move.batchId,
      move.migratedBy,
      JSON.stringify(move.mapping),
    ],
  });
  return rows.length === 1;
}

/**
 * A batch undone in one statement: each record gets back its type, version and answers, unless it
 * changed after the migration (then it is left as it is, so nothing typed since is lost).
 */
export async function undoBatch(writer: RecordWriter, batchId: string) {
  const rows = await runPrepared<{ restored: string[] | null; total: number }>(writer, {
    name: 'form-version-undo-batch',
    text: `with m as (
             select * from record_migrations where batch_id = $1::uuid and undone_at is null
           ), restored as (
             update reports r
             set inventory_type_id = m.from_type_id, form_version = m.from_version, data = m.previous_data,
                 answer_versions = m.previous_answer_versions, version = r.version + 1,
                 form_changed_version = r.version + 1, updated_at = now()
             from m where r.id = m.report_id and r.version = m.row_version_after
             returning r.id, r.version
           ), marked as (
             update record_migrations x set undone_at = now(), row_version_undone = restored.version
             from restored where x.batch_id = $1::uuid and x.report_id = restored.id
             returning x.report_id
           )
           select (select array_agg(report_id) from marked) as restored, (select count(*)::int from m) as total`,
    values: [batchId],
  });
  return { restored: rows[0]?.restored ?? [], total: rows[0]?.total ?? 0 };
}

export type MigrationBatchRow = ColumnsOfRow<
  typeof recordMigrations,
  'batch_id' | 'created_at' | 'from_type_id' | 'from_version' | 'to_type_id' | 'to_version'
> & {
  /** Records the batch moved, and how many of them were moved back. */
  records: number;
  undone: number;
};

/** The migrations that moved records out of or into a type, newest first (for Undo after a reload). */
export function migrationBatchesOfType(database: Database, typeId: string) {
  return runPrepared<MigrationBatchRow>(database, {
    name: 'form-version-migration-batches',
    text: `select batch_id, min(created_at) as created_at, min(from_type_id::text)::uuid as from_type_id,
                  min(from_version) as from_version, min(to_type_id::text)::uuid as to_type_id,
                  min(to_version) as to_version, count(*)::int as records,
                  count(undone_at)::int as undone
           from record_migrations
           where from_type_id = $1::uuid or to_type_id = $1::uuid
           group by batch_id order by min(created_at) desc limit 20`,
    values: [typeId],
  });
}

/** How many form changes of one record are read at most (each is one migration or undo). */
const MAX_FORM_CHANGES = 100;

/**
 * The form changes of a record after a row version, oldest first (issue 26 §3): each migration with
 * the mapping it used, and each undo of one. Rows from before mappings were kept have none.
 */
export function formChangesOfRecord(database: Database, recordId: string, sinceVersion: number) {
  return runPrepared<{
    answer_mapping: unknown;
    from_version: number;
    to_version: number;
    row_version_after: number;
    row_version_undone: number | null;
  }>(database, {
    name: 'form-version-changes-of-record',
    text: `select answer_mapping, from_version, to_version, row_version_after, row_version_undone
           from record_migrations
             where report_id = $1::uuid and (row_version_after > $2::int or row_version_undone > $2::int)
             order by row_version_after limit ${MAX_FORM_CHANGES}`,
    values: [recordId, sinceVersion],
  });
}
