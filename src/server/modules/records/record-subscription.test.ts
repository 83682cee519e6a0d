import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../db/schema.ts';
import {
  type ApiFixtures,
  createApiFixtures,
  createTestGeneration,
  createTestRecord,
} from '../../test-support/api-fixtures.ts';
import { graphql, type SocketMessage, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import {
  nextRecord,
  RECORD_SUBSCRIPTION,
  recordSockets,
  saveAnswers,
} from '../../test-support/record-live-sockets.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signTestIdToken } from '../../test-support/test-tokens.ts';
import { createTestUser } from '../../test-support/test-users.ts';

// customer-app §7 call 10 over a real WebSocket (graphql-transport-ws). What a change costs the
// database is in record-subscription-reads.test.ts.

let test: TestApp;
let f: ApiFixtures;
const { open, connected, closeAll } = recordSockets(() => test.app);
beforeAll(async () => {
  test = await createTestApp({ listen: true });
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(async () => {
  closeAll();
  await test.close();
});

const save = (recordId: string, baseVersion: number, answers: Record<string, unknown>) =>
  saveAnswers(test.app, f.users.owner.headers, recordId, baseVersion, answers);

describe('connection_init', () => {
  it.each([
    ['authorization', (token: string) => ({ authorization: `Bearer ${token}` })],
    ['Authorization', (token: string) => ({ Authorization: `Bearer ${token}` })],
    ['headers.authorization', (token: string) => ({ headers: { authorization: `Bearer ${token}` } })],
  ])('admits a valid bearer token in %s', async (_label, payload) => {
    const socket = open();
    await socket.opened;
    socket.send({ type: 'connection_init', payload: payload(f.users.owner.token) });
    await expect(socket.next((m) => m.type === 'connection_ack')).resolves.toMatchObject({
      type: 'connection_ack',
    });
  });

  it.each([
    ['no token', undefined, 'Failed to retrieve JWT token. User is not authenticated.'],
    ['a malformed header', 'Token abc', 'Malformed Authorization header: expected "Bearer <token>".'],
    ['a forged token', 'Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln', 'The sign-in token'],
  ])('closes the socket with 4401 and the reason for %s', async (_label, authorization, reason) => {
    const socket = open();
    await socket.init(authorization);
    const closed = await socket.waitForClose();
    expect(closed.code).toBe(4401);
    expect(closed.reason).toContain(reason);
    expect(socket.messages.filter((m) => m.type === 'connection_ack')).toEqual([]);
  });

  it('closes with 4401 for an expired token', async () => {
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: f.users.owner.federatedId,
      expiresIn: -120,
    });
    const socket = open();
    await socket.init(`Bearer ${token}`);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: 'The sign-in token has expired.' });
  });

  it('refuses a subscribe before connection_init (4401) and any other first message (4400)', async () => {
    const early = open();
    await early.opened;
    early.subscribe('1', RECORD_SUBSCRIPTION, { id: f.ownedRecordId });
    expect(await early.waitForClose()).toEqual({ code: 4401, reason: 'Unauthorized' });
    const garbage = open();
    await garbage.opened;
    garbage.send('not json at all');
    expect((await garbage.waitForClose()).code).toBe(4400);
  });

  it('refuses another subprotocol', async () => {
    const socket = open({ protocol: 'graphql-ws' });
    expect((await socket.waitForClose()).code).toBe(4406);
  });

  it('ends the connection when the token expires', async () => {
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: f.users.owner.federatedId,
      expiresIn: 2,
    });
    const socket = await connected(`Bearer ${token}`);
    socket.subscribe('1', RECORD_SUBSCRIPTION, { id: f.ownedRecordId });
    await nextRecord(socket);
    expect(await socket.waitForClose(6000)).toEqual({
      code: 4401,
      reason: 'Your sign-in has expired. Sign in again.',
    });
  });
});

describe('origins', () => {
  it('accepts the public URL’s origin and programs that send none', async () => {
    const own = open({ origin: test.config.publicUrl });
    await own.init(f.users.owner.headers.authorization);
    await own.next((m) => m.type === 'connection_ack');
  });

  it('refuses another site before the upgrade', async () => {
    const foreign = open({ origin: 'https://evil.example' });
    await expect(foreign.opened).rejects.toThrow('upgrade refused with HTTP 403');
  });
});

