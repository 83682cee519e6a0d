import { sql } from 'drizzle-orm';
import type { AnswerMapping } from '#domain/answer-mapping.ts';
import { readStoredAnswers } from '#domain/record-answers.ts';
import type { Database } from '../../db/database.ts';
import { RecordUnreadableError } from '../../db/encryption/record-vault.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import {
  inventoryTypes,
  inventoryTypeVersions,
  lifeRecords,
  recordMigrations,
  users,
} from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';

const v = inventoryTypeVersions;
const t = inventoryTypes;
const r = lifeRecords;
const m = recordMigrations;
/** A column of a common table expression (`with old as (…)`) by its schema.ts name. */
const of = (name: string, col: { name: string }) => sql.raw(`${name}."${col.name}"`);

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

const VERSIONS_OF_TYPE = prepared<FormVersionRow>(
  'form-versions-of-type',
  sql`select ${v.inventoryTypeId}, ${v.number}, ${v.publishedAt}, ${users.name} as published_by,
        (select count(*)::int from ${r}
          where ${r.inventoryTypeId} = ${v.inventoryTypeId} and ${r.formVersion} = ${v.number}) as record_count
      from ${v} left join ${users} on ${users.id} = ${v.publishedBy}
      where ${v.inventoryTypeId} = ${value('typeId')}::uuid
      order by ${v.number} desc`,
);

export async function listFormVersions(database: Database, typeId: string) {
  return runPrepared(database, VERSIONS_OF_TYPE, { typeId });
}

const DRAFT_DIFFERS = prepared<{ differs: boolean }>(
  'form-version-draft-differs',
  sql`select ${t.form} is distinct from (select ${v.form} from ${v}
        where ${v.inventoryTypeId} = ${t.id} order by ${v.number} desc limit 1) as differs
      from ${t} where ${t.id} = ${value('typeId')}::uuid`,
);

/** Whether the draft (inventory_types.form) differs from the newest published version. */
export async function draftDiffersFromLatest(database: Database, typeId: string) {
  const [row] = await runPrepared(database, DRAFT_DIFFERS, { typeId });
  return row?.differs;
}

const VERSION_FORMS = prepared<
  ColumnsOfRow<typeof inventoryTypeVersions, 'inventory_type_id' | 'number' | 'form'>
>(
  'form-versions-forms',
  sql`select ${v.inventoryTypeId}, ${v.number}, ${v.form}
      from ${v}
      join unnest(${value('typeIds')}::uuid[], ${value('numbers')}::int[]) as k(type_id, number)
        on k.type_id = ${v.inventoryTypeId} and k.number = ${v.number}`,
);

/** Several versions' forms at once, by "typeId/number" (a list of records asks once per record). */
export async function formsOfVersions(database: Database, keys: readonly string[]) {
  const pairs = keys.map((key) => key.split('/'));
  const rows = await runPrepared(database, VERSION_FORMS, {
    typeIds: pairs.map(([typeId]) => typeId),
    numbers: pairs.map(([, number]) => Number(number)),
  });
  return new Map(rows.map((row) => [`${row.inventory_type_id}/${row.number}`, row.form]));
}

const PUBLISH = prepared<FormVersionRow>(
  'form-version-publish',
  sql`with latest as (
        select ${v.number}, ${v.form} from ${v}
        where ${v.inventoryTypeId} = ${value('typeId')}::uuid order by ${v.number} desc limit 1
      )
      insert into ${v} (${column(v.inventoryTypeId)}, ${column(v.number)}, ${column(v.form)}, ${column(v.publishedBy)})
      select ${t.id}, coalesce((select number from latest), 0) + 1, ${t.form}, ${value('publishedBy')}::uuid
      from ${t}
      where ${t.id} = ${value('typeId')}::uuid and ${t.form} is distinct from (select form from latest)
      returning ${v.inventoryTypeId}, ${v.number}, ${v.publishedAt}, null::text as published_by, 0 as record_count`,
);

/**
 * The draft becomes the next version, unless it is the newest version already. One statement, so
 * two admins publishing at once get two numbers or one refusal, never a gap or a duplicate.
 */
export async function publishDraft(database: Database, typeId: string, publishedBy: string | null) {
  const [row] = await runPrepared(database, PUBLISH, { typeId, publishedBy });
  return row;
}

