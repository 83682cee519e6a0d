import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import { loadOrCreateSecret } from '../../modules/identity/server-secrets.ts';
import { loadOrCreateSigningKeys } from '../../modules/identity/signing-keys.ts';
import { createAccount } from '../../modules/idp/account-repository.ts';
import { type SeededServer, startSeededServer } from '../../test-support/seeded-server.ts';
import { refreshTokens, type TokenSet } from '../../test-support/test-browser.ts';
import { usingPostgres } from '../../test-support/test-database.ts';
import { signInThroughPages } from '../../test-support/test-sign-in.ts';

// Issue 38 §1 "Done when": after sign-ins through the real server (a real process, the provider's
// pages), neither the embedded database's files (write-ahead log included) nor a pg_dump hold the
// token-signing key's private parts, the cookie keys, or a refresh token's value.

interface Seeded {
  privateParts: string[];
  cookieKeys: string[];
  config: Config;
  email: string;
  password: string;
}

let target: SeededServer<Seeded>;
beforeAll(async () => {
  target = await startSeededServer(async (db, config) => {
    // The keys the server will use, created here so the test knows their values.
    const { keys } = await loadOrCreateSigningKeys(db);
    const cookieKeys = await loadOrCreateSecret<string[]>(db, 'oidc-cookie-keys', () => ['x'.repeat(43)]);
    const key = keys[0] as Record<string, string>;
    const privateParts = ['d', 'p', 'q', 'dp', 'dq', 'qi'].map((part) => key[part] as string);
    const email = `at-rest-${Date.now()}@example.org`;
    const password = 'a long enough passphrase 38';
    await createAccount(db, { email, name: 'At Rest', password, emailVerified: true });
    // The seed database is handed to the server and its rows seen in the clear nowhere.
    await db.execute(sql`select 1`);
    return { privateParts, cookieKeys, config, email, password };
  });
}, 120_000);
afterAll(async () => {
  await target?.stop();
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

describe('the server’s secrets at rest (issue 38 §1)', () => {
  it('no file of the data directory nor pg_dump holds a private key part, a cookie key or a refresh token', async () => {
    const { privateParts, cookieKeys, config, email, password } = target.seeded;
    const refreshValues: string[] = [];
    for (let i = 0; i < 2; i++) {
      const tokens: TokenSet = await signInThroughPages(config, email, password);
      expect(tokens.id_token).toBeTruthy();
      if (tokens.refresh_token) refreshValues.push(tokens.refresh_token);
      const renewed = await refreshTokens(config, tokens.refresh_token ?? '');
      expect(renewed.status).toBe(200);
      const next = (await renewed.json()) as TokenSet;
      if (next.refresh_token) refreshValues.push(next.refresh_token);
    }
    expect(refreshValues.length).toBeGreaterThan(0);
    const me = await fetch(`${target.server.url}/api/me`, {
      headers: { authorization: `Bearer ${(await signInThroughPages(config, email, password)).id_token}` },
    });
    expect(me.status).toBe(200);

    await target.server.stop();
    const needles = [...privateParts, ...cookieKeys, ...refreshValues].map((text) =>
      Buffer.from(text, 'utf8'),
    );
    expect(needles.every((needle) => needle.length >= 20)).toBe(true);
    const files = filesUnder(target.dataDir);
    if (!usingPostgres()) {
      // The scan does read the database: the write-ahead log is there, and the address in the clear.
      expect(files.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      expect(files.some((file) => fs.readFileSync(file).includes(Buffer.from(email)))).toBe(true);
    }
    const holding = files.filter((file) => {
      const bytes = fs.readFileSync(file);
      return needles.some((needle) => bytes.includes(needle));
    });
    expect(holding).toEqual([]);

    if (usingPostgres()) {
      const dump = execFileSync('pg_dump', ['--no-owner', target.databaseUrl ?? ''], {
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump.includes(Buffer.from(email))).toBe(true);
      expect(needles.filter((needle) => dump.includes(needle))).toEqual([]);
    }
  }, 120_000);
});
