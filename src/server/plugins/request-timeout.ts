import { Socket } from 'node:net';
import fp from 'fastify-plugin';

/**
 * Issue 14 §11: a client that sends its body slowly (a byte every few seconds) held a connection
 * and its buffers for minutes. Node's own requestTimeout does not end a request whose headers have
 * arrived, so the body gets the same time limit here: once it is over, the connection is answered
 * 408 and closed. (Slow headers are Node's headersTimeout, set in app.ts.)
 */
export const requestTimeoutPlugin = fp<{ timeoutMs: number }>(
  async (app, { timeoutMs }) => {
    app.addHook('onRequest', async (request) => {
      const raw = request.raw;
      // Injected requests (tests, light-my-request) have a stand-in socket that cannot be ended.
      if (raw.complete || !(raw.socket instanceof Socket)) return;
      const timer = setTimeout(() => {
        if (raw.complete || raw.socket.destroyed) return;
        request.log.info('request body not received in time; closing the connection');
        raw.socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        raw.socket.destroySoon();
      }, timeoutMs);
      timer.unref();
      const done = () => clearTimeout(timer);
      raw.once('end', done);
      raw.once('close', done);
    });
  },
  { name: 'request-timeout' },
);
