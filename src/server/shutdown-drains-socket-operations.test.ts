import path from 'node:path';
import { expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { RESTART_CLOSE_CODE, RESTART_REASON } from './graphql/socket-drains.ts';
import { createApiFixtures, createTestRecord } from './test-support/api-fixtures.ts';
import { graphql, socketUrl, TestSocket } from './test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from './test-support/set-up-test-app.ts';
import { createTestApp } from './test-support/test-app.ts';

// Issue 39 §7: a rolling restart loses no save sent over a WebSocket. A save the server has
// started when its close begins runs to its answer, which reaches the client before the socket
// closes; one that arrives after is never started, and the socket closes with 1012 (service
// restart), on which graphql-ws clients connect again and send it to the next server.

const SAVE = 'mutation Save($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }';
const LIVE = 'subscription Live($id: ID!) { record(id: $id) { id version } }';
const READ = 'query Read($id: ID!) { record(id: $id) { version data } }';

const { test, f } = setUpTestAppWithFixtures({ listen: true });

it('answers the save in flight before closing with 1012, and starts none after the close began', async () => {
  const recordId = await createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
  });
  const socket = new TestSocket(socketUrl(test.app));
  await socket.init(f.users.owner.headers.authorization);
  await socket.next((m) => m.type === 'connection_ack');
  socket.subscribe('live', LIVE, { id: recordId });
  await socket.next((m) => m.id === 'live' && m.type === 'next');

  // A slow database: the save is still in its statements when the close begins.
  const { database } = test;
  const run = database.prepared.bind(database);
  let slow = true;
  let statementStarted: (() => void) | undefined;
  const started = new Promise<void>((resolve) => (statementStarted = resolve));
  database.prepared = async (statement) => {
    if (slow) {
      statementStarted?.();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return run(statement);
  };

  try {
    socket.send({
      type: 'subscribe',
      id: 'in-flight',
      payload: { query: SAVE, variables: { i: { id: recordId, baseVersion: 0, answers: { name: 'kept' } } } },
    });
    await started;
    const closing = test.app.close();
    // Sent once the close has begun: not started here, to be sent again to the next server.
    await new Promise((resolve) => setTimeout(resolve, 20));
    socket.send({
      type: 'subscribe',
      id: 'too-late',
      payload: {
        query: SAVE,
        variables: { i: { id: recordId, baseVersion: 0, answers: { name: 'again' } } },
      },
    });

    const answer = await socket.next((m) => m.id === 'in-flight' && m.type !== 'complete', 8_000);
    expect(answer.type).toBe('next');
    const saved = (answer.payload as { data: { saveRecordAnswers: { version: number } } }).data;
    expect(saved.saveRecordAnswers.version).toBeGreaterThan(0);
    expect((await socket.next((m) => m.id === 'in-flight', 8_000)).type).toBe('complete');
    expect(await socket.waitForClose(8_000)).toEqual({ code: RESTART_CLOSE_CODE, reason: RESTART_REASON });
    expect(socket.messages.filter((m) => m.id === 'too-late')).toEqual([]);
    await closing;
    slow = false;

    // The next server (same database): the save is there, the late one was not run.
    const next = await buildApp({
      config: test.config,
      database,
      clientDir: path.join(test.dataDir, 'no-client'),
    });
    try {
      const read = await graphql<{ record: { version: number; data: unknown } }>(
        next,
        READ,
        { id: recordId },
        f.users.owner.headers,
      );
      expect(read.errors).toBeUndefined();
      expect(read.data?.record.version).toBe(saved.saveRecordAnswers.version);
      expect(JSON.stringify(read.data?.record.data)).toContain('kept');
      expect(JSON.stringify(read.data?.record.data)).not.toContain('again');
    } finally {
      await next.close();
    }
  } finally {
    slow = false;
    database.prepared = run;
  }
}, 30_000);

it('closes an idle socket with 1012 when the server closes', async () => {
  // The app above is closed: a fresh one, closed while a socket is open with nothing in flight.
  const other = await createTestApp({ listen: true });
  try {
    const g = await createApiFixtures(other.database.db, other.config);
    const socket = new TestSocket(socketUrl(other.app));
    await socket.init(g.users.owner.headers.authorization);
    await socket.next((m) => m.type === 'connection_ack');
    const closing = other.app.close();
    expect(await socket.waitForClose(8_000)).toEqual({ code: RESTART_CLOSE_CODE, reason: RESTART_REASON });
    await closing;
  } finally {
    await other.close();
  }
}, 30_000);
