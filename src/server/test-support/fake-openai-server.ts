import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the model API received it. */
export interface ReceivedCompletion {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    [key: string]: unknown;
  };
}

/** What the next requests get: a completion, an HTTP error, or no answer at all. */
export type FakeBehaviour =
  | { kind: 'reply'; content: string }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'hang' };

export interface FakeOpenAiServer {
  /** The base URL to configure as OPENAI_BASE_URL (`http://127.0.0.1:{port}/v1`). */
  baseUrl: string;
  received: ReceivedCompletion[];
  behave(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

/**
 * A tiny OpenAI-compatible HTTP server for tests (DESIGN §1: the production path is exercised
 * against a local server): POST /v1/chat/completions answers as the real API does.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const received: ReceivedCompletion[] = [];
  let behaviour: FakeBehaviour = { kind: 'reply', content: 'A written report.' };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCompletion['body'];
      received.push({ authorization: request.headers.authorization, body });
      if (behaviour.kind === 'hang') {
        hanging.add(response);
        response.on('close', () => hanging.delete(response));
        return;
      }
      if (behaviour.kind === 'status') {
        response.writeHead(behaviour.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: behaviour.message, type: 'server_error' } }));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-${received.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: behaviour.content }, finish_reason: 'stop' },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    behave(next) {
      behaviour = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
