import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { arrayLiteral, runPglitePrepared } from './pglite-prepared.ts';

let database: Database;
let client: PGlite;
beforeAll(async () => {
  // runPglitePrepared runs beside PGlite itself (in the worker thread, decision 151): in-process here.
  database = await openDatabase({ kind: 'pglite', dir: 'memory://' }, { pgliteInWorker: false });
  client = (database.db as unknown as { $client: PGlite }).$client;
  await client.exec(
    'create table notes (id uuid primary key, body jsonb not null, tags text[], at timestamptz)',
  );
});
afterAll(() => database.close());

const insert = (id: string, body: unknown, tags: string[]) =>
  runPglitePrepared<{ id: string }>(client, {
    name: 'notes-insert',
    text: 'insert into notes (id, body, tags, at) values ($1::uuid, $2::jsonb, $3::text[], now()) returning id',
    values: [id, JSON.stringify(body), tags],
  });

describe('runPglitePrepared', () => {
  it('returns rows parsed like query() does, and runs again from the kept plan', async () => {
    await insert('00000000-0000-4000-8000-000000000001', { a: 1 }, ['x', 'with "quotes", commas\\']);
    await insert('00000000-0000-4000-8000-000000000002', { b: 2 }, []);
    const rows = await runPglitePrepared<{ body: unknown; tags: string[]; at: Date; n: number; ok: boolean }>(
      client,
      {
        name: 'notes-read',
        text: 'select body, tags, at, 7::int as n, $2::boolean as ok from notes where id = $1::uuid',
        values: ['00000000-0000-4000-8000-000000000001', true],
      },
    );
    expect(rows).toEqual([
      { body: { a: 1 }, tags: ['x', 'with "quotes", commas\\'], at: expect.any(Date), n: 7, ok: true },
    ]);
  });

  it('recovers when the first use of a name fails after Parse (the name is parsed again)', async () => {
    const read = (id: string) =>
      runPglitePrepared(client, {
        name: 'notes-by-id',
        text: 'select id from notes where id = $1::uuid',
        values: [id],
      });
    await expect(read('not-a-uuid')).rejects.toThrow(/invalid input syntax for type uuid/);
    await expect(read('00000000-0000-4000-8000-000000000002')).resolves.toHaveLength(1);
  });

  it('never runs inside another caller’s open transaction', async () => {
    let inside: () => void = () => {};
    const transactionOpen = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into notes (id, body) values ('00000000-0000-4000-8000-00000000000a', '{}')`,
      );
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
      tx.rollback();
    });
    await transactionOpen;
    // Started while the transaction is open: it waits for it, so the rollback cannot take it along.
    const outside = insert('00000000-0000-4000-8000-00000000000b', { kept: true }, []);
    await expect(transaction).rejects.toThrow();
    await outside;
    const ids = await client.query<{ id: string }>('select id from notes order by id');
    expect(ids.rows.map((row) => row.id)).toContain('00000000-0000-4000-8000-00000000000b');
    expect(ids.rows.map((row) => row.id)).not.toContain('00000000-0000-4000-8000-00000000000a');
  });
});

it('writes array literals with every element quoted and escaped', () => {
  expect(arrayLiteral(['a', 'b"c', 'd\\e', null])).toBe('{"a","b\\"c","d\\\\e",NULL}');
  expect(arrayLiteral([])).toBe('{}');
});
