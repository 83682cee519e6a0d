import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { acquireDataDirLock, lockFilePath } from '../db/data-dir-lock.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { inventoryTypes, lifeRecords, products, users } from '../db/schema.ts';
import { verifyPassword } from '../modules/identity/password-hash.ts';
import { findAccountByEmail } from '../modules/idp/account-repository.ts';
import { findUserWithRoles } from '../modules/users/user-provisioning-service.ts';
import { runCliProcess } from '../test-support/cli-process.ts';
import { createTestDatabase, usingPostgres } from '../test-support/test-database.ts';

// The CLI as an operator runs it (`node src/server/cli/main.ts …`), with no server running.
const dirs: string[] = [];
function tempDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-cli-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const adminArgs = [
  'create-user',
  '--email',
  'first.admin@example.com',
  '--name',
  'First Admin',
  '--password',
  'a long admin password',
  '--role',
  'admin',
];

async function demoCounts(database: Database) {
  const [types] = await database.db.select({ value: count() }).from(inventoryTypes);
  const [productRows] = await database.db.select({ value: count() }).from(products);
  const [records] = await database.db.select({ value: count() }).from(lifeRecords);
  return { types: types?.value, products: productRows?.value, records: records?.value };
}

describe('the CLI on its own', () => {
  it.each([[[]], [['help']], [['--help']]])('prints the help for %j and exits 0', async (args) => {
    const result = await runCliProcess(args, { DATA_DIR: tempDataDir() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: npm run cli -- <command> [options]');
    for (const name of ['create-user', 'seed-demo', 'create-record', 'help'])
      expect(result.stdout).toContain(`\n  ${name}`);
  });

  it.each([
    [['create-user', '--email', 'x@example.com'], 'Error: Missing --name.'],
    [['seed-demo', 'now'], "Error: Unexpected argument 'now'"],
    [['make-coffee'], 'Error: Unknown command "make-coffee".'],
    [[...adminArgs, '--role', 'boss'], 'Error: --role: must be one of admin, client, customer, user.'],
  ])('refuses %j with a usage error and exit 1, before opening any database', async (args, message) => {
    const dataDir = tempDataDir();
    const result = await runCliProcess(args, { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/Usage: npm run cli --|Run "npm run cli -- help"/);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('stops on a bad configuration, naming the variable', async () => {
    const result = await runCliProcess(['seed-demo'], {
      DATA_DIR: tempDataDir(),
      DATABASE_URL: 'mysql://db',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: must be a URL starting with postgres:// or postgresql://');
  });

  it('creates the first admin and the demo data in a fresh embedded database, then lets go of it', async () => {
    const dataDir = tempDataDir();
    const created = await runCliProcess([...adminArgs, '--organization', 'Head Office'], {
      DATA_DIR: dataDir,
    });
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const first = await runCliProcess(['seed-demo'], { DATA_DIR: dataDir });
    const second = await runCliProcess(['seed-demo'], { DATA_DIR: dataDir });
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout).toContain('Created: inventory type "Life Inventory" (7 sections)');
    expect(second.stdout).toContain('Nothing new');
    const record = await runCliProcess(
      ['create-record', '--client-email', 'first.admin@example.com', '--type', 'Family Stories'],
      { DATA_DIR: dataDir },
    );
    expect(record.code).toBe(0);

    const target = loadConfig({ DATA_DIR: dataDir }).database;
    expect(fs.existsSync(lockFilePath(target.kind === 'pglite' ? target.dir : ''))).toBe(false);
    const database = await openDatabase(target);
    try {
      const account = await findAccountByEmail(database.db, 'first.admin@example.com');
      expect(await verifyPassword('a long admin password', account?.passwordHash ?? '')).toBe(true);
      const user = await findUserWithRoles(database.db, (await findUser(database, account?.id)) ?? '');
      expect(user?.roles).toEqual(['admin']);
      expect(await demoCounts(database)).toEqual({ types: 2, products: 2, records: 6 });
    } finally {
      await database.close();
    }
    // Four CLI processes, each starting Node and opening (and migrating) the embedded database:
    // on a loaded 2-core machine that alone has taken over 30 s.
  }, 120_000);

  it('says which process holds the embedded database when nobody answers on its control socket', async () => {
    const dataDir = tempDataDir();
    const target = loadConfig({ DATA_DIR: dataDir }).database;
    const databaseDir = target.kind === 'pglite' ? target.dir : '';
    // This test process holds the lock, as a server would, but serves no control socket.
    const lock = acquireDataDirLock(databaseDir, 'Life Record server on port 8080');
    try {
      const result = await runCliProcess(['seed-demo'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`is in use by pid ${process.pid} (Life Record server on port 8080)`);
      expect(result.stderr).toContain(`stop pid ${process.pid}, then run the command again`);
      expect(fs.existsSync(databaseDir)).toBe(false);
    } finally {
      lock.release();
    }
  });

  it('explains when DATA_DIR is too long a path for the control socket', async () => {
    const dataDir = path.join(
      tempDataDir(),
      'a-data-directory-whose-path-is-longer-than-any-unix-socket-address-holds',
    );
    const target = loadConfig({ DATA_DIR: dataDir }).database;
    const lock = acquireDataDirLock(
      target.kind === 'pglite' ? target.dir : '',
      'Life Record server on port 8080',
    );
    try {
      const result = await runCliProcess(['seed-demo'], { DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`is in use by pid ${process.pid}`);
      expect(result.stderr).toContain('choose a shorter DATA_DIR');
    } finally {
      lock.release();
    }
  });

  it.skipIf(!usingPostgres())('works directly on PostgreSQL when DATABASE_URL is set', async () => {
    const testDatabase = await createTestDatabase();
    try {
      const url = testDatabase.target.kind === 'postgres' ? testDatabase.target.url : '';
      const env = { DATA_DIR: tempDataDir(), DATABASE_URL: url };
      expect((await runCliProcess(adminArgs, env)).code).toBe(0);
      expect((await runCliProcess(['seed-demo'], env)).code).toBe(0);
      const counts = await demoCounts(testDatabase.database);
      const again = await runCliProcess(['seed-demo'], env);
      expect(again.stdout).toContain('Nothing new');
      expect(await demoCounts(testDatabase.database)).toEqual(counts);
      const account = await findAccountByEmail(testDatabase.database.db, 'first.admin@example.com');
      expect(await verifyPassword('a long admin password', account?.passwordHash ?? '')).toBe(true);
    } finally {
      await testDatabase.drop();
    }
  });
});

async function findUser(database: Database, federatedId: string | undefined) {
  const [row] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.federatedId, federatedId ?? ''));
  return row?.id;
}
