import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { openDatabase, queryRows } from './database.ts';
import { migrateDatabase } from './migrate.ts';
import { organizations, roles } from './schema.ts';

describe(`migrations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('create every table of the data model and seed the four roles', async () => {
    const rows = await queryRows<{ table_name: string }>(
      test.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      'audit_entries',
      'background_jobs',
      'books',
      'ended_sign_ins',
      'idp_account_tokens',
      'idp_accounts',
      'inventory_type_versions',
      'inventory_types',
      'invitations',
      'life_records',
      'mail_failures',
      'oidc_payloads',
      'organizations',
      'products',
      'purchases',
      'rate_limit_hits',
      'record_migrations',
      'recording_parts',
      'recordings',
      'reminders',
      'report_generations',
      'roles',
      'server_secrets',
      'support_messages',
      'user_roles',
      'users',
    ]);
    const seeded = await test.database.db.select({ name: roles.name }).from(roles).orderBy(roles.name);
    expect(seeded.map((role) => role.name)).toEqual(['admin', 'client', 'customer', 'user']);
  });

  it('are idempotent: running them again changes nothing', async () => {
    await migrateDatabase(test.database, test.target);
    await migrateDatabase(test.database, test.target);
    const count = await test.database.db.$count(roles);
    expect(count).toBe(4);
  });
});

describe('PGlite persistence', () => {
  it('keeps data across a close and reopen of the data directory', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-persist-'));
    const target = { kind: 'pglite', dir: path.join(root, 'pg') } as const;
    try {
      const first = await openDatabase(target);
      await migrateDatabase(first, target);
      await first.db.insert(organizations).values({ name: 'Kept Across Restarts' });
      await first.close();

      const second = await openDatabase(target);
      await migrateDatabase(second, target);
      const rows = await second.db
        .select()
        .from(organizations)
        .where(eq(organizations.name, 'Kept Across Restarts'));
      expect(rows).toHaveLength(1);
      await second.close();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a second opener of the same directory while the first has it open', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-second-'));
    const target = { kind: 'pglite', dir: path.join(root, 'pg') } as const;
    const first = await openDatabase(target, { purpose: 'first server' });
    try {
      await expect(openDatabase(target, { purpose: 'second server' })).rejects.toThrow(
        /in use by another process \(first server/,
      );
    } finally {
      await first.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('LISTEN/NOTIFY', () => {
  it('delivers a notification sent after a commit to a listener', async () => {
    const test = await createTestDatabase();
    try {
      const received: string[] = [];
      const stop = await test.database.listen('record_changed', (payload) => received.push(payload));
      await test.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('record_changed', 'abc')`);
        expect(received).toEqual([]); // not before the commit
      });
      await expect.poll(() => received, { timeout: 2000 }).toEqual(['abc']);
      await stop();
    } finally {
      await test.drop();
    }
  });
});
