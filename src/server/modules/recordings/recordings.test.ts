import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_MESSAGES, recordingKey } from '#domain/voice-answers.ts';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { type Database, openDatabase, queryRows } from '../../db/database.ts';
import { type ApiFixtures, createApiFixtures } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { uploadRecording } from '../../test-support/recording-upload.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { fakeWebm } from '../../test-support/webm-fixture.ts';

// Issue 41 §2–§4 on the real server (two instances on one database, as behind a load balancer):
// resumable sealed uploads, playback for those who may read the record, deletion, expiry, limits.

let shared: TestDatabase;
let second: Database;
let serverA: FastifyInstance;
let serverB: FastifyInstance;
let config: Config;
let f: ApiFixtures;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-recordings-'));
const urlOf = (server: FastifyInstance) => {
  const address = server.server.address();
  return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
};

async function startServer(database: Database): Promise<FastifyInstance> {
  const server = await buildApp({ config, database, clientDir: path.join(dataDir, 'no-client') });
  await server.listen({ port: 0, host: '127.0.0.1' });
  return server;
}

beforeAll(async () => {
  shared = await createTestDatabase();
  // Two instances: on PostgreSQL each its own connection pool; the embedded database is one handle.
  second = shared.target.kind === 'postgres' ? await openDatabase(shared.target) : shared.database;
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://life-record.test',
    RECORDING_MAX_MINUTES: '2',
    ...(shared.target.kind === 'postgres' ? { DATABASE_URL: shared.target.url } : {}),
  });
  serverA = await startServer(shared.database);
  serverB = await startServer(second);
  f = await createApiFixtures(shared.database.db, config);
});

