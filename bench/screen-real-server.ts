// issue 32: the record screen against a real server process instead of the in-memory record of
// bench/screen-pages.ts: the production build served by `node src/server/main.ts` with
// NODE_ENV=production on embedded PGlite in a temporary DATA_DIR, a person signed in through the
// embedded provider's real sign-in pages, the subscription and the 3 s polling live, saves really
// sent and the kept store (the encrypted copy in IndexedDB) on, as a person has them.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { FormTemplate } from '../src/domain/form-template.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { inventoryTypes } from '../src/server/db/schema.ts';
import { provisionUser } from '../src/server/modules/users/user-provisioning-service.ts';
import { stopProcess, waitUntilReady } from './bench-processes.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

const EMAIL = 'bench-typist@example.com';
const PASSWORD = 'correct horse battery staple';
const TYPE_NAME = 'Bench Inventory';

export interface RealRecordServer {
  baseUrl: string;
  pid: number;
  /** A fresh record of the bench form for each opened screen (answers of one run never carry over). */
  newRecord(): Promise<string>;
  /** Signs the context's page in through the provider's pages; the provider remembers the browser. */
  signIn(page: Page): Promise<void>;
  stop(): Promise<void>;
}

/** BENCH_SCREEN_PORT (default 8810): where the real server listens. */
export async function startRealRecordServer(form: FormTemplate): Promise<RealRecordServer> {
  const port = Number(process.env.BENCH_SCREEN_PORT ?? 8810);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-screen-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    // Issue 30: production needs a key-encryption key; one for this run only.
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
  };
  const config = loadConfig(env);
  // Seeded straight into the database before the server opens it (PGlite: one process at a time).
  const database = await openDatabase(config.database, {
    purpose: 'screen bench seeding',
    encryption: config.encryption,
  });
  try {
    await migrateDatabase(database, config.database);
    await database.db.insert(inventoryTypes).values({ name: TYPE_NAME, description: 'Bench', form });
    await provisionUser(
      database.db,
      {
        email: EMAIL,
        name: 'Bench Typist',
        password: PASSWORD,
        role: 'client',
        organizationName: 'Bench Org',
      },
      { embeddedProvider: true },
    );
  } finally {
    await database.close();
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitUntilReady(baseUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid ?? 0,
    async newRecord() {
      // Through the running server's control socket, as an operator's `npm run cli` would.
      const output = await runCli(env, ['create-record', '--client-email', EMAIL, '--type', TYPE_NAME]);
      const id = /Created record ([0-9a-f-]{36})/.exec(output)?.[1];
      if (!id) throw new Error(`create-record printed no record id:\n${output}`);
      return id;
    },
    async signIn(page) {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      // Issue 44 §1: signed in, the header shows the person's account menu (Logout is inside it).
      const loggedIn = page.getByRole('banner').getByRole('button', { name: /account menu$/ });
      const password = page.locator('input[name="password"]');
      await loggedIn.or(password).first().waitFor({ timeout: 60_000 });
      if (await password.isVisible()) {
        await page.locator('input[name="email"]').fill(EMAIL);
        await password.fill(PASSWORD);
        await password.press('Enter');
      }
      await loggedIn.waitFor({ timeout: 60_000 });
    },
    async stop() {
      await stopProcess(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runCli(env: Record<string, string>, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, [path.join(root, 'src/server/cli/main.ts'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    cli.stdout.on('data', (chunk) => (out += chunk));
    cli.stderr.on('data', (chunk) => (err += chunk));
    cli.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cli ${args[0]}: ${err}`))));
  });
}
