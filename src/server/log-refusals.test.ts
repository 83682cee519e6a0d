import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECORD_NOT_FOUND_MESSAGE } from '#domain/permissions.ts';
import { type ApiFixtures, createApiFixtures } from './test-support/api-fixtures.ts';
import { socketUrl, TestSocket } from './test-support/graphql-client.ts';
import { createTestApp, type TestApp } from './test-support/test-app.ts';

// Issue 39 §4: a subscription refused for the person's own reasons is no error of the server's.

interface LogLine {
  level: number;
  msg?: string;
  refusals?: { code: string; message: string }[];
}
const lines: LogLine[] = [];
let test: TestApp;
let f: ApiFixtures;
beforeAll(async () => {
  test = await createTestApp({
    listen: true,
    env: { LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(() => test.close());

const ERROR = 50;
const DEBUG = 20;

it('logs a refused subscription at debug level by its code, and a fault of ours as an error', async () => {
  const socket = new TestSocket(socketUrl(test.app));
  await socket.init(f.users.owner.headers.authorization);
  await socket.next((m) => m.type === 'connection_ack');
  const before = lines.length;
  socket.subscribe('1', 'subscription($id: ID!) { record(id: $id) { id } }', { id: randomUUID() });
  const refused = await socket.next((m) => m.id === '1' && m.type === 'error');
  expect(JSON.stringify(refused.payload)).toContain(RECORD_NOT_FOUND_MESSAGE);
  socket.close();

  const logged = lines.slice(before);
  expect(logged.filter((line) => line.level >= ERROR)).toEqual([]);
  expect(logged).toContainEqual(
    expect.objectContaining({
      level: DEBUG,
      msg: 'a GraphQL operation was refused',
      refusals: [{ code: 'NOT_FOUND', message: RECORD_NOT_FOUND_MESSAGE }],
    }),
  );

  const fault = new GraphQLError('the pool ended', { originalError: new Error('the pool ended') });
  test.app.log.error([fault]);
  expect(lines.at(-1)?.level).toBe(ERROR);
});
