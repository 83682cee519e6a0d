import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { type Database, openDatabase, queryRows } from '../../db/database.ts';
import { type ApiFixtures, createApiFixtures } from '../../test-support/api-fixtures.ts';
import { type LocalS3, startLocalS3 } from '../../test-support/local-s3.ts';
import { uploadRecording } from '../../test-support/recording-upload.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { fakeWebm } from '../../test-support/webm-fixture.ts';

// Issue 41 §3, decision 189: RECORDING_STORE=s3 against a real S3-compatible server (s3rver), two
// server instances on one database: sealed parts as objects, read by the other instance, none in
// the clear, all deleted when the person is erased.

let s3: LocalS3;
let shared: TestDatabase;
let second: Database;
let serverA: FastifyInstance;
let serverB: FastifyInstance;
let config: Config;
let f: ApiFixtures;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-s3-store-'));
const urlOf = (server: FastifyInstance) =>
  `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;

async function startServer(database: Database) {
  const server = await buildApp({ config, database, clientDir: path.join(dataDir, 'no-client') });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  shared = await createTestDatabase();
  second = shared.target.kind === 'postgres' ? await openDatabase(shared.target) : shared.database;
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://life-record.test',
    ...s3.env,
    ...(shared.target.kind === 'postgres' ? { DATABASE_URL: shared.target.url } : {}),
  });
  serverA = await startServer(shared.database);
  serverB = await startServer(second);
  f = await createApiFixtures(shared.database.db, config);
}, 180_000); // two instances on a fresh database: slow on a loaded machine

afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  if (second !== shared.database) await second?.close();
  await shared?.drop();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file the S3 server holds, with its bytes. */
function storedObjects(): Buffer[] {
  return fs
    .readdirSync(s3.directory, { recursive: true, withFileTypes: true })
    .filter((file) => file.isFile() && file.name.endsWith('._S3rver_object'))
    .map((file) => fs.readFileSync(path.join(file.parentPath, file.name)));
}

describe('recordings in an S3-compatible store', () => {
  it('needs a bucket', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', RECORDING_STORE: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('keeps sealed parts as objects that another instance reads, and deletes them at erasure', async () => {
    const audio = fakeWebm(24, 20_000); // about 480 KB, sent in 64 KiB PATCHes: a part each
    const upload = await uploadRecording({
      baseUrl: urlOf(serverA),
      token: f.users.owner.token,
      recordId: f.ownedRecordId,
      answerKey: 'name',
      audio,
    });
    expect(upload.error).toBeUndefined();
    const id = upload.url?.split('/').at(-1) ?? '';
    const parts = await queryRows<{ storage: string; length: number; stored: number }>(
      shared.database.db,
      sql`select r.storage, p.length, octet_length(p.sealed) as stored
          from recording_parts p join recordings r on r.id = p.recording_id where r.id = ${id}::uuid`,
    );
    // The database keeps where each part is, not its bytes.
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const part of parts) expect(part).toMatchObject({ storage: 's3', stored: 16 });
    const objects = storedObjects();
    expect(objects.length).toBe(parts.length);
    const probe = audio.subarray(300_000, 300_024);
    for (const object of objects) {
      expect(object.includes(probe)).toBe(false);
      expect(object.includes(audio.subarray(100, 124))).toBe(false);
    }

    const played = await fetch(`${urlOf(serverB)}/api/recordings/${id}/audio`, {
      headers: f.users.owner.headers,
    });
    expect(played.status).toBe(200);
    expect(Buffer.from(await played.arrayBuffer()).equals(audio)).toBe(true);

    const erased = await fetch(`${urlOf(serverB)}/api/users/${f.users.owner.id}/erase`, {
      method: 'POST',
      headers: { ...f.users.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'ERASE' }),
    });
    expect(erased.status).toBe(200);
    expect(storedObjects()).toEqual([]);
  });
});
