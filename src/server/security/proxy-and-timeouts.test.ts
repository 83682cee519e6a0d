import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { TRUST_PROXY_TRUE_MESSAGE } from '../config-fields.ts';
import { IP_LIMIT } from '../modules/support/support-routes.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';

// Issue 14 §4 and §11: behind a proxy, a client cannot choose the address its limits are kept
// under; and a client that sends its request slowly is cut off.

describe('TRUST_PROXY', () => {
  it.each<[string, unknown]>([
    ['', false],
    ['false', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.0.0.0/8,::1', ['10.0.0.1', '10.0.0.0/8', '::1']],
  ])('%j is %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.300', '10.0.0.0/40', 'proxy.example'])(
    'refuses %j, saying why',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUST_PROXY_TRUE_MESSAGE);
    },
  );
});

describe('behind one proxy (TRUST_PROXY=1)', () => {
  const test = setUpTestApp({ env: { TRUST_PROXY: '1' } });

  it('keys limits by the address the proxy saw, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < IP_LIMIT.max + 2; attempt++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/support',
        remoteAddress: '10.0.0.2', // the proxy
        // The client forged a new address each time; the proxy appended the real one.
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.77` },
        payload: {
          name: 'Ada Lovelace',
          email: `ada${attempt}@example.com`,
          message: 'How do I continue my record after a break?',
          type: 'contact_form',
          timestamp: '2025-07-07T10:15:00.000Z',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, IP_LIMIT.max).filter((status) => status >= 400)).toEqual([]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('request time-out (issue 14 §11)', () => {
  const test = setUpTestApp({ listen: true, env: { REQUEST_TIMEOUT_MS: '1000' } });

  it('cuts off a client that sends its body a byte at a time', async () => {
    const { port } = new URL(test.config.publicUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
    const started = Date.now();
    socket.write(
      'POST /api/support HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const closedAt = await Promise.race([
      closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(-1), 8000)),
    ]);
    clearInterval(trickle);
    socket.destroy();
    expect(closedAt).toBeGreaterThan(0);
    expect(closedAt - started).toBeLessThan(5000);
    expect(answer).toContain('408');
  });
});
