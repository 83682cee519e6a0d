import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { queryRows } from './database.ts';
import { migrateDatabase } from './migrate.ts';

// Issue 40 §1 (decision 202): migration 0020 renames `reports` to `life_records` on a database that
// already holds records, keeping every row and every reference to it.
const migrations = fileURLToPath(new URL('./migrations', import.meta.url));

/** The migrations up to and including `lastTag`, in a folder of their own. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

describe(`migration 0020 on a database with records (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  let recordId: string;
  beforeAll(async () => {
    test = await createTestDatabase({ migrated: false });
    const db = test.database.db;
    // What drizzle's migrators do (node-postgres and PGlite alike), with the older migrations only.
    const { dialect, session } = db as unknown as {
      dialect: { migrate(m: unknown, s: unknown, c: unknown): Promise<void> };
      session: unknown;
    };
    await dialect.migrate(
      readMigrationFiles({ migrationsFolder: migrationsUpTo('0019_device-logout') }),
      session,
      {},
    );
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`with t as (insert into inventory_types (name) values ('Life Inventory') returning id),
            u as (insert into users (email, name) values ('old@example.com', 'Old') returning id)
          insert into reports (client, inventory_type_id, version)
          select u.id, t.id, 7 from t, u returning id`,
    );
    recordId = row?.id ?? '';
    await db.execute(
      sql`insert into report_generations (report_id, model) values (${recordId}::uuid, 'before')`,
    );
    await migrateDatabase(test.database, test.target);
  });
  afterAll(async () => test.drop());

  it('keeps the record, its version, its owner and its generations', async () => {
    const rows = await queryRows<{ version: number; email: string; generations: number }>(
      test.database.db,
      sql`select r.version, u.email, (select count(*)::int from report_generations g where g.report_id = r.id) as generations
          from life_records r join users u on u.id = r.client where r.id = ${recordId}::uuid`,
    );
    expect(rows).toEqual([{ version: 7, email: 'old@example.com', generations: 1 }]);
    const tables = await queryRows<{ name: string }>(
      test.database.db,
      sql`select table_name as name from information_schema.tables where table_name in ('reports', 'life_records')`,
    );
    expect(tables).toEqual([{ name: 'life_records' }]);
  });

  it('names constraints, indexes and the pinning trigger after the new table', async () => {
    const names = await queryRows<{ name: string }>(
      test.database.db,
      sql`select conname as name from pg_constraint where conname like '%reports%'
          union all select indexname from pg_indexes where indexname like '%reports%'
          union all select tgname from pg_trigger where tgname like '%reports%'`,
    );
    expect(names).toEqual([]);
    const trigger = await queryRows<{ name: string }>(
      test.database.db,
      sql`select tgname as name from pg_trigger where tgrelid = 'life_records'::regclass and not tgisinternal`,
    );
    expect(trigger).toEqual([{ name: 'life_records_pin_form_version' }]);
  });

  it('still pins a new record to its form version and cascades its erasure', async () => {
    const [created] = await queryRows<{ id: string; form_version: number | null }>(
      test.database.db,
      sql`insert into life_records (inventory_type_id) select inventory_type_id from life_records
          where id = ${recordId}::uuid returning id, form_version`,
    );
    expect(created?.form_version).toBe(1);
    await test.database.db.execute(sql`delete from life_records where id = ${recordId}::uuid`);
    const [left] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from report_generations where report_id = ${recordId}::uuid`,
    );
    expect(left?.n).toBe(0);
  });
});