type SealedMigratableRow = ColumnsOfRow<typeof lifeRecords, 'id' | 'version' | 'submitted' | 'data'>;
export type MigratableRecord = Omit<SealedMigratableRow, 'data'> & {
  data: Record<string, unknown>;
  /** Whether it has sealed answers (and so a data key): a move then never creates a key. */
  hasAnswers: boolean;
};

const RECORDS_OF_VERSION = prepared<SealedMigratableRow>(
  'form-version-records',
  sql`select ${r.id}, ${r.version}, ${r.submitted}, ${r.data} from ${r}
      where ${r.inventoryTypeId} = ${value('typeId')}::uuid and ${r.formVersion} = ${value('version')}::int
        and (${value('includeSubmitted')}::boolean or not ${r.submitted})
        and ${r.erasedAt} is null
        and (${value('afterId')}::uuid is null or ${r.id} > ${value('afterId')}::uuid)
      order by ${r.id} limit ${value('limit')}::int`,
);

/**
 * A batch of the records of one version, after `afterId` (keyset: a migration never holds them all),
 * their answers opened (issue 30 §3). A record whose answers cannot be opened (its key destroyed,
 * or its value altered) cannot be mapped: it is left where it is, unchanged.
 */
/**
 * A move's answers never leave the server (they are sealed again at once under the new version's
 * keys), so they open here without a reader or an entry. Decision 204: the last opening outside
 * records' door, until form migrations move into the records module (issue 40 §1).
 */
async function answersToMove(database: Database, recordId: string, sealed: Uint8Array | null) {
  if (!sealed) return {};
  return readStoredAnswers(JSON.parse(await database.vault.open(recordId, 'answers', sealed)));
}

export async function recordsOfVersion(
  database: Database,
  input: {
    typeId: string;
    version: number;
    includeSubmitted: boolean;
    afterId: string | null;
    limit: number;
  },
) {
  const rows = await runPrepared(database, RECORDS_OF_VERSION, input);
  const opened: MigratableRecord[] = [];
  for (const row of rows) {
    try {
      opened.push({
        ...row,
        data: await answersToMove(database, row.id, row.data),
        hasAnswers: row.data !== null,
      });
    } catch (error) {
      if (!(error instanceof RecordUnreadableError)) throw error;
    }
  }
  return opened;
}

const SUBMITTED_OF_VERSION = prepared<{ count: number }>(
  'form-version-submitted-count',
  sql`select count(*)::int as count from ${r}
      where ${r.inventoryTypeId} = ${value('typeId')}::uuid and ${r.formVersion} = ${value('version')}::int
        and ${r.submitted}`,
);

export async function countSubmittedOfVersion(database: Database, typeId: string, version: number) {
  const [row] = await runPrepared(database, SUBMITTED_OF_VERSION, { typeId, version });
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
  /** The record had sealed answers when read (issue 38 §3: then its key is never created anew). */
  hadAnswers: boolean;
  /** The admin's mapping, kept so open screens move unsent answers the same way (issue 26 §3). */
  mapping: AnswerMapping;
  migratedBy: string | null;
}

