import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixtures, createApiFixtures } from '../test-support/api-fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Issue 14 §9 and "Done when": malformed input of every kind, to every route, by anonymous and
// signed-in callers, is answered with a 4xx and a clear message, never a server error, and the
// server's memory stays bounded while thousands of such requests arrive.

let test: TestApp;
let f: ApiFixtures;
beforeAll(async () => {
  test = await createTestApp();
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(() => test.close());

const ROUTES: { method: 'GET' | 'POST' | 'PUT'; url: string }[] = [
  { method: 'POST', url: '/api/create-checkout-session' },
  { method: 'POST', url: '/api/sandbox-checkout/00000000-0000-4000-8000-000000000000' },
  { method: 'POST', url: '/api/sandbox-checkout/not-a-uuid' },
  { method: 'GET', url: '/api/sandbox-checkout/not-a-uuid?client_reference_id=x' },
  { method: 'PUT', url: '/api/users' },
  { method: 'GET', url: '/api/users' },
  { method: 'POST', url: '/api/invite' },
  { method: 'POST', url: '/api/resend' },
  { method: 'POST', url: '/api/reports' },
  { method: 'POST', url: '/api/narrative' },
  { method: 'POST', url: '/api/support' },
  { method: 'GET', url: '/api/me' },
  { method: 'POST', url: '/graphql' },
];

const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1), list: [deep(0)] });
const BODIES: unknown[] = [
  123,
  true,
  false,
  null,
  [],
  [1, 2],
  'text',
  {},
  { query: 1 },
  { query: {} },
  deep(200),
];

function callers() {
  return [{}, f.users.owner.headers, f.users.customerA.headers, f.users.admin.headers];
}

async function send(route: (typeof ROUTES)[number], payload: string, headers: Record<string, string>) {
  return test.app.inject({
    method: route.method,
    url: route.url,
    headers: { 'content-type': 'application/json', ...headers },
    ...(route.method === 'GET' ? {} : { payload }),
  });
}

function expectClientAnswer(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what} → ${response.statusCode} ${response.body.slice(0, 300)}`).toBeLessThan(
    500,
  );
  expect(response.body, what).not.toContain('INTERNAL_SERVER_ERROR');
  expect(response.body, what).not.toContain('Something went wrong on our side');
}

describe('malformed bodies (issue 14 §9)', () => {
  it('every route answers every known-bad body with a 4xx and a message', async () => {
    for (const route of ROUTES) {
      for (const body of BODIES) {
        for (const headers of callers()) {
          const response = await send(route, JSON.stringify(body), headers);
          expectClientAnswer(response, `${route.method} ${route.url} ${JSON.stringify(body).slice(0, 40)}`);
          if (response.statusCode >= 400) expect(response.body.length).toBeGreaterThan(2);
        }
      }
    }
  });

  it('answers bodies that are not JSON, or of another type, with 4xx', async () => {
    for (const route of ROUTES.filter((candidate) => candidate.method !== 'GET')) {
      for (const [type, payload] of [
        ['text/plain', 'hello'],
        ['application/json', '{"unterminated'],
        ['application/graphql', '{ viewer { id } }'],
        ['application/x-www-form-urlencoded', 'a=1&b=2'],
        ['application/json', ''],
      ] as const) {
        const response = await send(route, payload, { 'content-type': type, ...f.users.owner.headers });
        expectClientAnswer(response, `${route.method} ${route.url} as ${type}`);
      }
    }
  });
});

describe('generated bad input (fast-check)', () => {
  it('thousands of generated JSON bodies and GraphQL requests never cause a server error, and memory stays bounded', async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    const graphqlRequest = fc.record(
      {
        query: fc.oneof(
          fc.jsonValue(),
          fc.string(),
          fc.constantFrom('{ viewer { id } }', 'query { records { id } }'),
        ),
        variables: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
        operationName: fc.oneof(fc.string(), fc.jsonValue()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.oneof(fc.jsonValue({ maxDepth: 6 }), graphqlRequest),
        fc.constantFrom(...callers()),
        async (route, body, headers) => {
          const response = await send(route, JSON.stringify(body) ?? 'null', headers);
          return response.statusCode < 500 && !response.body.includes('INTERNAL_SERVER_ERROR');
        },
      ),
      { numRuns: 3000 },
    );
    global.gc?.();
    const grownMiB = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(grownMiB).toBeLessThan(200);
  }, 240_000);
});
