import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

export interface GraphqlResponse<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, unknown>;
  data: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
  body: unknown;
}

/** One GraphQL operation over HTTP POST through the real server (app.inject). */
export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<GraphqlResponse<T>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ query, variables }),
  });
  const body = response.json() as { data?: T | null; errors?: GraphqlResponse['errors'] };
  return {
    status: response.statusCode,
    headers: response.headers,
    data: body.data ?? null,
    ...(body.errors ? { errors: body.errors } : {}),
    body,
  };
}

export interface SocketMessage {
  type: string;
  id?: string;
  payload?: unknown;
}

/**
 * A raw graphql-transport-ws client for tests: sends what it is told and records every message
 * and the close code and reason, so tests can assert exactly what the server did.
 */
export class TestSocket {
  readonly messages: SocketMessage[] = [];
  /** The size of the largest message received, in bytes. */
  largestMessageBytes = 0;
  closed: { code: number; reason: string } | undefined;
  private readonly socket: WebSocket;
  private readonly waiters: Array<() => void> = [];
  readonly opened: Promise<void>;

  constructor(url: string, options: { origin?: string; protocol?: string } = {}) {
    this.socket = new WebSocket(url, options.protocol ?? 'graphql-transport-ws', {
      ...(options.origin ? { origin: options.origin } : {}),
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
      this.socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`upgrade refused with HTTP ${response.statusCode}`)),
      );
    });
    this.socket.on('message', (data: Buffer) => {
      this.largestMessageBytes = Math.max(this.largestMessageBytes, data.length);
      this.messages.push(JSON.parse(data.toString()) as SocketMessage);
      this.notify();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
    this.socket.on('error', () => this.notify());
  }

  send(message: SocketMessage | string): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  async init(authorization?: string, key: 'authorization' | 'Authorization' = 'authorization') {
    await this.opened;
    this.send({ type: 'connection_init', payload: authorization ? { [key]: authorization } : {} });
  }

  subscribe(id: string, query: string, variables: Record<string, unknown> = {}): void {
    this.send({ type: 'subscribe', id, payload: { query, variables } });
  }

  /** Resolves once a message matches (or the socket closed: then it rejects). */
  async next(match: (message: SocketMessage) => boolean, timeoutMs = 5000): Promise<SocketMessage> {
    const deadline = Date.now() + timeoutMs;
    let seen = 0;
    for (;;) {
      for (; seen < this.messages.length; seen++) {
        const message = this.messages[seen];
        if (message && match(message)) {
          this.messages.splice(seen, 1);
          return message;
        }
      }
      if (this.closed) throw new Error(`socket closed (${this.closed.code} ${this.closed.reason})`);
      if (Date.now() > deadline) throw new Error(`no matching message within ${timeoutMs} ms`);
      await this.wait(deadline - Date.now());
    }
  }

  async waitForClose(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error(`socket still open after ${timeoutMs} ms`);
      await this.wait(deadline - Date.now());
    }
    return this.closed;
  }

  close(): void {
    this.socket.close();
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.max(1, ms));
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private notify(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

export function socketUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}/graphql`;
}
