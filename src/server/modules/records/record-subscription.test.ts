import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PERSON_NAME } from '#domain/erased-person.ts';
import { roles } from '../../db/schema.ts';
import {
  type ApiFixtures,
  createApiFixtures,
  createTestGeneration,
  createTestRecord,
} from '../../test-support/api-fixtures.ts';
import { graphql, type SocketMessage, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signTestIdToken } from '../../test-support/test-tokens.ts';
import { createTestUser } from '../../test-support/test-users.ts';

// customer-app §7 call 10 over a real WebSocket (graphql-transport-ws).

let test: TestApp;
let f: ApiFixtures;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  test = await createTestApp({ listen: true });
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await test.close();
});

function open(options: { origin?: string; protocol?: string } = {}) {
  const socket = new TestSocket(socketUrl(test.app), options);
  sockets.push(socket);
  return socket;
}
async function connected(authorization: string) {
  const socket = open();
  await socket.init(authorization);
  await socket.next((m) => m.type === 'connection_ack');
  return socket;
}

const RECORD_SUBSCRIPTION = `subscription Live($id: ID!) {
  record(id: $id) {
    id updatedAt version submitted data
    user { id name email federatedId } organization { id name } inventoryType { id name model }
    reportGenerations { id dateGenerated response model }
  }
}`;
interface LiveRecord {
  version: number;
  submitted: boolean;
  data: Record<string, unknown>;
  user: { email: string | null } | null;
  reportGenerations: { id: string; response: string }[];
}
const nextRecord = async (socket: TestSocket, id = '1') => {
  const message = await socket.next((m) => m.id === id && (m.type === 'next' || m.type === 'error'));
  if (message.type === 'error') throw new Error(`subscription error: ${JSON.stringify(message.payload)}`);
  return (message.payload as { data: { record: LiveRecord } }).data.record;
};
const save = (recordId: string, baseVersion: number, answers: Record<string, unknown>) =>
  graphql(
    test.app,
    'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
    { i: { id: recordId, baseVersion, answers } },
    f.users.owner.headers,
  );

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

/**
 * What the server does with the database while `during` runs: every statement by name (all of them
 * go through `prepared`) and every opening of sealed values (issue 39 §3). Watched, not replaced.
 */
async function watchDatabase(during: () => Promise<void>) {
  const ran: string[] = [];
  const opened: string[] = [];
  const database = test.app.database;
  const { vault } = database;
  const prepared = database.prepared.bind(database);
  const open = vault.open.bind(vault);
  database.prepared = (statement) => {
    ran.push(statement.name);
    return prepared(statement);
  };
  vault.open = (recordId, purpose, sealed) => {
    opened.push(`${recordId} ${purpose}`);
    return open(recordId, purpose, sealed);
  };
  try {
    await during();
  } finally {
    database.prepared = prepared;
    vault.open = open;
  }
  return { ran, opened };
}

