import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ANSWERS } from '../../modules/records/record-model.ts';
import { findRecord } from '../../modules/records/record-read-repository.ts';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { dropPostgresDatabase } from '../../test-support/test-database.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';
import { type Database, type DatabaseTarget, openDatabase, queryRows } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import { type EncryptionConfig, GENERATED_KEY_FILE, NEXT_KEY_FILE } from './encryption-settings.ts';
import { rotateKeyEncryptionKey } from './key-rotation.ts';

/** A record's row opened as the records module opens it (the test looks behind the door). */
const findAnyRecord = (database: Database, id: string) =>
  findRecord(database, id, { all: true }, ALL_ANSWERS);

// Issue 30 §1, §3, §4, §5 and the erased-backup case, on PGlite and (TEST_DATABASE_URL) PostgreSQL.

const SECRET = 'the letter under the floorboards';

describe('a sealed value that does not open is a clear error of its own record (§1, §3)', () => {
  let test: TestApp;
  let owner: TestUser;
  let first: string;
  let second: string;
  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    const organizationId = await createTestOrganization(db);
    const inventoryTypeId = await createTestInventoryType(db);
    owner = await createTestUser(db, test.config, { roles: ['client'], organizationId });
    first = await createTestRecord(db, {
      inventoryTypeId,
      organizationId,
      clientId: owner.id,
      data: { a: SECRET },
    });
    second = await createTestRecord(db, {
      inventoryTypeId,
      organizationId,
      clientId: owner.id,
      data: { b: 'two' },
    });
  });
  afterAll(() => test?.close());

  const list = () =>
    graphql<{ recordsByClient: { id: string; data: unknown }[] }>(
      test.app,
      'query L($c: ID!) { recordsByClient(clientId: $c) { id data } }',
      { c: owner.id },
      owner.headers,
    );

  it('reads both records while nothing is altered', async () => {
    const result = await list();
    expect(result.errors).toBeUndefined();
    expect(result.data?.recordsByClient.find((r) => r.id === first)?.data).toEqual({ a: SECRET });
  });

  it('a ciphertext copied into another row fails to open there; the other record reads on', async () => {
    await test.database.db.execute(
      sql`update life_records set data = (select data from life_records where id = ${first}::uuid) where id = ${second}::uuid`,
    );
    const result = await list();
    expect(result.errors?.map((e) => e.message)).toEqual([
      expect.stringContaining(`altered or belongs to another record (record ${second})`),
    ]);
    // Issue 38 §4: only this record's `data` is null (unreadable-records.test.ts); the record that
    // opens still reads on its own too.
    const one = await graphql<{ record: { data: unknown } }>(
      test.app,
      'query R($id: ID!) { record(id: $id) { data } }',
      { id: first },
      owner.headers,
    );
    expect(one.data?.record.data).toEqual({ a: SECRET });
  });

  it('a tampered ciphertext (one byte changed) is the same clear error, never garbage', async () => {
    await test.database.db.execute(
      sql`update life_records set data = set_byte(data, 40, (get_byte(data, 40) + 1) % 256) where id = ${first}::uuid`,
    );
    const one = await graphql(
      test.app,
      'query R($id: ID!) { record(id: $id) { id data } }',
      { id: first },
      owner.headers,
    );
    expect(one.errors?.[0]?.message).toContain(`altered or belongs to another record (record ${first})`);
    expect((one.errors?.[0] as { extensions?: { code?: string } })?.extensions?.code).toBe(
      'RECORD_UNREADABLE',
    );
    expect(JSON.stringify(one.body)).not.toContain(SECRET);
    // A save into it is refused with the same message: never merged into nothing, never a crash.
    const saved = await graphql(
      test.app,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: first, baseVersion: 1, answers: { a: 'new' } } },
      owner.headers,
    );
    expect(saved.errors?.[0]?.message).toContain(`altered or belongs to another record (record ${first})`);
    expect(saved.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });

  it('after destroyDataKeys a save is refused and makes no new key, even right after a save', async () => {
    const db = test.database.db;
    const organizationId = await createTestOrganization(db);
    const inventoryTypeId = await createTestInventoryType(db, 'Erased type');
    const third = await createTestRecord(db, {
      inventoryTypeId,
      organizationId,
      clientId: owner.id,
      data: {},
    });
    const save = (version: number, answers: Record<string, unknown>) =>
      graphql<{ saveRecordAnswers: { version: number } }>(
        test.app,
        'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
        { input: { id: third, baseVersion: version, answers } },
        owner.headers,
      );
    const first = await save(1, { a: SECRET });
    expect(first.data?.saveRecordAnswers.version).toBe(2);
    expect(await test.database.vault.destroyDataKeys([third])).toBe(1);
    const after = await save(2, { b: 'more' });
    expect(after.errors?.[0]?.message).toContain(`its data key was destroyed`);
    expect(await test.database.vault.destroyDataKeys([third])).toBe(0);
  });
});

