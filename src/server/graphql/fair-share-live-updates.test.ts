import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixtures, createApiFixtures, createTestRecord } from '../test-support/api-fixtures.ts';
import { graphql, socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Issue 39 §4: the bytes an account is sent, live updates included, count against its share; its
// live updates and its next operations wait while it owes, never another person's.

const SAVE = 'mutation Save($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }';
const READ = 'query Read($id: ID!) { record(id: $id) { id version data } }';
const LIVE = 'subscription Live($id: ID!) { record(id: $id) { id version data } }';
const PROMPTLY_MS = 5_000;

describe('bytes an account is sent', () => {
  let paced: TestApp;
  let g: ApiFixtures;
  beforeAll(async () => {
    // 1 KiB a second, and waits long enough that the account's own save waits rather than is refused.
    paced = await createTestApp({
      listen: true,
      env: { FAIR_SHARE_RECEIVED_BYTES_PER_SECOND: '1024', FAIR_SHARE_MAX_WAIT_MS: '30000' },
    });
    g = await createApiFixtures(paced.database.db, paced.config);
  });
  afterAll(() => paced.close());

  it('pace the account’s live updates and hold its next operation; another person is served at once', async () => {
    const recordOf = (clientId: string) =>
      createTestRecord(paced.database.db, {
        inventoryTypeId: g.inventoryTypeId,
        organizationId: g.organizationA,
        clientId,
      });
    // Answers of 6 KB: the first update leaves the account owing seconds of its 1 KiB a second.
    const mine = await createTestRecord(paced.database.db, {
      inventoryTypeId: g.inventoryTypeId,
      organizationId: g.organizationA,
      clientId: g.users.owner.id,
      data: { q1: 'x'.repeat(6_000) },
    });
    const theirs = await recordOf(g.users.otherClient.id);
    const socket = new TestSocket(socketUrl(paced.app));
    await socket.init(g.users.owner.headers.authorization);
    await socket.next((m) => m.type === 'connection_ack');
    try {
      socket.subscribe('live', LIVE, { id: mine });
      await socket.next((m) => m.id === 'live' && m.type === 'next', PROMPTLY_MS);
      const started = Date.now();
      const saving = graphql<{ saveRecordAnswers: { version: number } }>(
        paced.app,
        SAVE,
        { i: { id: mine, baseVersion: 0, answers: { q3: 'paced' } } },
        g.users.owner.headers,
      );
      const read = await graphql(paced.app, READ, { id: theirs }, g.users.otherClient.headers);
      const saved = await graphql<{ saveRecordAnswers: { version: number } }>(
        paced.app,
        SAVE,
        { i: { id: theirs, baseVersion: 0, answers: { q3: 'prompt' } } },
        g.users.otherClient.headers,
      );
      expect(read.errors).toBeUndefined();
      expect(saved.errors).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(PROMPTLY_MS);
      const own = await saving;
      expect(own.errors).toBeUndefined();
      const update = await socket.next((m) => m.id === 'live' && m.type === 'next', 30_000);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      const version = (update.payload as { data: { record: { version: number } } }).data.record.version;
      expect(version).toBe(own.data?.saveRecordAnswers.version);
    } finally {
      socket.close();
    }
  }, 60_000);
});

describe('a person with a long story is charged what their live updates carry', () => {
  let roomy: TestApp;
  let g: ApiFixtures;
  beforeAll(async () => {
    // 128 KiB a second (a burst of 256 KiB): a 200 KB record's whole answers fit once, not per save.
    roomy = await createTestApp({
      listen: true,
      env: { FAIR_SHARE_RECEIVED_BYTES_PER_SECOND: String(128 * 1024) },
    });
    g = await createApiFixtures(roomy.database.db, roomy.config);
  });
  afterAll(() => roomy.close());

  const CHANGES = `subscription Live($id: ID!) {
    record(id: $id) { version answerChanges { full answers } }
  }`;
  type Update = { version: number; answerChanges: { full: boolean; answers: Record<string, unknown> } };

  it('saves one after another, each live update carrying only its change, never refused', async () => {
    const story = Object.fromEntries(
      Array.from({ length: 10 }, (_, i) => [`chapter${i}`, 'x'.repeat(20_000)]),
    );
    const recordId = await createTestRecord(roomy.database.db, {
      inventoryTypeId: g.inventoryTypeId,
      organizationId: g.organizationA,
      clientId: g.users.owner.id,
      data: story,
    });
    const socket = new TestSocket(socketUrl(roomy.app));
    await socket.init(g.users.owner.headers.authorization);
    await socket.next((m) => m.type === 'connection_ack');
    const nextUpdate = async () =>
      (
        (await socket.next((m) => m.id === 'live' && m.type === 'next', 10_000)).payload as {
          data: { record: Update };
        }
      ).data.record;
    try {
      socket.subscribe('live', CHANGES, { id: recordId });
      const first = await nextUpdate();
      expect(first.answerChanges.full).toBe(true);
      let version = first.version;
      // Before, each update was charged the record's 200 KB: the second save already waited past
      // FAIR_SHARE_MAX_WAIT_MS and was refused as rate-limited.
      for (let typed = 1; typed <= 5; typed++) {
        const saved = await graphql<{ saveRecordAnswers: { version: number } }>(
          roomy.app,
          SAVE,
          { i: { id: recordId, baseVersion: version, answers: { q3: `sentence ${typed}` } } },
          g.users.owner.headers,
        );
        expect(saved.errors).toBeUndefined();
        const update = await nextUpdate();
        expect(update.version).toBe(saved.data?.saveRecordAnswers.version);
        expect(update.answerChanges).toEqual({ full: false, answers: { q3: `sentence ${typed}` } });
        version = update.version;
      }
    } finally {
      socket.close();
    }
  }, 60_000);
});
