import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { buildApp } from '../../app.ts';
import { type Config, loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { roles } from '../../db/schema.ts';
import { RECORD_CHANGES_CHANNEL } from '../../kernel/record-changes.ts';
import { type ApiFixtures, createApiFixtures, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import { createTestDatabase, type TestDatabase, usingPostgres } from '../../test-support/test-database.ts';
import { createTestOrganization, createTestUser } from '../../test-support/test-users.ts';

// DESIGN §1 and §7: app servers are stateless, N of them on one PostgreSQL; a change made through
// one reaches subscribers of every other through LISTEN/NOTIFY.

describe.skipIf(!usingPostgres())('two server instances on one PostgreSQL (needs TEST_DATABASE_URL)', () => {
  let shared: TestDatabase;
  let secondConnection: Database;
  let serverA: FastifyInstance;
  let serverB: FastifyInstance;
  let f: ApiFixtures;
  let config: Config;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-two-servers-'));
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    shared = await createTestDatabase();
    if (shared.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
    secondConnection = await openDatabase(shared.target);
    // Behind one load balancer both serve the same public URL, hence the same token issuer.
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://life-record.test',
      DATABASE_URL: shared.target.url,
    });
    const clientDir = path.join(dataDir, 'no-client');
    serverA = await buildApp({ config, database: shared.database, clientDir });
    serverB = await buildApp({ config, database: secondConnection, clientDir });
    await serverA.listen({ port: 0, host: '127.0.0.1' });
    await serverB.listen({ port: 0, host: '127.0.0.1' });
    f = await createApiFixtures(shared.database.db, config);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await serverA?.close();
    await serverB?.close();
    await secondConnection?.close();
    await shared?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function subscribe(server: FastifyInstance, authorization: string, recordId = f.ownedRecordId) {
    const socket = new TestSocket(socketUrl(server));
    sockets.push(socket);
    await socket.init(authorization);
    await socket.next((m) => m.type === 'connection_ack');
    socket.subscribe('1', 'subscription($id: ID!) { record(id: $id) { version submitted data } }', {
      id: recordId,
    });
    const first = await socket.next((m) => m.id === '1' && m.type === 'next');
    return {
      socket,
      version: (first.payload as { data: { record: { version: number } } }).data.record.version,
    };
  }
  const nextVersion = async (socket: TestSocket) => {
    const message = await socket.next((m) => m.id === '1' && m.type === 'next', 3000);
    return (message.payload as { data: { record: { version: number; data: Record<string, unknown> } } }).data
      .record;
  };

  it('a save through instance A reaches a subscriber of instance B in under one second', async () => {
    const { socket, version } = await subscribe(serverB, f.users.owner.headers.authorization);
    const started = performance.now();
    const saved = await graphql(
      serverA,
      'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
      { i: { id: f.ownedRecordId, baseVersion: version, answers: { fromA: 'typed on A' } } },
      f.users.owner.headers,
    );
    expect(saved.errors).toBeUndefined();
    const update = await nextVersion(socket);
    const elapsed = performance.now() - started;
    expect(update.version).toBe(version + 1);
    expect(update.data.fromA).toBe('typed on A');
    expect(elapsed).toBeLessThan(1000);
  });

  it('the admin’s submitted toggle on B reaches a subscriber of A, once', async () => {
    const { socket, version } = await subscribe(serverA, f.users.customerA.headers.authorization);
    const toggled = await graphql(
      serverB,
      'mutation($id: ID!) { setRecordSubmitted(id: $id, submitted: true) { submitted } }',
      { id: f.ownedRecordId },
      f.users.admin.headers,
    );
    expect(toggled.errors).toBeUndefined();
    expect((await nextVersion(socket)).version).toBe(version + 1);
    // The writing instance publishes in-process and skips its own NOTIFY: no duplicate.
    await expect(nextVersion(socket)).rejects.toThrow(/no matching message/);
  });

  it('a role removed through instance A applies on instance B at once (its viewer cache is told)', async () => {
    const customer = await createTestUser(shared.database.db, config, {
      roles: ['customer'],
      organizationId: f.organizationA,
    });
    const ask = () => graphql(serverB, '{ inventoryTypes { id } }', {}, customer.headers);
    expect((await ask()).errors).toBeUndefined(); // now cached on B
    const [customerRole] = await shared.database.db.select().from(roles).where(eq(roles.name, 'customer'));
    const change = await serverA.inject({
      method: 'PUT',
      url: '/api/users',
      headers: f.users.admin.headers,
      payload: { user_id: customer.id, new_roles: [], previous_roles: [customerRole?.id] },
    });
    expect(change.statusCode).toBe(200);
    const deadline = Date.now() + 1000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      refused = (await ask()).errors?.[0]?.extensions?.code === 'FORBIDDEN';
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toBe(true);
  });

  // Issue 16 §2: writers other than the record screen's saves publish too.
  it('a credit given out by an invitation through A reaches a subscriber of B', async () => {
    const organization = await createTestOrganization(shared.database.db, 'Cross-instance invitations');
    const credit = await createTestRecord(shared.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: organization,
      clientId: null,
    });
    const { socket, version } = await subscribe(serverB, f.users.admin.headers.authorization, credit);
    const invited = await serverA.inject({
      method: 'POST',
      url: '/api/invite',
      headers: f.users.admin.headers,
      payload: {
        name: 'Ines Invited',
        email: 'ines.cross@example.com',
        organization,
        inventoryType: f.inventoryTypeId,
      },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json().reportId).toBe(credit);
    expect((await nextVersion(socket)).version).toBe(version + 1);
  });

  it('gathers changes made together into one notification naming every record', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, () =>
        createTestRecord(shared.database.db, {
          inventoryTypeId: f.inventoryTypeId,
          organizationId: f.organizationA,
          clientId: null,
        }),
      ),
    );
    const notices: { origin: string; recordIds: string[] }[] = [];
    const stop = await secondConnection.listen(RECORD_CHANGES_CHANNEL, (payload) =>
      notices.push(JSON.parse(payload)),
    );
    try {
      await Promise.all(
        ids.map((id) =>
          graphql(
            serverA,
            'mutation($id: ID!) { setRecordSubmitted(id: $id, submitted: true) { id } }',
            { id },
            f.users.admin.headers,
          ),
        ),
      );
      const deadline = Date.now() + 3000;
      while (
        new Set(notices.flatMap((notice) => notice.recordIds)).size < ids.length &&
        Date.now() < deadline
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(new Set(notices.flatMap((notice) => notice.recordIds))).toEqual(new Set(ids));
      expect(notices.length).toBeLessThan(ids.length);
    } finally {
      await stop();
    }
  });

  it('an admin’s Sign out of all devices on one instance closes the user’s socket on the other (issue 29 §4)', async () => {
    const user = await createTestUser(shared.database.db, config, { roles: ['client'] });
    const socket = new TestSocket(socketUrl(serverB));
    sockets.push(socket);
    await socket.init(user.headers.authorization);
    await socket.next((message) => message.type === 'connection_ack');
    const response = await serverA.inject({
      method: 'POST',
      url: `/api/users/${user.id}/sign-out-everywhere`,
      headers: f.users.admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await socket.waitForClose()).toEqual({
      code: 4401,
      reason: SIGN_IN_END_MESSAGES.admin,
    });
    const me = await serverB.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });
});