afterAll(async () => {
  await serverA?.close();
  await serverB?.close();
  if (second !== shared.database) await second?.close();
  await shared?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function recordData(recordId = f.ownedRecordId) {
  const response = await graphql(
    serverA,
    'query($id: ID!) { record(id: $id) { data } }',
    { id: recordId },
    f.users.owner.headers,
  );
  return (response.data as { record: { data: Record<string, unknown> } }).record.data;
}

async function play(server: FastifyInstance, id: string, headers: Record<string, string>) {
  return fetch(`${urlOf(server)}/api/recordings/${id}/audio`, { headers });
}

const owner = () => ({ token: f.users.owner.token, recordId: f.ownedRecordId, answerKey: 'name' });

describe('a spoken answer', () => {
  let recordingId: string;
  const audio = fakeWebm(20, 20_000);

  it('resumes after a network cut on another instance, sending no byte twice, and becomes the answer', async () => {
    const first = await uploadRecording({
      ...owner(),
      baseUrl: urlOf(serverA),
      audio,
      chunkSize: 64 * 1024,
      stopAfter: 128 * 1024,
    });
    expect(first.error).toBeUndefined();
    expect(first.url).toMatch(/\/api\/recordings\/uploads\/[0-9a-f-]{36}$/);
    recordingId = first.url?.split('/').at(-1) ?? '';
    const [row] = await queryRows<{ received: number }>(
      shared.database.db,
      sql`select received::float8 as received from recordings where id = ${recordingId}::uuid`,
    );
    // What the cut PATCH had delivered is kept: at most the chunk in flight is sent again.
    expect(row?.received).toBeGreaterThanOrEqual(first.offset);
    expect(row?.received).toBeLessThanOrEqual(first.offset + 64 * 1024);

    // The first instance goes away (a restart, a deploy); the other one takes the upload over.
    await serverA.close();
    serverA = await startServer(shared.database);
    const resumed = await uploadRecording({
      ...owner(),
      baseUrl: urlOf(serverB),
      audio,
      uploadUrl: `${urlOf(serverB)}${new URL(first.url ?? '', 'http://x').pathname}`,
    });
    expect(resumed.error).toBeUndefined();

    const data = await recordData();
    expect(data[recordingKey('name')]).toMatchObject({
      id: recordingId,
      mimeType: 'audio/webm;codecs=opus',
      bytes: audio.length,
      durationMs: 30_000,
      transcript: { state: 'not-set-up' },
    });
    expect(data.name).toBe('Ada'); // the typed answer stays as it was
  });

  it('is stored sealed: no run of its bytes lies in the database or under DATA_DIR', async () => {
    const probe = audio.subarray(audio.length - 5_000, audio.length - 4_968);
    const [found] = await queryRows<{ clear: number; parts: number }>(
      shared.database.db,
      sql`select count(*) filter (where position(${probe}::bytea in sealed) > 0)::int as clear,
            count(*)::int as parts from recording_parts where recording_id = ${recordingId}::uuid`,
    );
    expect(found).toEqual({ clear: 0, parts: expect.any(Number) });
    expect(found?.parts).toBeGreaterThan(1);
    const files = fs
      .readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile());
    for (const file of files)
      expect(fs.readFileSync(path.join(file.parentPath, file.name)).includes(probe)).toBe(false);
  });

  it('plays back whole to the owner and to whoever may read the record, entered in the audit first', async () => {
    const mine = await play(serverB, recordingId, f.users.owner.headers);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('audio/webm');
    expect(Buffer.from(await mine.arrayBuffer()).equals(audio)).toBe(true);

    const theirs = await play(serverA, recordingId, f.users.customerA.headers);
    expect(theirs.status).toBe(200);
    expect(Buffer.from(await theirs.arrayBuffer()).equals(audio)).toBe(true);
    const entries = await queryRows<{ action: string; actor_id: string }>(
      shared.database.db,
      sql`select action, actor_id from audit_entries where record_id = ${f.ownedRecordId}::uuid and action = 'recording.play'`,
    );
    expect(entries).toEqual([{ action: 'recording.play', actor_id: f.users.customerA.id }]);

    for (const stranger of [f.users.otherClient, f.users.customerB, f.users.noRole]) {
      const refused = await play(serverA, recordingId, stranger.headers);
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ error: RECORDING_MESSAGES.notFound });
    }
    expect((await play(serverA, recordingId, {})).status).toBe(401);
  });

  it('is in Download my data: the JSON names it, the ZIP holds its audio whole', async () => {
    const json = await (
      await fetch(`${urlOf(serverA)}/api/my-data`, { headers: f.users.owner.headers })
    ).json();
    const listed = json.records.find((record: { id: string }) => record.id === f.ownedRecordId).recordings;
    expect(listed).toEqual([
      expect.objectContaining({
        key: 'name',
        question: 'Name',
        recordingId,
        file: `recordings/${recordingId}.webm`,
      }),
    ]);
    const zip = await fetch(`${urlOf(serverB)}/api/my-data/archive`, { headers: f.users.owner.headers });
    expect(zip.headers.get('content-disposition')).toContain('life-record-my-data.zip');
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['life-record-my-data.json', `recordings/${recordingId}.webm`]);
    expect(Buffer.from(files[`recordings/${recordingId}.webm`] ?? []).equals(audio)).toBe(true);
    // Someone else's archive holds their own records only.
    const theirs = unzipSync(
      new Uint8Array(
        await (
          await fetch(`${urlOf(serverA)}/api/my-data/archive`, { headers: f.users.customerA.headers })
        ).arrayBuffer(),
      ),
    );
    expect(Object.keys(theirs)).toEqual(['life-record-my-data.json']);
  });

  it('takes uploads only from the owner, for a text question of the record, within the limit', async () => {
    const attempt = (overrides: Partial<Parameters<typeof uploadRecording>[0]>) =>
      uploadRecording({ ...owner(), baseUrl: urlOf(serverA), audio: fakeWebm(2, 1_000), ...overrides });
    const customer = await attempt({ token: f.users.customerA.token });
    expect(customer.error).toEqual({ status: 403, body: RECORDING_MESSAGES.notYourRecord });
    const stranger = await attempt({ token: f.users.otherClient.token });
    expect(stranger.error).toEqual({ status: 404, body: 'Record not found.' });
    const unknownQuestion = await attempt({ answerKey: 'currentStep' });
    expect(unknownQuestion.error).toEqual({ status: 400, body: RECORDING_MESSAGES.notATextQuestion });
    const video = await attempt({ mimeType: 'video/webm' });
    expect(video.error).toEqual({ status: 400, body: RECORDING_MESSAGES.badFormat });
    // RECORDING_MAX_MINUTES=2: 3.84 MB at most.
    const tooLong = await attempt({ audio: Buffer.alloc(4_000_000, 1) });
    expect(tooLong.error).toEqual({ status: 413, body: RECORDING_MESSAGES.tooLong(2) });
    const count = await queryRows<{ n: number }>(
      shared.database.db,
      sql`select count(*)::int as n from recordings`,
    );
    expect(count[0]?.n).toBe(1);
  });

  it('deletes an unfinished upload after 24 hours', async () => {
    const stopped = await uploadRecording({
      ...owner(),
      baseUrl: urlOf(serverA),
      audio: fakeWebm(10, 20_000),
      stopAfter: 64 * 1024,
    });
    const id = stopped.url?.split('/').at(-1) ?? '';
    await shared.database.db.execute(
      sql`update recordings set expires_at = now() - interval '1 second' where id = ${id}::uuid`,
    );
    await serverA.close();
    serverA = await startServer(shared.database); // the sweep runs at start and every 10 minutes
    await expect
      .poll(
        async () =>
          (
            await fetch(`${urlOf(serverA)}/api/recordings/uploads/${id}`, {
              method: 'HEAD',
              headers: { ...f.users.owner.headers, 'tus-resumable': '1.0.0' },
            })
          ).status,
      )
      .toBe(404);
  });

  it('is deleted by its owner, the typed answer kept; a deleted recording no longer plays', async () => {
    const refused = await fetch(`${urlOf(serverA)}/api/recordings/${recordingId}`, {
      method: 'DELETE',
      headers: f.users.customerA.headers,
    });
    expect(refused.status).toBe(403); // the organization reads the record, only its owner changes it
    const deleted = await fetch(`${urlOf(serverA)}/api/recordings/${recordingId}`, {
      method: 'DELETE',
      headers: f.users.owner.headers,
    });
    expect(await deleted.json()).toEqual({ deleted: true });
    const data = await recordData();
    expect(data[recordingKey('name')]).toBeNull();
    expect(data.name).toBe('Ada');
    expect((await play(serverA, recordingId, f.users.owner.headers)).status).toBe(404);
    const [left] = await queryRows<{ n: number }>(
      shared.database.db,
      sql`select count(*)::int as n from recording_parts where recording_id = ${recordingId}::uuid`,
    );
    expect(left?.n).toBe(0);
  });

  it('is destroyed with the record’s keys when its person is erased (issue 41 §3)', async () => {
    const kept = await uploadRecording({ ...owner(), baseUrl: urlOf(serverA), audio: fakeWebm(4, 5_000) });
    const id = kept.url?.split('/').at(-1) ?? '';
    const [sealedPart] = await queryRows<{ sealed: Uint8Array; start: number }>(
      shared.database.db,
      sql`select sealed, start::float8 as start from recording_parts where recording_id = ${id}::uuid limit 1`,
    );
    const erased = await fetch(`${urlOf(serverA)}/api/users/${f.users.owner.id}/erase`, {
      method: 'POST',
      headers: { ...f.users.admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: 'ERASE' }),
    });
    expect(erased.status).toBe(200);
    const [left] = await queryRows<{ n: number }>(
      shared.database.db,
      sql`select (select count(*) from recordings where report_id = ${f.ownedRecordId}::uuid)::int
            + (select count(*) from recording_parts where recording_id = ${id}::uuid)::int as n`,
    );
    expect(left?.n).toBe(0);
    // A copy of a part taken before (a backup) no longer opens: the record's key is gone.
    await expect(
      shared.database.vault.openBytes(
        f.ownedRecordId,
        'audio',
        sealedPart?.sealed ?? new Uint8Array(),
        `${id}/0`,
      ),
    ).rejects.toThrow(/data key was destroyed/);
  });
});
