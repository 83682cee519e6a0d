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

/** Issue 41 §5: one piece of audio as the transcription endpoint received it. */
export interface ReceivedTranscription {
  authorization: string | undefined;
  model: string;
  fileName: string;
  fileType: string;
  bytes: Buffer;
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
  /** Issue 41: the audio pieces POSTed to /v1/audio/transcriptions. */
  transcriptions: ReceivedTranscription[];
  behave(behaviour: FakeBehaviour): void;
  /** The words each transcription answers (by the piece's number, from 1); a fixed sentence by default. */
  transcribeAs(words: (piece: number, received: ReceivedTranscription) => string): void;
  close(): Promise<void>;
}

/**
 * A tiny OpenAI-compatible HTTP server for tests (DESIGN §1: the production path is exercised
 * against a local server): POST /v1/chat/completions answers as the real API does, and so does
 * POST /v1/audio/transcriptions (multipart: model and file; issue 41 §5).
 */
export const FAKE_TRANSCRIPT = 'I grew up in a small house by the sea.';

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const received: ReceivedCompletion[] = [];
  const transcriptions: ReceivedTranscription[] = [];
  let words: (piece: number, received: ReceivedTranscription) => string = () => FAKE_TRANSCRIPT;
  let behaviour: FakeBehaviour = { kind: 'reply', content: 'A written report.' };
  const hanging = new Set<http.ServerResponse>();

  /** A hanging or failing answer, as `behaviour` says. */
  const answerTrouble = (response: http.ServerResponse) => {
    if (behaviour.kind === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (behaviour.kind === 'status') {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: behaviour.message, type: 'server_error' } }));
    }
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': String(request.headers['content-type']) },
          body: Buffer.concat(chunks),
        }).formData();
        const file = form.get('file') as File;
        const piece: ReceivedTranscription = {
          authorization: request.headers.authorization,
          model: String(form.get('model')),
          fileName: file.name,
          fileType: file.type,
          bytes: Buffer.from(await file.arrayBuffer()),
        };
        transcriptions.push(piece);
        if (behaviour.kind !== 'reply') return answerTrouble(response);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: words(transcriptions.length, piece) }));
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedCompletion['body'];
      received.push({ authorization: request.headers.authorization, body });
      if (behaviour.kind !== 'reply') return answerTrouble(response);
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
    transcriptions,
    behave(next) {
      behaviour = next;
    },
    transcribeAs(next) {
      words = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
