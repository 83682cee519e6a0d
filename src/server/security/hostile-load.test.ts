import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ANSWER_LENGTH } from '#domain/answer-limits.ts';
import { createTestInventoryType, createTestRecord } from '../test-support/api-fixtures.ts';
import { TestSocket } from '../test-support/graphql-client.ts';
import { type SeededServer, startSeededServer } from '../test-support/seeded-server.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../test-support/test-users.ts';

// Issue 25 §1–§4: an ordinary client account tried to take the server down. Each attack below is
// replayed against a real server process with a 512 MB heap, as the issue reproduced them, and a
// little beyond; afterwards the process must still run and another person's small query must be
// answered within a second.

interface Seeded {
  owner: TestUser;
  other: TestUser;
  recordId: string;
}

let target: SeededServer<Seeded>;
beforeAll(async () => {
  target = await startSeededServer(
    async (db, config) => {
      const organizationId = await createTestOrganization(db);
      const inventoryTypeId = await createTestInventoryType(db);
      const owner = await createTestUser(db, config, { roles: ['client'], organizationId });
      const other = await createTestUser(db, config, { roles: ['client'], organizationId });
      // 80 answers of 19,500 characters: 1.56 MB, within the answer and record limits.
      const answer = 'x'.repeat(Math.min(19_500, MAX_ANSWER_LENGTH));
      const data = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`q${i}`, answer]));
      const recordId = await createTestRecord(db, {
        inventoryTypeId,
        organizationId,
        clientId: owner.id,
        data,
      });
      return { owner, other, recordId };
    },
    {
      NODE_OPTIONS: '--max-old-space-size=512',
      LOG_LEVEL: 'silent',
      // The caps of issue 25 are what is attacked here; the rates of decision 150 (which would
      // close a socket sending 1,000 subscribes at once) are tested in graphql/fair-share.test.ts.
      FAIR_SHARE_OPERATIONS_PER_SECOND: '100000',
      FAIR_SHARE_SOCKET_MESSAGES_PER_SECOND: '100000',
      FAIR_SHARE_SENT_BYTES_PER_SECOND: String(1024 ** 3),
      FAIR_SHARE_RECEIVED_BYTES_PER_SECOND: String(1024 ** 3),
    },
  );
}, 120_000);
afterAll(() => target?.stop());

const aliases = (count: number, selection: string) =>
  `query Q($i: ID!) { ${Array.from({ length: count }, (_, i) => `a${i}: record(id: $i) ${selection}`).join(' ')} }`;

