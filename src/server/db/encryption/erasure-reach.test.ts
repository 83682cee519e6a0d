import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeRecords } from '../../kernel/record-writes.ts';
import { moveRecord, recordsOfVersion } from '../../modules/form-versions/form-version-repository.ts';
import {
  createOpenedAnswersCache,
  OPENED_TTL_MS,
  openedAnswersOf,
} from '../../modules/records/opened-answers-cache.ts';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import {
  createTestDatabase,
  recordWriteDeps,
  type TestDatabase,
  usingPostgres,
} from '../../test-support/test-database.ts';
import { type Database, openDatabase, queryRows } from '../database.ts';
import { toKeyEncryptionKey } from './key-encryption-keys.ts';
import { openKeyStore } from './key-store.ts';
import { createRecordVault, RecordUnreadableError } from './record-vault.ts';
import { newDataKey } from './sealed-value.ts';

// Issue 38 §3 (decision 142): an erasure reaches memory and every server.

describe('the opened-answers cache', () => {
  it('forgets an entry after its time limit', () => {
    let now = 1_000;
    const cache = createOpenedAnswersCache(() => now);
    cache.remember('r1', 3, { a: 1 }, 10);
    expect(cache.get('r1')).toMatchObject({ version: 3 });
    now += OPENED_TTL_MS - 1;
    expect(cache.get('r1')).toBeDefined();
    now += 1;
    expect(cache.get('r1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the records whose data keys are destroyed, at once', async () => {
    const store = await openKeyStore({ kind: 'memory' });
    const vault = createRecordVault(store, { current: toKeyEncryptionKey(newDataKey()), previous: [] });
    const cache = openedAnswersOf(vault);
    const sealed = await vault.seal('00000000-0000-4000-8000-000000000001', 'answers', '{}');
    cache.remember('00000000-0000-4000-8000-000000000001', 2, { story: 'kept' }, 20);
    cache.remember('00000000-0000-4000-8000-000000000002', 2, { story: 'other' }, 20);
    await vault.destroyDataKeys(['00000000-0000-4000-8000-000000000001']);
    expect(cache.get('00000000-0000-4000-8000-000000000001')).toBeUndefined();
    expect(cache.get('00000000-0000-4000-8000-000000000002')).toBeDefined();
    await expect(vault.open('00000000-0000-4000-8000-000000000001', 'answers', sealed)).rejects.toThrow(
      /data key was destroyed/,
    );
    await vault.close();
  });
});

describe('a tampered wrapped key', () => {
  it('is reported as altered, not as a wrong DATA_ENCRYPTION_KEY', async () => {
    const store = await openKeyStore({ kind: 'memory' });
    const keyring = { current: toKeyEncryptionKey(newDataKey()), previous: [] };
    const id = '00000000-0000-4000-8000-000000000003';
    const sealed = await createRecordVault(store, keyring).seal(id, 'answers', '{"a":1}');
    const wrapped = (await store.get([id])).get(id);
    if (!wrapped) throw new Error('no key');
    const altered = Buffer.from(wrapped.wrapped);
    altered[altered.length - 1] = (altered[altered.length - 1] ?? 0) ^ 1;
    await store.rewrap({ ...wrapped, wrapped: altered }, wrapped.kekId);
    const fresh = createRecordVault(store, keyring);
    const error = await fresh.open(id, 'answers', sealed).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordUnreadableError);
    expect((error as RecordUnreadableError).reason).toBe('tampered-key');
    expect((error as Error).message).toContain('wrapped data key in the key store was altered');
    expect((error as Error).message).not.toContain('DATA_ENCRYPTION_KEY');
    await store.close();
  });
});

describe.skipIf(usingPostgres())('a missing key-encryption key file', () => {
  it('stops the start when wrapped keys exist, instead of generating a new key', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-kek-'));
    const target = { kind: 'pglite', dir: path.join(dataDir, 'pg') } as const;
    const encryption = {
      previousKeys: [],
      keyDir: path.join(dataDir, 'keys'),
    };
    try {
      const first = await openDatabase(target, { encryption });
      await first.vault.seal('00000000-0000-4000-8000-000000000004', 'answers', '{}');
      await first.close();
      const keyFile = path.join(dataDir, 'keys', 'data-encryption-key');
      fs.rmSync(keyFile);
      await expect(openDatabase(target, { encryption })).rejects.toThrow(
        /DATA_ENCRYPTION_KEY: the key-encryption key file .* is missing, but 1 data keys and server secrets are sealed by it/,
      );
      expect(fs.existsSync(keyFile)).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a mapped form migration and erased records', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('never selects an erased record, and never creates a data key while moving one', async () => {
    const db = test.database.db;
    const typeId = await createTestInventoryType(db);
    const kept = await createTestRecord(db, {
      inventoryTypeId: typeId,
      organizationId: null,
      clientId: null,
    });
    const erased = await createTestRecord(db, {
      inventoryTypeId: typeId,
      organizationId: null,
      clientId: null,
    });
    await test.database.vault.destroyDataKeys([erased]);
    await db.execute(sql`update life_records set erased_at = now() where id = ${erased}::uuid`);
    const [version] = await queryRows<{ form_version: number }>(
      db,
      sql`select form_version from life_records where id = ${kept}::uuid`,
    );
    const rows = await recordsOfVersion(test.database, {
      typeId,
      version: Number(version?.form_version ?? 1),
      includeSubmitted: true,
      afterId: null,
      limit: 100,
    });
    expect(rows.map((row) => row.id)).toEqual([kept]);
    // Even if asked to move it (a read taken before the erasure), no key is made for it.
    const moved = await writeRecords(recordWriteDeps(test.database), async (writer) => ({
      value: await moveRecord(writer, {
        batchId: '00000000-0000-4000-8000-0000000000aa',
        recordId: erased,
        expectedVersion: 1,
        targetTypeId: typeId,
        targetVersion: 1,
        data: { story: 'mapped' },
        hadAnswers: true,
        mapping: {} as never,
        migratedBy: null,
      }).catch((error: unknown) => error),
      changed: [],
    }));
    expect(moved).toBeInstanceOf(RecordUnreadableError);
    expect(await test.database.vault.keyCounts()).toEqual(
      new Map([[test.database.vault.keyring.current.id, 1]]),
    );
  });
});

describe.skipIf(!usingPostgres())('two servers on one PostgreSQL database', () => {
  let test: TestDatabase;
  let other: Database;
  beforeAll(async () => {
    test = await createTestDatabase();
    other = await openDatabase(test.target);
  });
  afterAll(async () => {
    await other.close();
    await test.drop();
  });

  it('every server lets go of a data key another destroyed, and of its opened answers', async () => {
    const id = await createTestRecord(test.database.db, {
      inventoryTypeId: await createTestInventoryType(test.database.db),
      organizationId: null,
      clientId: null,
      data: { story: 'kept in two memories' },
    });
    const [row] = await queryRows<{ data: Uint8Array }>(
      test.database.db,
      sql`select data from life_records where id = ${id}::uuid`,
    );
    if (!row) throw new Error('no row');
    // The other server opens it (its key now in that server's memory) and remembers answers.
    expect(await other.vault.open(id, 'answers', row.data)).toContain('kept in two memories');
    openedAnswersOf(other.vault).remember(id, 5, { story: 'kept in two memories' }, 30);
    await test.database.vault.destroyDataKeys([id]);
    await expect
      .poll(async () => other.vault.open(id, 'answers', row.data).catch((error: Error) => error.message), {
        timeout: 5_000,
      })
      .toMatch(/data key was destroyed/);
    expect(openedAnswersOf(other.vault).get(id)).toBeUndefined();
  });
});