describe('one read per change for all subscribers of a record (issue 31 §6)', () => {
  it('gives a save made here to every subscriber without reading it back, each seeing its own', async () => {
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: f.organizationA,
      clientId: f.users.owner.id,
    });
    const generation = await createTestGeneration(
      test.database.db,
      recordId,
      'a report',
      new Date('2025-01-01'),
    );
    const subscribers = [
      await connected(f.users.owner.headers.authorization),
      await connected(f.users.owner.headers.authorization),
      await connected(f.users.admin.headers.authorization),
    ];
    for (const socket of subscribers) socket.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
    const [created] = await Promise.all(subscribers.map((socket) => nextRecord(socket)));
    // A first save on this server opens the stored answers to merge into them; the next does not
    // (opened-answers-cache.ts), so what is counted below is the subscribers' own opening.
    await save(recordId, created?.version ?? 0, { warm: 'the save cache' });
    const [first] = await Promise.all(subscribers.map((socket) => nextRecord(socket)));

    const { ran, opened } = await watchDatabase(async () => {
      await save(recordId, first?.version ?? 0, { shared: 'typed once' });
      const [ownerOne, ownerTwo, admin] = await Promise.all(subscribers.map((socket) => nextRecord(socket)));
      for (const update of [ownerOne, ownerTwo, admin]) expect(update?.data.shared).toBe('typed once');
      // Field visibility stays per viewer: the report generations are the admin's only.
      expect(admin?.reportGenerations.map((g) => g.id)).toEqual([generation]);
      expect(ownerOne?.reportGenerations).toEqual([]);
      expect(ownerTwo?.reportGenerations).toEqual([]);
    });
    const count = (name: string) => ran.filter((ran) => ran === name).length;
    // Three subscribers and no read of the record: this server wrote it (decision 214), its answers
    // not opened at all (issue 39 §1); each lookup of the selection once.
    expect(count('record-live'), `statements: ${ran.join(', ')}`).toBe(0);
    expect(opened.filter((open) => open.endsWith(' answers'))).toEqual([]);
    const reads = ran.filter((name) => !/save|audit|insert|update/i.test(name));
    expect(new Set(reads).size, `statements: ${ran.join(', ')}`).toBe(reads.length);
  });

  it('reads a record changed elsewhere once for all its subscribers', async () => {
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: f.organizationA,
      clientId: f.users.owner.id,
    });
    const subscribers = [
      await connected(f.users.owner.headers.authorization),
      await connected(f.users.admin.headers.authorization),
    ];
    for (const socket of subscribers) socket.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
    const [created] = await Promise.all(subscribers.map((socket) => nextRecord(socket)));
    await save(recordId, created?.version ?? 0, { mine: 'from here' });
    const [first] = await Promise.all(subscribers.map((socket) => nextRecord(socket)));
    // Another server's write: the next save lands on a version this server did not write.
    await test.database.db.execute(sql`update life_records set version = version + 1 where id = ${recordId}`);

    const { ran } = await watchDatabase(async () => {
      await save(recordId, first?.version ?? 0, { later: 'read back' });
      const updates = await Promise.all(subscribers.map((socket) => nextRecord(socket)));
      for (const update of updates) {
        expect(update?.version).toBe((first?.version ?? 0) + 2);
        expect(update?.data).toMatchObject({ mine: 'from here', later: 'read back' });
      }
    });
    expect(
      ran.filter((name) => name === 'record-live'),
      `statements: ${ran.join(', ')}`,
    ).toHaveLength(1);
  });
});

/** A record of the owner's, its live updates subscribed to, after one save and its update. */
async function ownerWatchingAfterASave(answers: Record<string, unknown>) {
  const recordId = await createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
  });
  const socket = await connected(f.users.owner.headers.authorization);
  socket.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
  await save(recordId, (await nextRecord(socket))?.version ?? 0, answers);
  return { recordId, socket, firstUpdate: await nextRecord(socket) };
}

