import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { controlSocketPath } from '../cli/control-protocol.ts';
import { loadConfig } from '../config.ts';
import { lockFilePath, readLockHolder } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { inventoryTypes, lifeRecords, users } from '../db/schema.ts';
import { verifyPassword } from '../modules/identity/password-hash.ts';
import { findAccountByEmail } from '../modules/idp/account-repository.ts';
import { findUserWithRoles } from '../modules/users/user-provisioning-service.ts';
import {
  repoRoot,
  runCliProcess,
  type ServerProcess,
  startServerProcess,
} from '../test-support/cli-process.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { createTestDatabase } from '../test-support/test-database.ts';

// A real server process on a real embedded database, and the CLI as a second process beside it
// (STACK-NOTES trap 6: the CLI must never open the data directory the server holds).
describe.skipIf(process.platform === 'win32')('the CLI while the server runs', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-ctl-'));
  const socketPath = controlSocketPath(dataDir);
  const databaseDir = path.join(dataDir, 'pg');
  const env = { DATA_DIR: dataDir };
  let server: ServerProcess;

  beforeAll(async () => {
    await leaveStaleSocket(socketPath);
    server = await startServerProcess(env);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('replaces the socket a crashed server left, with one only its own OS user can open', () => {
    const stat = fs.lstatSync(socketPath);
    expect(stat.isSocket()).toBe(true);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(readLockHolder(databaseDir)?.pid).toBe(server.pid);
  });

  it('runs create-user, seed-demo and create-record through the server', async () => {
    const created = await runCliProcess(
      [
        'create-user',
        '--email',
        'owner@example.com',
        '--name',
        'Olive Owner',
        '--password',
        'through the socket',
        '--role',
        'client',
        '--organization',
        'Demo Organization',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created the account owner@example.com (e-mail verified)');
    // The server's configuration answers: the link names the server's own address.
    expect(created.stdout).toContain(`owner@example.com can sign in at ${server.url}.`);

    const first = await runCliProcess(['seed-demo'], env);
    const second = await runCliProcess(['seed-demo'], env);
    expect([first.code, second.code]).toEqual([0, 0]);
    expect(first.stdout).toContain('Already there: organization "Demo Organization"');
    expect(first.stdout).toContain('Created: inventory type "Life Inventory"');
    expect(second.stdout).toContain('Nothing new: the demo data was already loaded.');

    const record = await runCliProcess(
      ['create-record', '--client-email', 'owner@example.com', '--type', 'Life Inventory'],
      env,
    );
    expect(record.code).toBe(0);
    expect(record.stdout).toMatch(
      /Created record [0-9a-f-]{36}: "Life Inventory" owned by owner@example.com/,
    );
    expect(readLockHolder(databaseDir)?.pid).toBe(server.pid);
  });

  it("relays the command's failures and usage errors with exit code 1", async () => {
    const failure = await runCliProcess(
      ['create-record', '--client-email', 'nobody@example.com', '--type', 'X'],
      env,
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('No user has the e-mail address nobody@example.com');
    // A usage error is caught before the socket; one sent there directly is refused the same way.
    const reply = await sendRaw(`${JSON.stringify({ type: 'run', argv: ['drop-database'] })}\n`);
    expect(reply).toContain('Error: Unknown command \\"drop-database\\".');
    expect(reply).toContain('{"type":"exit","code":1}');
  });

  it('accepts nothing but a CLI request, and keeps serving', async () => {
    for (const request of [
      'GET / HTTP/1.1\r\nHost: x\r\n\r\n',
      '{"type":"eval","code":"process.exit()"}\n',
    ]) {
      const reply = await sendRaw(request);
      expect(reply).toContain('accepts only requests of the Life Record CLI');
      expect(reply).toContain('{"type":"exit","code":1}');
    }
    const tooLong = await sendRaw(`{"type":"run","argv":["${'x'.repeat(70_000)}`);
    expect(tooLong).toContain('The request is too long.');
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('when the socket does not answer, says the database is in use by the server and never opens it', async () => {
    // Moved away, the socket still listens, but not where the CLI looks.
    fs.renameSync(socketPath, `${socketPath}.away`);
    const result = await runCliProcess(['seed-demo'], env);
    fs.renameSync(`${socketPath}.away`, socketPath);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`is in use by pid ${server.pid} (Life Record server on port`);
    expect(result.stderr).toContain(`stop pid ${server.pid}, then run the command again`);
    expect(readLockHolder(databaseDir)?.pid).toBe(server.pid);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('once the server stopped, everything the CLI did through it is in the database', async () => {
    await server.stop();
    expect(fs.existsSync(socketPath)).toBe(false);
    expect(fs.existsSync(lockFilePath(databaseDir))).toBe(false);
    const database = await openDatabase(loadConfig(env).database);
    try {
      const account = await findAccountByEmail(database.db, 'owner@example.com');
      expect(await verifyPassword('through the socket', account?.passwordHash ?? '')).toBe(true);
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.federatedId, account?.id ?? ''));
      expect((await findUserWithRoles(database.db, row?.id ?? ''))?.roles).toEqual(['client']);
      const [types] = await database.db.select({ value: count() }).from(inventoryTypes);
      const owned = await database.db
        .select()
        .from(lifeRecords)
        .where(eq(lifeRecords.clientId, row?.id ?? ''));
      expect([types?.value, owned.length]).toEqual([2, 1]);
    } finally {
      await database.close();
    }
  });

  function sendRaw(request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.createConnection(socketPath);
      let reply = '';
      socket.on('connect', () => socket.write(request));
      socket.on('data', (chunk) => {
        reply += chunk.toString();
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(reply));
    });
  }
});

describe('the control socket option', () => {
  it('with a DATA_DIR too long for a socket address, binds no socket anywhere and still serves', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-long-'));
    const dataDir = path.join(parent, 'd'.repeat(120));
    const testDatabase = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const app = await buildApp({ config, database: testDatabase.database, controlSocket: true });
    try {
      await app.ready();
      // Nothing at a truncated path (a prefix of 'ddd…') either.
      expect(fs.readdirSync(parent).filter((name) => name !== 'd'.repeat(120))).toEqual([]);
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await testDatabase.drop();
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });

  it('is off for servers built in-process unless asked, so tests do not open sockets', async () => {
    const testApp = await createTestApp();
    try {
      await testApp.app.ready();
      expect(fs.existsSync(controlSocketPath(testApp.dataDir))).toBe(false);
    } finally {
      await testApp.close();
    }
  });
});

/** A socket file whose process died without removing it, as after a crash or `kill -9`. */
async function leaveStaleSocket(socketPath: string): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  if (!fs.lstatSync(socketPath).isSocket()) throw new Error('no stale socket was left');
}
