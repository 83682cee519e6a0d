import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMIT_MESSAGES } from '#domain/input-limits.ts';
import { type ApiFixtures, createApiFixtures } from '../test-support/api-fixtures.ts';
import { socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Issue 14 §9 and "Done when": malformed input of every kind, to every route, by anonymous and
// signed-in callers, is answered with a 4xx and a clear message, never a server error, and the
// server's memory stays bounded while thousands of such requests arrive.

let test: TestApp;
let f: ApiFixtures;
beforeAll(async () => {
  // Thousands of generated requests from a few accounts, back to back: the input is what is tested
  // here, not the rates of decision 150 (graphql/fair-share.test.ts), so those are set out of reach.
  test = await createTestApp({
    listen: true,
    env: {
      FAIR_SHARE_OPERATIONS_PER_SECOND: '100000',
      FAIR_SHARE_SOCKET_MESSAGES_PER_SECOND: '100000',
      FAIR_SHARE_SENT_BYTES_PER_SECOND: String(1024 ** 3),
      FAIR_SHARE_RECEIVED_BYTES_PER_SECOND: String(1024 ** 3),
    },
  });
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

  // Issue 25: GET, the WebSocket and NUL are covered as POST is.
  const awkward = fc.string({
    unit: fc.constantFrom('a', 'Z', ' ', '{', '}', '"', '\\', '\u0000', '\uD83D', '\uDE00', 'é', '😀'),
    maxLength: 40,
  });
  const withNul = fc
    .tuple(fc.string({ maxLength: 30 }), fc.nat({ max: 30 }))
    .map(([text, at]) => `${text.slice(0, at)}\u0000${text.slice(at)}`);
  const generatedRequest = fc.record(
    {
      query: fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        awkward,
        fc.constantFrom('{ viewer { id } }', 'subscription { record(id: "x") { id } }', '{ __typename }'),
      ),
      variables: fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.dictionary(awkward, fc.oneof(awkward, fc.jsonValue())),
      ),
      operationName: fc.oneof(awkward, fc.jsonValue({ maxDepth: 2 })),
    },
    { requiredKeys: [] },
  );

  it('generated GET requests to /graphql never cause a server error', async () => {
    await fc.assert(
      fc.asyncProperty(generatedRequest, fc.constantFrom(...callers()), async (request, headers) => {
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries(request))
          params.set(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
        const response = await test.app.inject({ method: 'GET', url: `/graphql?${params}`, headers });
        return response.statusCode < 500 && !response.body.includes('INTERNAL_SERVER_ERROR');
      }),
      { numRuns: 1000 },
    );
  }, 240_000);

  it('a NUL anywhere in the variables of any operation, or in any REST body, is a 400 with the reason', async () => {
    const operations = [
      'mutation($v: String!) { createOrganization(input: { name: $v }) { id } }',
      'query($v: String) { usersPage(input: { search: $v }) { totalCount } }',
      'query($v: String) { recordsPage(input: { search: $v }) { totalCount } }',
      'mutation($v: JSON!) { saveRecordAnswers(input: { id: "00000000-0000-4000-8000-000000000000", baseVersion: 1, answers: $v }) { version } }',
    ];
    const nested = fc.oneof(
      withNul,
      withNul.map((text) => ({ [text]: 'key' })),
      withNul.map((text) => ({ answers: [{ deep: [text] }] })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        nested,
        fc.constantFrom(...ROUTES.filter((route) => route.method !== 'GET' && route.url !== '/graphql')),
        fc.constantFrom(...callers()),
        async (query, value, route, headers) => {
          const graphql = await send(
            { method: 'POST', url: '/graphql' },
            JSON.stringify({ query, variables: { v: value } }),
            headers,
          );
          const rest = await send(
            route,
            JSON.stringify({ stripeId: value, email: value, name: value }),
            headers,
          );
          // A route may refuse the caller before it reads the body (401, 403); never a 2xx or 5xx.
          const restRefused =
            rest.statusCode === 400
              ? rest.json().error === INPUT_LIMIT_MESSAGES.unstorableText
              : rest.statusCode > 400 && rest.statusCode < 500;
          return (
            graphql.statusCode === 400 &&
            graphql.json().errors[0].message === INPUT_LIMIT_MESSAGES.unstorableText &&
            restRefused
          );
        },
      ),
      { numRuns: 500 },
    );
  }, 240_000);

  it('generated WebSocket messages are each answered or refused, and the socket keeps serving', async () => {
    for (const headers of callers().slice(1)) {
      const socket = new TestSocket(socketUrl(test.app));
      await socket.init((headers as { authorization: string }).authorization);
      await socket.next((message) => message.type === 'connection_ack');
      let n = 0;
      await fc.assert(
        fc.asyncProperty(generatedRequest, async (payload) => {
          const id = `fuzz-${n++}`;
          socket.send({ type: 'subscribe', id, payload });
          const answer = await socket.next((message) => message.id === id, 10_000);
          // A subscription the fuzzer started is ended again, so none pile up.
          if (answer.type === 'next') socket.send({ type: 'complete', id });
          return (
            ['next', 'error', 'complete'].includes(answer.type) &&
            !JSON.stringify(answer).includes('INTERNAL_SERVER_ERROR')
          );
        }),
        { numRuns: 300 },
      );
      socket.subscribe('still-there', '{ viewer { id } }');
      expect(await socket.next((message) => message.id === 'still-there')).toMatchObject({ type: 'next' });
      socket.close();
    }
  }, 240_000);
});