describe('the catalog a live update shows is fetched once, not on every change (issue 39 §1)', () => {
  it('passes the organization and form type on to the next change', async () => {
    const { recordId, socket, firstUpdate } = await ownerWatchingAfterASave({ first: 'one' });
    const version = firstUpdate?.version ?? 0;

    let secondUpdate: LiveRecord | undefined;
    const { ran } = await watchDatabase(async () => {
      await save(recordId, version, { second: 'two' });
      secondUpdate = await nextRecord(socket);
    });
    expect(secondUpdate?.data).toMatchObject({ first: 'one', second: 'two' });
    // The same organization and form type as before, without asking the database again.
    const shown = (update: unknown) => {
      const { organization, inventoryType } = update as { organization: unknown; inventoryType: unknown };
      return { organization, inventoryType };
    };
    expect(shown(secondUpdate)).toEqual(shown(firstUpdate));
    expect(ran, `statements: ${ran.join(', ')}`).not.toContain('organization-summaries');
    expect(ran).not.toContain('inventory-types-by-ids');
  });

  it('saves into a record this server wrote last in one statement, and gives its update without another', async () => {
    const { recordId, socket, firstUpdate } = await ownerWatchingAfterASave({ first: 'one' });
    const version = firstUpdate?.version ?? 0;

    let update: LiveRecord | undefined;
    const { ran, opened } = await watchDatabase(async () => {
      await save(recordId, version, { second: 'two' });
      update = await nextRecord(socket);
    });
    expect(update?.version).toBe(version + 1);
    expect(update?.data).toMatchObject({ first: 'one', second: 'two' });
    expect(update?.user?.email).toBe(f.users.owner.email);
    // One write, no read before it nor after it (decision 214); the invited name is the one the
    // last read carried; nothing opened.
    expect(ran.filter((name) => name.startsWith('record-'))).toEqual(['record-write-into-known']);
    expect(ran).not.toContain('records-invited-names');
    expect(opened).toEqual([]);
  });

  it('reads the row first when it moved on since this server wrote it, and merges into the row as read', async () => {
    const { recordId, socket, firstUpdate } = await ownerWatchingAfterASave({ mine: 'from here' });
    const version = firstUpdate?.version ?? 0;
    // Another server's save: the row moves on without this server knowing its answers.
    await test.database.db.execute(
      sql`update life_records set version = version + 1, submitted = false where id = ${recordId}`,
    );

    const { ran } = await watchDatabase(async () => {
      await save(recordId, version, { later: 'also kept' });
    });
    const saved = await nextRecord(socket);
    expect(saved?.version).toBe(version + 2);
    expect(saved?.data).toMatchObject({ mine: 'from here', later: 'also kept' });
    expect(ran.filter((name) => name.startsWith('record-w') || name.startsWith('record-read'))).toEqual([
      'record-write-into-known',
      'record-read-for-merge',
      'record-write-merged',
    ]);
  });
});

describe('the owner a live update shows is passed on only to a save made here (decision 212)', () => {
  const saveAs = (headers: Record<string, string>, recordId: string, baseVersion: number, answers: object) =>
    graphql(
      test.app,
      'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
      { i: { id: recordId, baseVersion, answers } },
      headers,
    );
  const ownerName = async (socket: TestSocket) =>
    ((await nextRecord(socket)) as unknown as { user: { name: string | null } | null }).user?.name;

  it('reads the owner once across saves, and again once their erasure started', async () => {
    const person = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId: f.organizationA,
      name: 'Rosa Keller',
    });
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: f.organizationA,
      clientId: person.id,
    });
    const admin = await connected(f.users.admin.headers.authorization);
    admin.subscribe('1', RECORD_SUBSCRIPTION, { id: recordId });
    expect(await ownerName(admin)).toBe('Rosa Keller');
    await saveAs(person.headers, recordId, 0, { first: 'one' });
    expect(await ownerName(admin)).toBe('Rosa Keller');

    const { ran } = await watchDatabase(async () => {
      await saveAs(person.headers, recordId, 0, { second: 'two' });
      expect(await ownerName(admin)).toBe('Rosa Keller');
    });
    expect(ran, `statements: ${ran.join(', ')}`).not.toContain('users-as-owners');

    // The erasure marks the person and their records at once: the next read asks again.
    const erasing = await watchDatabase(async () => {
      const erased = await test.app.inject({
        method: 'POST',
        url: `/api/users/${person.id}/erase`,
        headers: f.users.admin.headers,
        payload: { confirmation: 'ERASE' },
      });
      expect(erased.statusCode).toBe(200);
      let name: string | null | undefined;
      do name = await ownerName(admin);
      while (name === 'Rosa Keller');
      expect(name).toBe(ERASED_PERSON_NAME);
    });
    expect(erasing.ran).toContain('users-as-owners');
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