const MOVE_RECORD = prepared<ColumnsOfRow<typeof lifeRecords, 'id'>>(
  'form-version-move-record',
  sql`with old as (
        select ${r.id}, ${r.inventoryTypeId}, ${r.formVersion}, ${r.data}, ${r.answerVersions}, ${r.version}
        from ${r} where ${r.id} = ${value('recordId')}::uuid and ${r.version} = ${value('expectedVersion')}::int
          and ${r.erasedAt} is null
        for update
      ), moved as (
        update ${lifeRecords}
        set ${column(r.inventoryTypeId)} = ${value('targetTypeId')}::uuid,
            ${column(r.formVersion)} = ${value('targetVersion')}::int, ${column(r.data)} = ${value('data')}::bytea,
            ${column(r.answerVersions)} = (select coalesce(jsonb_object_agg(key, ${r.version} + 1), '{}'::jsonb)
                                           from jsonb_array_elements_text(${value('keys')}::jsonb) as key),
            ${column(r.version)} = ${r.version} + 1, ${column(r.formChangedVersion)} = ${r.version} + 1,
            ${column(r.updatedAt)} = now()
        from old where ${r.id} = ${of('old', r.id)}
        returning ${r.id}, ${r.version}
      )
      insert into ${m} (${column(m.batchId)}, ${column(m.reportId)}, ${column(m.fromTypeId)}, ${column(m.fromVersion)},
        ${column(m.toTypeId)}, ${column(m.toVersion)}, ${column(m.previousData)}, ${column(m.previousAnswerVersions)},
        ${column(m.rowVersionAfter)}, ${column(m.migratedBy)}, ${column(m.answerMapping)})
      select ${value('batchId')}::uuid, ${of('old', r.id)}, ${of('old', r.inventoryTypeId)}, ${of('old', r.formVersion)},
        ${value('targetTypeId')}::uuid, ${value('targetVersion')}::int, ${of('old', r.data)},
        ${of('old', r.answerVersions)}, ${of('moved', r.version)}, ${value('migratedBy')}::uuid,
        ${value('mapping')}::jsonb
      from old join moved on ${of('moved', r.id)} = ${of('old', r.id)}
      returning ${m.reportId} as id`,
);

/**
 * One record moved, with what it was kept for an undo, in one statement (so in one transaction).
 * The answers kept for the undo are the record's sealed bytes as they were (issue 30): sealed under
 * the record's own key and bound to it, an undo puts them back unopened.
 * Answers carried over count as written by this row version, so no older save replaces them.
 */
export async function moveRecord(writer: RecordWriter, move: RecordMove) {
  const rows = await runPrepared(writer, MOVE_RECORD, {
    ...move,
    data: await sealMovedAnswers(writer, move),
    keys: JSON.stringify(Object.keys(move.data)),
    mapping: JSON.stringify(move.mapping),
  });
  return rows.length === 1;
}

const UNDO_BATCH = prepared<{ restored: string[] | null; total: number }>(
  'form-version-undo-batch',
  sql`with batch as (
        select * from ${m} where ${m.batchId} = ${value('batchId')}::uuid and ${m.undoneAt} is null
      ), restored as (
        update ${lifeRecords}
        set ${column(r.inventoryTypeId)} = ${of('batch', m.fromTypeId)},
            ${column(r.formVersion)} = ${of('batch', m.fromVersion)}, ${column(r.data)} = ${of('batch', m.previousData)},
            ${column(r.answerVersions)} = ${of('batch', m.previousAnswerVersions)}, ${column(r.version)} = ${r.version} + 1,
            ${column(r.formChangedVersion)} = ${r.version} + 1, ${column(r.updatedAt)} = now()
        from batch where ${r.id} = ${of('batch', m.reportId)} and ${r.version} = ${of('batch', m.rowVersionAfter)}
        returning ${r.id}, ${r.version}
      ), marked as (
        update ${m} set ${column(m.undoneAt)} = now(), ${column(m.rowVersionUndone)} = ${of('restored', r.version)}
        from restored where ${m.batchId} = ${value('batchId')}::uuid and ${m.reportId} = ${of('restored', r.id)}
        returning ${m.reportId}
      )
      select (select array_agg(${of('marked', m.reportId)}) from marked) as restored,
        (select count(*)::int from batch) as total`,
);

/**
 * A batch undone in one statement: each record gets back its type, version and answers, unless it
 * changed after the migration (then it is left as it is, so nothing typed since is lost).
 */
export async function undoBatch(writer: RecordWriter, batchId: string) {
  const rows = await runPrepared(writer, UNDO_BATCH, { batchId });
  return { restored: rows[0]?.restored ?? [], total: rows[0]?.total ?? 0 };
}

/**
 * Issue 38 §3 (decision 142): a move never creates a data key for a record that had answers (if
 * its key is gone, an erasure destroyed it, and the move fails instead of sealing under a new one),
 * and a record without answers stays without them (and without a key) when nothing maps into it.
 */
async function sealMovedAnswers(writer: RecordWriter, move: RecordMove): Promise<Buffer | null> {
  if (!move.hadAnswers && Object.keys(move.data).length === 0) return null;
  return writer.vault.seal(move.recordId, 'answers', JSON.stringify(move.data), !move.hadAnswers);
}