function post(user: TestUser, body: unknown): Promise<Response> {
  return fetch(`${target.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.headers },
    body: JSON.stringify(body),
  });
}

/**
 * The server still runs, and another person's `{ viewer { id } }` is answered within a second. The
 * best of three tries counts: the test machine is shared, and one slow scheduling of this test's own
 * process is not the server holding the person up.
 */
async function expectAliveAndFair(): Promise<void> {
  expect(target.server.running()).toBe(true);
  const times: number[] = [];
  for (let attempt = 0; attempt < 3 && !times.some((ms) => ms < 1000); attempt++) {
    const started = performance.now();
    const response = await post(target.seeded.other, { query: '{ viewer { id } }' });
    times.push(performance.now() - started);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { viewer: { id: string } } }).data.viewer.id).toBe(
      target.seeded.other.id,
    );
  }
  expect(Math.min(...times)).toBeLessThan(1000);
}

async function openSocket(user: TestUser): Promise<TestSocket> {
  const socket = new TestSocket(`${target.server.url.replace('http', 'ws')}/graphql`);
  await socket.init(user.headers.authorization);
  await socket.next((message) => message.type === 'connection_ack');
  return socket;
}

describe('a server with a 512 MB heap under attack (issue 25)', () => {
  it('§1 HTTP: a batch of 2 × 400 aliases of a 1.56 MB record, and two copies in parallel', async () => {
    const { owner, recordId } = target.seeded;
    const operation = { query: aliases(400, '{ data }'), variables: { i: recordId } };
    const batch = await post(owner, [operation, operation]);
    expect(batch.status).toBe(400);
    const parallel = await Promise.all([post(owner, operation), post(owner, operation)]);
    for (const response of parallel) {
      expect(response.status).toBe(400);
      const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
      expect(body.errors.map((error) => error.extensions.code)).toContain('QUERY_TOO_MANY_ALIASES');
    }
    await expectAliveAndFair();
  }, 120_000);

  it('§1 beyond: eight parallel requests of the 20 aliases allowed load and answer within the budget', async () => {
    const { owner, recordId } = target.seeded;
    const operation = { query: aliases(20, '{ data }'), variables: { i: recordId } };
    const responses = await Promise.all(Array.from({ length: 8 }, () => post(owner, operation)));
    for (const response of responses) {
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text.length).toBeLessThan(20 * 1024 * 1024);
      expect(text).toContain('RESPONSE_TOO_LARGE');
    }
    await expectAliveAndFair();
  }, 120_000);

  it('§2 WebSocket: the 400 aliases refused, the 20 allowed answered within the budget', async () => {
    const { owner, recordId } = target.seeded;
    const socket = await openSocket(owner);
    socket.subscribe('many', aliases(400, '{ data }'), { i: recordId });
    const refused = await socket.next((message) => message.id === 'many', 30_000);
    expect(refused.type).toBe('error');
    expect(JSON.stringify(refused.payload)).toContain('QUERY_TOO_MANY_ALIASES');
    for (let i = 0; i < 4; i++) socket.subscribe(`twenty-${i}`, aliases(20, '{ data }'), { i: recordId });
    for (let i = 0; i < 4; i++) {
      const answer = await socket.next(
        (message) => message.id === `twenty-${i}` && message.type === 'next',
        60_000,
      );
      expect(JSON.stringify(answer.payload)).toContain('RESPONSE_TOO_LARGE');
    }
    expect(socket.largestMessageBytes).toBeLessThan(20 * 1024 * 1024);
    socket.close();
    await expectAliveAndFair();
  }, 120_000);

  it('§3 subscriptions: 1,000 on one socket are capped, and a save pushes a bounded amount', async () => {
    const { owner, recordId } = target.seeded;
    const socket = await openSocket(owner);
    const subscription = 'subscription S($id: ID!) { record(id: $id) { id version data } }';
    for (let i = 0; i < 1000; i++) socket.subscribe(`s${i}`, subscription, { id: recordId });
    const outcomes = new Map<string, string>();
    while (outcomes.size < 1000) {
      const message = await socket.next((m) => typeof m.id === 'string' && !outcomes.has(m.id), 60_000);
      outcomes.set(message.id as string, message.type);
    }
    const live = [...outcomes.values()].filter((type) => type === 'next').length;
    expect(live).toBeGreaterThan(0);
    // At most 20 per socket, and fewer here: each holds 1.56 MB of the 16 MB a person may have live.
    expect(live).toBeLessThanOrEqual(10);
    const save = await post(owner, {
      query: 'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      variables: { input: { id: recordId, baseVersion: 1, answers: { q0: 'changed' } } },
    });
    expect(save.status).toBe(200);
    expect(socket.largestMessageBytes).toBeLessThan(4 * 1024 * 1024);
    await expectAliveAndFair();
    socket.close();
  }, 180_000);

  it('§4 fairness: one owner’s flood of requests does not hold up another person', async () => {
    const { owner, recordId } = target.seeded;
    const operation = { query: aliases(20, '{ id }'), variables: { i: recordId } };
    const flood = Promise.all(Array.from({ length: 60 }, () => post(owner, [operation, operation])));
    // While the flood runs, the other person is answered as quickly as ever.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expectAliveAndFair();
    const responses = await flood;
    expect(responses.every((response) => response.status < 500)).toBe(true);
    await expectAliveAndFair();
  }, 180_000);
});