/** A database of its own for each case: a file PGlite under a data directory, or a PostgreSQL one. */
interface Place {
  dataDir: string;
  target: DatabaseTarget;
  encryption: EncryptionConfig;
  open(encryption?: EncryptionConfig): Promise<Database>;
  /** A copy of the database as a backup would hold it (the key store is not part of it). */
  backup(): Promise<() => Promise<void>>;
  drop(): Promise<void>;
}

async function newPlace(): Promise<Place> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-sealed-'));
  const encryption: EncryptionConfig = { previousKeys: [], keyDir: path.join(dataDir, 'keys') };
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    const dir = path.join(dataDir, 'pg');
    const target = { kind: 'pglite', dir } as const;
    return {
      dataDir,
      target,
      encryption,
      open: (config = encryption) => openDatabase(target, { encryption: config }),
      backup: async () => {
        fs.cpSync(dir, `${dir}.backup`, { recursive: true });
        return async () => {
          fs.rmSync(dir, { recursive: true, force: true });
          fs.renameSync(`${dir}.backup`, dir);
        };
      },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `life_record_test_${Math.random().toString(16).slice(2, 14)}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const target = { kind: 'postgres', url: url.toString() } as const;
  return {
    dataDir,
    target,
    encryption,
    open: (config = encryption) => openDatabase(target, { encryption: config }),
    backup: async () => {
      // A copy of the database alone (CREATE DATABASE … TEMPLATE copies it as a restore would).
      await admin(`create database ${name}_backup template ${name}`);
      return async () => {
        await admin(`drop database ${name} with (force)`);
        await admin(`alter database ${name}_backup rename to ${name}`);
      };
    },
    drop: async () => {
      await dropPostgresDatabase(server, target.url);
      await admin(`drop database if exists ${name}_backup with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seedRecord(database: Database, data: Record<string, unknown>): Promise<string> {
  const db = database.db;
  const organizationId = await createTestOrganization(db);
  const inventoryTypeId = await createTestInventoryType(db, `Type ${Math.random()}`);
  return createTestRecord(db, { inventoryTypeId, organizationId, clientId: null, data, report: SECRET });
}

describe('the key store on PostgreSQL', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is created beside the database, or named clearly when it cannot be',
    async () => {
      const place = await newPlace();
      try {
        const database = await place.open();
        await database.close();
        const keysUrl = new URL(place.target.kind === 'postgres' ? place.target.url : '');
        keysUrl.pathname = `${keysUrl.pathname}_keys`;
        const client = new pg.Client({ connectionString: keysUrl.toString() });
        await client.connect();
        await client.end();
        const missing = new URL(keysUrl);
        missing.pathname = '/life_record_no_such_key_store';
        await expect(
          place.open({
            ...place.encryption,
            key: Buffer.alloc(32, 1).toString('base64'),
            keyDatabaseUrl: missing.toString(),
          }),
        ).rejects.toThrow(/life_record_no_such_key_store.*KEY_DATABASE_URL/s);
      } finally {
        await place.drop();
      }
    },
  );
});

