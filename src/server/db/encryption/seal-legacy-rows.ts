import { getTableName, sql } from 'drizzle-orm';
import { readStoredAnswers } from '#domain/record-answers.ts';
import type { Database } from '../database.ts';
import { column, prepared, runStatement, value } from '../prepared-query.ts';
import type { ColumnsOfRow } from '../row-of.ts';
import { lifeRecords, recordMigrations, reportGenerations } from '../schema.ts';

/**
 * Issue 30 §4 (decision 130): answers, narratives, generations and migrations' previous answers
 * stored in plaintext before encryption at rest are sealed at start-up, in batches of BATCH rows,
 * each batch its own transaction (so an interrupted start resumes where it stopped, and a second
 * run finds nothing: idempotent). Rows are taken with `for update skip locked`, so servers starting
 * together on PostgreSQL share the work. Then the plaintext's dead copies are purged from the
 * table files (VACUUM FULL rewrites them) and a CHECKPOINT writes the rewrite out.
 */
const BATCH = 200;

export interface SealedCounts {
  records: number;
  generations: number;
  migrations: number;
}

export async function sealLegacyRows(
  database: Database,
  log: (line: string) => void = () => {},
): Promise<SealedCounts> {
  const counts = { records: 0, generations: 0, migrations: 0 };
  for (;;) {
    const done = await sealRecordBatch(database);
    counts.records += done;
    if (done > 0) log(`Encryption at rest: sealed the answers of ${counts.records} records so far`);
    if (done < BATCH) break;
  }
  for (;;) {
    const done = await sealGenerationBatch(database);
    counts.generations += done;
    if (done < BATCH) break;
  }
  for (;;) {
    const done = await sealMigrationBatch(database);
    counts.migrations += done;
    if (done < BATCH) break;
  }
  const total = counts.records + counts.generations + counts.migrations;
  if (total > 0) {
    log(
      `Encryption at rest: sealed ${counts.records} records, ${counts.generations} report generations and ` +
        `${counts.migrations} migration entries; purging their plaintext from the database files`,
    );
    await purgePlaintext(database, log);
  }
  return counts;
}

const LEGACY_RECORDS = prepared<
  ColumnsOfRow<typeof lifeRecords, 'id' | 'legacy_data' | 'legacy_report' | 'data' | 'report'>
>(
  'seal-legacy-records',
  sql`select ${lifeRecords.id}, ${lifeRecords.legacyData}, ${lifeRecords.legacyReport}, ${lifeRecords.data},
             ${lifeRecords.report} from ${lifeRecords}
      where ${lifeRecords.legacyData} is not null or ${lifeRecords.legacyReport} is not null
      order by ${lifeRecords.id} limit ${value('batch')} for update skip locked`,
);
const SEAL_RECORD = prepared<never>(
  'seal-legacy-record',
  sql`update ${lifeRecords} set ${column(lifeRecords.data)} = ${value('data')}::bytea,
        ${column(lifeRecords.report)} = ${value('report')}::bytea,
        ${column(lifeRecords.legacyData)} = null, ${column(lifeRecords.legacyReport)} = null
      where ${lifeRecords.id} = ${value('id')}::uuid`,
);
const g = reportGenerations;
const LEGACY_GENERATIONS = prepared<ColumnsOfRow<typeof g, 'id' | 'report_id' | 'legacy_response'>>(
  'seal-legacy-generations',
  sql`select ${g.id}, ${g.reportId}, ${g.legacyResponse} from ${g} where ${g.legacyResponse} is not null
      order by ${g.id} limit ${value('batch')} for update skip locked`,
);
const SEAL_GENERATION = prepared<never>(
  'seal-legacy-generation',
  sql`update ${g} set ${column(g.response)} = ${value('sealed')}::bytea, ${column(g.legacyResponse)} = null
      where ${g.id} = ${value('id')}::uuid`,
);
const m = recordMigrations;
const LEGACY_MIGRATIONS = prepared<ColumnsOfRow<typeof m, 'id' | 'report_id' | 'legacy_previous_data'>>(
  'seal-legacy-migrations',
  sql`select ${m.id}, ${m.reportId}, ${m.legacyPreviousData} from ${m} where ${m.legacyPreviousData} is not null
      order by ${m.id} limit ${value('batch')} for update skip locked`,
);
const SEAL_MIGRATION = prepared<never>(
  'seal-legacy-migration',
  sql`update ${m} set ${column(m.previousData)} = ${value('sealed')}::bytea,
        ${column(m.legacyPreviousData)} = null where ${m.id} = ${value('id')}::uuid`,
);
// Utility commands without values, run as before through Drizzle's execute (runStatement): VACUUM
// cannot run inside a transaction block, so never on the named path.
const VACUUMS = [lifeRecords, reportGenerations, recordMigrations].map((table) => ({
  table: getTableName(table),
  statement: prepared<never>(`seal-legacy-vacuum-${getTableName(table)}`, sql`vacuum full ${table}`),
}));
const CHECKPOINT = prepared<never>('seal-legacy-checkpoint', sql`checkpoint`);

async function sealRecordBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await runStatement(tx, LEGACY_RECORDS, { batch: BATCH });
    for (const row of rows) {
      // A sealed value already there is newer than the plaintext (written since): it stays.
      const data = row.data
        ? row.data
        : row.legacy_data === null
          ? null
          : await database.vault.seal(row.id, 'answers', JSON.stringify(readStoredAnswers(row.legacy_data)));
      const report = row.report
        ? row.report
        : row.legacy_report === null
          ? null
          : await database.vault.seal(row.id, 'narrative', row.legacy_report);
      await runStatement(tx, SEAL_RECORD, { data, report, id: row.id });
    }
    return rows.length;
  });
}

async function sealGenerationBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await runStatement(tx, LEGACY_GENERATIONS, { batch: BATCH });
    for (const row of rows) {
      // Selected where it is not null.
      const sealed = await database.vault.seal(row.report_id, 'generation', row.legacy_response as string);
      await runStatement(tx, SEAL_GENERATION, { sealed, id: row.id });
    }
    return rows.length;
  });
}

async function sealMigrationBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await runStatement(tx, LEGACY_MIGRATIONS, { batch: BATCH });
    for (const row of rows) {
      // Sealed as the record's answers: an undo puts these bytes back into lifeRecords.data unopened.
      const sealed = await database.vault.seal(
        row.report_id,
        'answers',
        JSON.stringify(readStoredAnswers(row.legacy_previous_data)),
      );
      await runStatement(tx, SEAL_MIGRATION, { sealed, id: row.id });
    }
    return rows.length;
  });
}

/**
 * An UPDATE leaves the old row version (the plaintext) in the table file until it is vacuumed;
 * VACUUM FULL rewrites each table without it, CHECKPOINT flushes. What this cannot reach is said
 * in decision 130 (WAL segments already written, and PostgreSQL's recycled ones, until reused).
 */
async function purgePlaintext(database: Database, log: (line: string) => void): Promise<void> {
  for (const { table, statement } of VACUUMS) {
    try {
      await runStatement(database.db, statement);
    } catch (error) {
      log(
        `Encryption at rest: VACUUM FULL ${table} failed (${(error as Error).message}); run it as the table's owner`,
      );
    }
  }
  try {
    await runStatement(database.db, CHECKPOINT);
  } catch (error) {
    log(`Encryption at rest: CHECKPOINT failed (${(error as Error).message})`);
  }
}
