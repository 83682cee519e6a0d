import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 40 §5: `npm run lint` fails on a hand-written statement run outside prepared(...).
const script = fileURLToPath(new URL('./check-inline-sql.ts', import.meta.url));
const roots: string[] = [];

function check(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-sql-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('the inline SQL check (issue 40 §5)', () => {
  it('passes prepared statements, tests and the driver layer', () => {
    const run = check({
      'src/server/modules/a/a-repository.ts':
        "const ONE = prepared<Row>('one', sql`select 1`);\nawait runPrepared(database, ONE);\nawait runStatement(tx, ONE, {});\n",
      'src/server/modules/a/a.test.ts': 'await db.execute(sql`select 1`);\n',
      'src/server/db/database.ts': "await pool.query('select 1');\n",
    });
    expect(run.output).toContain('Inline SQL: ok');
    expect(run.status).toBe(0);
  });

  it('fails on each way of running a raw statement, naming the file', () => {
    const run = check({
      'src/server/modules/b/b-repository.ts': [
        'await db.execute(sql`delete from b`);',
        'const rows = await queryRows<ColumnsOfRow<typeof b, "id">>(\n  tx,\n  sql`select id from b`,\n);',
        "await pool.query('select 1');",
        'db.exec(`pragma x`);',
      ].join('\n'),
    });
    expect(run.status).toBe(1);
    expect(run.output).toContain('src/server/modules/b/b-repository.ts: 4 inline (may have 0)');
  });

  it('skips the node:sqlite key store, whose statements are node:sqlite’s own (decision 210)', () => {
    const run = check({
      'src/server/db/encryption/key-store.ts': "db.exec('pragma secure_delete = on');\n",
    });
    expect(run.status).toBe(0);
  });

  it('allows a listed unpreparable statement only under a line saying why, and no more of them', () => {
    const file = 'src/server/db/encryption/key-store-postgres.ts';
    const explained = "  // Unprepared: transaction control.\n  await client.query('begin');\n";
    expect(check({ [file]: explained.repeat(7) }).status).toBe(0);
    const unexplained = check({ [file]: `${explained.repeat(6)}  await client.query('commit');\n` });
    expect(unexplained.status).toBe(1);
    expect(unexplained.output).toContain(`${file}: 7 inline (may have 7), 1 without`);
    const more = check({ [file]: explained.repeat(8) });
    expect(more.status).toBe(1);
    expect(more.output).toContain(`${file}: 8 inline (may have 7)`);
  });
});
