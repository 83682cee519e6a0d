import { messages } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from './pglite-worker-client.ts';

// Decision 151: the embedded database in a worker thread answers like PGlite in-process.
let client: PgliteWorkerClient;
beforeAll(async () => {
  client = await PgliteWorkerClient.create('memory://');
  await client.exec('create table notes (id int primary key, body jsonb, at timestamptz, data bytea)');
}, 180_000);
afterAll(() => client.close());

describe('PGlite in a worker thread', () => {
  it('returns rows with their values parsed, or kept as text where asked', async () => {
    const data = new Uint8Array([1, 2, 255]);
    await client.query('insert into notes values ($1, $2, $3, $4)', [
      1,
      { a: [1, 'x'] },
      '2026-11-29T10:00:00Z',
      data,
    ]);
    const { rows } = await client.query<{ id: number; body: unknown; at: Date; data: Uint8Array }>(
      'select * from notes',
    );
    expect(rows).toEqual([{ id: 1, body: { a: [1, 'x'] }, at: new Date('2026-11-29T10:00:00Z'), data }]);
    const kept = await client.query<unknown[]>('select at from notes', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => value },
    });
    expect(kept.rows).toEqual([['2026-11-29 10:00:00+00']]);
  });

  it('answers a failed statement with PGlite’s error and its fields', async () => {
    const error = await client.query('insert into notes (id) values (1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(messages.DatabaseError);
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey', table: 'notes' });
  });

  it('holds other statements back until a transaction ends, and rolls back on a throw', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await client.transaction(async (tx) => {
      await tx.query('insert into notes (id) values (2)');
      outside = client.query('select count(*)::int as n from notes').then((result) => {
        order.push('outside');
        return result.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push('commit');
    });
    expect(await outside).toEqual([{ n: 2 }]);
    expect(order).toEqual(['commit', 'outside']);

    const failure = await client
      .transaction(async (tx) => {
        await tx.query('insert into notes (id) values (3)');
        throw new Error('no');
      })
      .catch((caught: unknown) => caught);
    expect(failure).toEqual(new Error('no'));
    expect((await client.query('select id from notes where id = 3')).rows).toEqual([]);
  });

  it('runs named prepared statements and scripts', async () => {
    const statement = { name: 'note-by-id', text: 'select id from notes where id = $1::int', values: [2] };
    expect(await client.prepared(statement)).toEqual([{ id: 2 }]);
    expect(await client.prepared({ ...statement, values: [1] })).toEqual([{ id: 1 }]);
    expect(await client.script('select 1 as a; select 2 as b')).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('delivers notifications to the thread that listens', async () => {
    const payloads: string[] = [];
    const stop = await client.listen('note_changes', (payload) => payloads.push(payload));
    await client.query(`select pg_notify('note_changes', 'one')`);
    await expect.poll(() => payloads).toEqual(['one']);
    await stop();
    await client.query(`select pg_notify('note_changes', 'two')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['one']);
  });
});
