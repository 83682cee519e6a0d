import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database.ts';
import { parseByteaHex } from './pglite-bytea.ts';

// Issue 39 §3: bytes to and from PGlite without hex work in JavaScript, and exactly the same bytes.
describe('parseByteaHex', () => {
  it.each([
    ['\\x', []],
    ['\\x00ff10', [0, 255, 16]],
    ['\\xDEADbeef', [0xde, 0xad, 0xbe, 0xef]],
  ])('reads %s', (text, bytes) => {
    const parsed = parseByteaHex(text);
    expect(parsed).toBeInstanceOf(Uint8Array);
    expect([...parsed]).toEqual(bytes);
    // Its own memory: no shared pool behind the view.
    expect(parsed.buffer.byteLength).toBe(bytes.length);
  });

  it.each(['00ff', '\\x0', '\\xzz', 'abc\\000'])('refuses %s (not hex output)', (text) => {
    expect(() => parseByteaHex(text)).toThrow(/bytea/);
  });
});

const opened: Database[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

describe.each([
  ['in process', false],
  ['in a worker', true],
])('PGlite %s', (_label, pgliteInWorker) => {
  it('writes and reads back large and small bytes unchanged, by prepared statement and by query', async () => {
    const database = await openDatabase({ kind: 'pglite', dir: 'memory://' }, { pgliteInWorker });
    opened.push(database);
    await database.exec('create table blobs (id int primary key, data bytea)');
    const large = randomBytes(1_560_000);
    const small = new Uint8Array([0, 1, 2, 254, 255]);
    for (const [id, data] of [
      [1, large],
      [2, small],
    ] as const)
      await database.prepared({
        name: 'blob-insert',
        text: 'insert into blobs values ($1::int, $2::bytea)',
        values: [id, data],
      });
    const prepared = await database.prepared<{ id: number; data: Uint8Array }>({
      name: 'blob-all',
      text: 'select id, data from blobs order by id',
      values: [],
    });
    const queried = await database.query<{ id: number; data: Uint8Array }>(
      'select id, data from blobs order by id',
    );
    for (const rows of [prepared, queried]) {
      expect(rows.map((row) => row.id)).toEqual([1, 2]);
      expect(Buffer.compare(Buffer.from(rows[0]?.data ?? []), large)).toBe(0);
      expect([...(rows[1]?.data ?? [])]).toEqual([...small]);
    }
  }, 60_000);
});
