import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { classifyFailure } from './failure-kinds.ts';
import { postJson } from './http-post.ts';

// A real server: answers /ok, never answers /slow, resets /reset mid-request.
const server = http.createServer((request, response) => {
  if (request.url === '/ok') request.on('data', () => {}).on('end', () => response.end('{"data":1}'));
  if (request.url === '/reset') request.socket.resetAndDestroy();
});
let base = '';
const agent = new http.Agent({ keepAlive: true });
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = (path: string, timeoutMs = 2000) =>
  postJson(agent, `${base}${path}`, {}, '{}', timeoutMs).then(
    () => 'answered',
    (error: unknown) => classifyFailure(error),
  );

it('posts JSON and reads the answer', async () => {
  expect(await postJson(agent, `${base}/ok`, { authorization: 'Bearer x' }, '{"a":1}', 2000)).toEqual({
    status: 200,
    text: '{"data":1}',
  });
});

it('rejects with errors that classify as what happened', async () => {
  expect(await failure('/slow', 100)).toBe('time-out');
  expect(await failure('/reset')).toBe('connection reset');
  server.close();
  server.closeAllConnections();
  expect(await failure('/ok')).toBe('connection refused');
});
