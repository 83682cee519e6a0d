import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// DESIGN §8: every answer carries the strict headers, the API's as much as a page's (the policy is
// made once per server, security-headers.ts).

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe('security headers', () => {
  it('sends the same policy on every answer, the API, an error and the health check alike', async () => {
    const answers = [
      await test.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' } }),
      await test.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      }),
      await test.app.inject({ method: 'GET', url: '/health' }),
      await test.app.inject({ method: 'GET', url: '/graphql' }),
    ];
    const policies = answers.map((answer) => answer.headers['content-security-policy']);
    expect(policies[0]).toContain("default-src 'self'");
    expect(policies[0]).toContain("script-src 'self'");
    expect(policies[0]).toContain("object-src 'none'");
    expect(policies[0]).toContain("frame-ancestors 'self'");
    expect(new Set(policies).size, JSON.stringify(policies)).toBe(1);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      // Served over plain HTTP here: no HSTS, which would pin a browser to HTTPS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
