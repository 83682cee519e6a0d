import { sql } from 'drizzle-orm';
import { readStoredAnswers } from '#domain/record-answers.ts';
import { type Database, queryRows } from '../database.ts';

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

type LegacyRecord = {
  id: string;
  legacy_data: unknown;
  legacy_report: string | null;
  data: Uint8Array | null;
  report: Uint8Array | null;
};

async function sealRecordBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await queryRows<LegacyRecord>(
      tx,
      sql`select id, legacy_data, legacy_report, data, report from life_records
          where legacy_data is not null or legacy_report is not null
          order by id limit ${BATCH} for update skip locked`,
    );
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
      await tx.execute(sql`update life_records set data = ${data}::bytea, report = ${report}::bytea,
          legacy_data = null, legacy_report = null where id = ${row.id}::uuid`);
    }
    return rows.length;
  });
}

async function sealGenerationBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; report_id: string; legacy_response: string }>(
      tx,
      sql`select id, report_id, legacy_response from report_generations where legacy_response is not null
          order by id limit ${BATCH} for update skip locked`,
    );
    for (const row of rows) {
      const sealed = await database.vault.seal(row.report_id, 'generation', row.legacy_response);
      await tx.execute(sql`update report_generations set response = ${sealed}::bytea, legacy_response = null
          where id = ${row.id}::uuid`);
    }
    return rows.length;
  });
}

async function sealMigrationBatch(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; report_id: string; legacy_previous_data: unknown }>(
      tx,
      sql`select id, report_id, legacy_previous_data from record_migrations where legacy_previous_data is not null
          order by id limit ${BATCH} for update skip locked`,
    );
    for (const row of rows) {
      // Sealed as the record's answers: an undo puts these bytes back into lifeRecords.data unopened.
      const sealed = await database.vault.seal(
        row.report_id,
        'answers',
        JSON.stringify(readStoredAnswers(row.legacy_previous_data)),
      );
      await tx.execute(sql`update record_migrations set previous_data = ${sealed}::bytea,
          legacy_previous_data = null where id = ${row.id}::uuid`);
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
  for (const table of ['life_records', 'report_generations', 'record_migrations']) {
    try {
      await database.db.execute(sql.raw(`vacuum full ${table}`));
    } catch (error) {
      log(
        `Encryption at rest: VACUUM FULL ${table} failed (${(error as Error).message}); run it as the table's owner`,
      );
    }
  }
  try {
    await database.db.execute(sql`checkpoint`);
  } catch (error) {
    log(`Encryption at rest: CHECKPOINT failed (${(error as Error).message})`);
  }
}