describe('the record subscription', () => {
  it('sends the record now and after every save, with the fields of customer-app §3', async () => {
    const socket = await connected(f.users.owner.headers.authorization);
    socket.subscribe('1', RECORD_SUBSCRIPTION, { id: f.ownedRecordId });
    const first = await nextRecord(socket);
    expect(first).toMatchObject({
      submitted: false,
      user: { email: f.users.owner.email },
      organization: { name: 'Organization A' },
      inventoryType: { name: 'Life Inventory', model: 'gpt-4o' },
      reportGenerations: [],
    });
    await save(f.ownedRecordId, first.version, { live: 'typed on another device' });
    const second = await nextRecord(socket);
    expect(second.version).toBe(first.version + 1);
    expect(second.data.live).toBe('typed on another device');
  });

  it('gives admins the generations newest first, live when one is edited; others none', async () => {
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: f.organizationA,
      clientId: f.users.owner.id,
    });
    const older = await createTestGeneration(test.database.db, recordId, 'older', new Date('2025-01-01'));
    const newer = await createTestGeneration(test.database.db, recordId, 'newer', new Date('2025-06-01'));
    const admin = await connected(f.users.admin.headers.authorization);
    const owner = await connected(f.users.owner.headers.authorization);
    admin.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
    owner.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
    expect((await nextRecord(admin)).reportGenerations.map((g) => g.id)).toEqual([newer, older]);
    expect((await nextRecord(owner)).reportGenerations).toEqual([]);

    await graphql(
      test.app,
      'mutation($id: ID!) { updateReportGeneration(id: $id, response: "edited by the admin") { id } }',
      { id: older },
      f.users.admin.headers,
    );
    expect((await nextRecord(admin)).reportGenerations.find((g) => g.id === older)?.response).toBe(
      'edited by the admin',
    );
    expect((await nextRecord(owner)).reportGenerations).toEqual([]);

    await graphql(
      test.app,
      'mutation($id: ID!) { setRecordSubmitted(id: $id, submitted: true) { id } }',
      { id: recordId },
      f.users.admin.headers,
    );
    expect((await nextRecord(owner)).submitted).toBe(true);
    expect((await nextRecord(admin)).submitted).toBe(true);
  });

  it('answers a record one may not see as not found', async () => {
    const socket = await connected(f.users.customerB.headers.authorization);
    socket.subscribe('1', RECORD_SUBSCRIPTION, { id: f.ownedRecordId });
    const message = await socket.next((m) => m.id === '1');
    expect(message).toMatchObject({ type: 'error', payload: [{ message: 'Record not found.' }] });
  });

  it('re-reads as the subscriber may see it now: a customer who loses the role stops receiving', async () => {
    const customer = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId: f.organizationA,
    });
    const socket = await connected(customer.headers.authorization);
    socket.subscribe('1', RECORD_SUBSCRIPTION, { id: f.ownedRecordId });
    const first = await nextRecord(socket);
    const roleIds = Object.fromEntries(
      (await test.database.db.select().from(roles)).map((r) => [r.name, r.id]),
    );
    const change = await test.app.inject({
      method: 'PUT',
      url: '/api/users',
      headers: f.users.admin.headers,
      payload: { user_id: customer.id, new_roles: [], previous_roles: [roleIds.customer] },
    });
    expect(change.statusCode).toBe(200);
    await save(f.ownedRecordId, first.version, { after: 'role removed' });
    const message = await socket.next((m) => m.id === '1' && m.type !== 'next');
    expect(message).toMatchObject({ type: 'error', payload: [{ message: 'Record not found.' }] });
  });

  it('refuses an over-deep subscription like any other operation', async () => {
    const socket = await connected(f.users.admin.headers.authorization);
    socket.subscribe('1', 'subscription($id: ID!) { record(id: $id) { id } }', { id: f.ownedRecordId });
    await nextRecord(socket);
    const tooMany = Array.from({ length: 300 }, (_, i) => `a${i}: record(id: $id) { id data }`).join(' ');
    socket.subscribe('2', `subscription($id: ID!) { ${tooMany} }`, { id: f.ownedRecordId });
    const message = await socket.next((m) => m.id === '2');
    expect(message.type).toBe('error');
  });
});
describe('queries and mutations over the socket (STACK-NOTES trap 5)', () => {
  it('answers a query with next and complete', async () => {
    const socket = await connected(f.users.owner.headers.authorization);
    socket.send({ type: 'subscribe', id: 'q', payload: { query: '{ viewer { id roles } }' } });
    const next: SocketMessage = await socket.next((m) => m.id === 'q' && m.type === 'next');
    expect(next.payload).toEqual({ data: { viewer: { id: f.users.owner.id, roles: ['client'] } } });
    await socket.next((m) => m.id === 'q' && m.type === 'complete');
  });
});

describe('a listening server with a development client origin', () => {
  it('accepts DEV_CLIENT_ORIGIN outside production only', async () => {
    for (const [nodeEnv, accepted] of [
      ['development', true],
      ['production', false],
    ] as const) {
      const server = await createTestApp({
        listen: true,
        env: { NODE_ENV: nodeEnv, DEV_CLIENT_ORIGIN: 'http://localhost:5173' },
      });
      try {
        const user = await createTestUser(server.database.db, server.config);
        const socket = new TestSocket(socketUrl(server.app), { origin: 'http://localhost:5173' });
        if (accepted) {
          await socket.init(user.headers.authorization);
          await socket.next((m) => m.type === 'connection_ack');
        } else {
          await expect(socket.opened).rejects.toThrow('HTTP 403');
        }
        socket.close();
      } finally {
        await server.close();
      }
    }
  });
});

it('keeps serving after all of the above', async () => {
  const response = await graphql(test.app, '{ viewer { id } }', {}, f.users.noRole.headers);
  expect(response.data).toEqual({ viewer: { id: f.users.noRole.id } });
  expect(randomUUID()).toBeTruthy();
});