describe('keys and backups', () => {
  let place: Place;
  beforeAll(async () => {
    place = await newPlace();
  });
  afterAll(() => place?.drop());

  it('destroyDataKeys: a copy of the database taken before no longer opens those answers (§6)', async () => {
    let database = await place.open();
    await migrateDatabase(database, place.target);
    const erased = await seedRecord(database, { story: SECRET });
    const kept = await seedRecord(database, { story: 'kept' });
    await database.close();
    const restore = await place.backup();

    database = await place.open();
    expect(await database.vault.destroyDataKeys([erased])).toBe(1);
    expect(await database.vault.destroyDataKeys([erased])).toBe(0);
    await database.close();

    // The older copy comes back (a restore from backup); the key store stays as it is now.
    await restore();
    database = await place.open();
    try {
      const row = await findAnyRecord(database, erased);
      expect(row?.data).toBeNull();
      expect(row?.unreadable).toContain('its data key was destroyed');
      expect((await findAnyRecord(database, kept))?.data).toEqual({ story: 'kept' });
    } finally {
      await database.close();
    }
  });

  it('a wrong key-encryption key is a clear error per record, not a crash', async () => {
    let database = await place.open();
    const id = await seedRecord(database, { story: SECRET });
    await database.close();
    database = await place.open({ ...place.encryption, key: Buffer.alloc(32, 9).toString('base64') });
    try {
      expect((await findAnyRecord(database, id))?.unreadable).toContain(
        'wrapped by a key-encryption key this server does not have',
      );
    } finally {
      await database.close();
    }
  });

  it('rotate-key re-wraps every data key under a new key-encryption key; answers still open (§5)', async () => {
    let database = await place.open();
    const id = await seedRecord(database, { story: 'rotated' });
    const before = [...(await database.vault.keyCounts()).keys()];
    expect(before).toHaveLength(1);
    // An interrupted rotation: the new key written, nothing re-wrapped yet; a restart resumes with it.
    const oldFile = path.join(place.encryption.keyDir, GENERATED_KEY_FILE);
    const oldKey = fs.readFileSync(oldFile, 'utf8');
    fs.writeFileSync(
      path.join(place.encryption.keyDir, NEXT_KEY_FILE),
      Buffer.alloc(32, 5).toString('base64'),
      {
        mode: 0o600,
      },
    );
    await database.close();
    database = await place.open();
    try {
      const outcome = await rotateKeyEncryptionKey(database.vault, place.encryption);
      expect(outcome.rewrapped).toBeGreaterThan(0);
      expect([...(await database.vault.keyCounts()).keys()]).toEqual([outcome.kekId]);
      expect(outcome.kekId).not.toBe(before[0]);
      expect(fs.existsSync(path.join(place.encryption.keyDir, NEXT_KEY_FILE))).toBe(false);
      expect(fs.readFileSync(oldFile, 'utf8')).not.toBe(oldKey);
      expect(fs.statSync(oldFile).mode & 0o777).toBe(0o600);
      // Each run with the generated key is a rotation of its own, to a new key again.
      const again = await rotateKeyEncryptionKey(database.vault, place.encryption);
      expect(again.previousKekId).toBe(outcome.kekId);
      expect([...(await database.vault.keyCounts()).keys()]).toEqual([again.kekId]);
    } finally {
      await database.close();
    }
    database = await place.open();
    try {
      expect((await findAnyRecord(database, id))?.data).toEqual({ story: 'rotated' });
    } finally {
      await database.close();
    }
  });

  it('old plaintext rows are sealed at start-up in batches, once (§4)', async () => {
    let database = await place.open();
    const id = await seedRecord(database, {});
    // As a database of before issue 30 holds them: plaintext in the old columns, nothing sealed.
    await database.db.execute(sql`update life_records set data = null, report = null,
        legacy_data = ${JSON.stringify({ story: SECRET })}::jsonb, legacy_report = 'an old narrative'
        where id = ${id}::uuid`);
    await database.db.execute(
      sql`insert into report_generations (report_id, legacy_response) values (${id}::uuid, 'old text')`,
    );
    await database.close();
    database = await place.open();
    try {
      const lines: string[] = [];
      await migrateDatabase(database, place.target, (line) => lines.push(line));
      expect(lines.join('\n')).toMatch(/sealed 1 records, 1 report generations and 0 migration entries/);
      // The purge ran: VACUUM FULL of each table and the CHECKPOINT (issue 40 §5 moved them to prepared).
      expect(lines.join('\n')).not.toMatch(/failed/);
      const [row] = await queryRows<{ plain: number }>(
        database.db,
        sql`select (select count(*) from life_records where legacy_data is not null or legacy_report is not null)
          + (select count(*) from report_generations where legacy_response is not null) as plain`,
      );
      expect(Number(row?.plain)).toBe(0);
      const record = await findAnyRecord(database, id);
      expect(record?.data).toEqual({ story: SECRET });
      expect(record?.report).toBe('an old narrative');
      const again: string[] = [];
      await migrateDatabase(database, place.target, (line) => again.push(line));
      expect(again).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
