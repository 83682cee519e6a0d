import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, usingPostgres } from '../test-support/test-database.ts';
import { queryRows } from './database.ts';

// Database.query and Database.exec: the raw SQL door for a library that brings its own statements
// (the job queue, decision 180), on PGlite and on PostgreSQL alike.
describe(`raw SQL through the Database (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.exec('create table raw_sql_probe (n int not null, tags text[], doc jsonb)');
  });
  afterAll(async () => test.drop());

  it('query runs one statement with its values bound, arrays and JSON included', async () => {
    const rows = await test.database.query<{ n: number; tags: string[]; doc: { a: number } }>(
      'insert into raw_sql_probe (n, tags, doc) values ($1, $2::text[], $3::jsonb) returning n, tags, doc',
      [7, ['a', 'b'], JSON.stringify({ a: 1 })],
    );
    expect(rows).toEqual([{ n: 7, tags: ['a', 'b'], doc: { a: 1 } }]);
    const [now] = await test.database.query<{ at: Date }>('select now() as at');
    expect(now?.at).toBeInstanceOf(Date);
  });

  it('exec runs a script of several statements and answers the rows of every one of them', async () => {
    const rows = await test.database.exec<{ first?: number; second?: number }>(
      'BEGIN; select 1 as first; insert into raw_sql_probe (n) values (8); select 2 as second; COMMIT;',
    );
    expect(rows).toEqual([{ first: 1 }, { second: 2 }]);
    const [count] = await test.database.query<{ count: number }>(
      'select count(*)::int as count from raw_sql_probe where n = 8',
    );
    expect(count?.count).toBe(1);
  });

  it('a script that fails inside its own transaction leaves nothing half-done and no aborted transaction behind', async () => {
    await expect(
      test.database.exec('BEGIN; insert into raw_sql_probe (n) values (9); select 1 / 0; COMMIT;'),
    ).rejects.toThrow(/division by zero/);
    // The insert before the failure is gone, and the next caller (drizzle or raw) works as usual.
    const [count] = await test.database.query<{ count: number }>(
      'select count(*)::int as count from raw_sql_probe where n = 9',
    );
    expect(count?.count).toBe(0);
    const rows = await queryRows<{ one: number }>(test.database.db, sql`select 1 as one`);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = test.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into raw_sql_probe (n) values (10)`);
      await held;
      throw new Error('rolled back on purpose');
    });
    // Issued while the transaction is open: it must see neither the uncommitted row nor be rolled
    // back with it.
    const raw = test.database.exec('insert into raw_sql_probe (n) values (11)');
    setTimeout(release, 50);
    await expect(transaction).rejects.toThrow('rolled back on purpose');
    await raw;
    const rows = await test.database.query<{ n: number }>(
      'select n from raw_sql_probe where n in (10, 11) order by n',
    );
    expect(rows).toEqual([{ n: 11 }]);
  });
});
