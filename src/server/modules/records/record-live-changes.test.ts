import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import { draftOriginsForm } from '../../test-support/origins-form.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 39 §3 (decision 152): a live update carries only the answers written since the update the
// subscriber had; the whole answers when a diff cannot say it (the first update, a form change).
// Over a real WebSocket, on PGlite or PostgreSQL (TEST_DATABASE_URL).

let test: TestApp;
let admin: TestUser;
let person: TestUser;
let organizationId: string;
let typeId: string;
const sockets: TestSocket[] = [];

const ask = <T>(query: string, variables: Record<string, unknown> = {}, as: TestUser = admin) =>
  graphql<T>(test.app, query, variables, as.headers);

beforeAll(async () => {
  test = await createTestApp({ listen: true });
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'], name: 'Ann Admin' });
  organizationId = await createTestOrganization(db, 'Live Changes Org');
  person = await createTestUser(db, test.config, { roles: ['client'], name: 'Lee Live', organizationId });
  typeId = await createTestInventoryType(db, 'Origins');
  const draft = await draftOriginsForm(test.app, admin, typeId, 'cityOfBirth');
  expect(draft.errors).toBeUndefined();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await test.close();
});

const LIVE = `subscription Live($id: ID!) {
  record(id: $id) { version formVersion answerChanges { full sinceVersion answers } }
}`;
const LIVE_WITH_DATA = `subscription Live($id: ID!) {
  record(id: $id) { version data answerChanges { full sinceVersion answers } }
}`;
interface Update {
  version: number;
  formVersion?: number;
  data?: Record<string, unknown>;
  answerChanges: { full: boolean; sinceVersion: number | null; answers: Record<string, unknown> };
}

async function subscribed(recordId: string, query = LIVE, as: TestUser = person) {
  const socket = new TestSocket(socketUrl(test.app));
  sockets.push(socket);
  await socket.init(as.headers.authorization);
  await socket.next((m) => m.type === 'connection_ack');
  socket.subscribe('1', query, { id: recordId });
  return socket;
}
async function nextUpdate(socket: TestSocket): Promise<Update> {
  const message = await socket.next((m) => m.id === '1' && (m.type === 'next' || m.type === 'error'));
  if (message.type === 'error') throw new Error(`subscription error: ${JSON.stringify(message.payload)}`);
  const payload = message.payload as { data: { record: Update }; errors?: unknown };
  expect(payload.errors).toBeUndefined();
  return payload.data.record;
}
async function save(recordId: string, baseVersion: number, answers: Record<string, unknown>) {
  const saved = await ask<{ saveRecordAnswers: { version: number } }>(
    'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
    { i: { id: recordId, baseVersion, answers } },
    person,
  );
  expect(saved.errors).toBeUndefined();
  return saved.data?.saveRecordAnswers.version ?? -1;
}
const newRecord = (data: Record<string, unknown>) =>
  createTestRecord(test.database.db, { inventoryTypeId: typeId, organizationId, clientId: person.id, data });

describe('live updates carry what changed since the subscriber’s version (issue 39 §3)', () => {
  it('sends the whole answers first, then only the answer a save wrote', async () => {
    const recordId = await newRecord({ name: 'Ada', cityOfBirth: 'Lisbon', note: 'long '.repeat(50) });
    const socket = await subscribed(recordId);
    const first = await nextUpdate(socket);
    expect(first.answerChanges).toEqual({
      full: true,
      sinceVersion: null,
      answers: { name: 'Ada', cityOfBirth: 'Lisbon', note: 'long '.repeat(50) },
    });
    const version = await save(recordId, first.version, { name: 'Ada L' });
    const update = await nextUpdate(socket);
    expect(update.version).toBe(version);
    expect(update.answerChanges).toEqual({
      full: false,
      sinceVersion: first.version,
      answers: { name: 'Ada L' },
    });
  });

  it('sends a cleared answer as cleared, and a folded burst as one update of all it wrote', async () => {
    const recordId = await newRecord({ name: 'Ada', cityOfBirth: 'Lisbon', extra: 'x' });
    const socket = await subscribed(recordId);
    const first = await nextUpdate(socket);
    await save(recordId, first.version, { cityOfBirth: null });
    const cleared = await nextUpdate(socket);
    expect(cleared.answerChanges).toEqual({
      full: false,
      sinceVersion: first.version,
      answers: { cityOfBirth: null },
    });
    // Every answer written since the version the subscriber has, whichever save wrote it.
    const second = await save(recordId, cleared.version, { name: '' });
    await save(recordId, second, { cityOfBirth: 'Porto' });
    let update = await nextUpdate(socket);
    const seen: Record<string, unknown> = { ...update.answerChanges.answers };
    expect(update.answerChanges.sinceVersion).toBe(cleared.version);
    if (update.version < second + 1) {
      const last = await nextUpdate(socket);
      expect(last.answerChanges.sinceVersion).toBe(update.version);
      Object.assign(seen, last.answerChanges.answers);
      update = last;
    }
    expect(update.version).toBe(second + 1);
    expect(seen).toEqual({ name: '', cityOfBirth: 'Porto' });
  });

  it('still gives whole data to a subscriber that selects it', async () => {
    const recordId = await newRecord({ name: 'Ada', cityOfBirth: 'Lisbon' });
    const socket = await subscribed(recordId, LIVE_WITH_DATA);
    const first = await nextUpdate(socket);
    await save(recordId, first.version, { name: 'Bea' });
    const update = await nextUpdate(socket);
    expect(update.data).toEqual({ name: 'Bea', cityOfBirth: 'Lisbon' });
    expect(update.answerChanges.answers).toEqual({ name: 'Bea' });
  });

  it('sends the whole answers after the record moved to another form', async () => {
    const recordId = await newRecord({});
    const typed = await save(recordId, 1, { name: 'Ada', cityOfBirth: 'Lis' });
    const socket = await subscribed(recordId);
    const first = await nextUpdate(socket);
    expect(first.version).toBe(typed);

    const updated = await draftOriginsForm(test.app, admin, typeId, 'birthCity');
    expect(updated.errors).toBeUndefined();
    const published = await ask<{ publishFormVersion: { number: number } }>(
      'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }',
      { id: typeId },
    );
    const target = published.data?.publishFormVersion.number ?? 0;
    const migrated = await ask(
      'mutation($input: RecordMigrationInput!) { migrateRecordsMapped(input: $input) { batchId migrated } }',
      {
        input: {
          sourceTypeId: typeId,
          sourceVersion: target - 1,
          targetTypeId: typeId,
          targetVersion: target,
          mapping: [
            { from: 'name', to: 'name' },
            { from: 'cityOfBirth', to: 'birthCity' },
          ],
          includeSubmitted: false,
        },
      },
    );
    expect(migrated.errors).toBeUndefined();
    const update = await nextUpdate(socket);
    expect(update.formVersion).toBe(target);
    expect(update.answerChanges).toEqual({
      full: true,
      sinceVersion: null,
      answers: { name: 'Ada', birthCity: 'Lis' },
    });
  });
});
