import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMIT_MESSAGES } from '#domain/input-limits.ts';
import { SERVER_BUSY_MESSAGE } from '../kernel/messages.ts';
import { RETRY_AFTER_SECONDS } from '../plugins/memory-guard.ts';
import { type ApiFixtures, createApiFixtures } from '../test-support/api-fixtures.ts';
import { graphql, socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createTestUser } from '../test-support/test-users.ts';

// Issue 25 §6–§7: one query-text check for every transport, and NUL characters and over-deep
// structures refused with 400 and a clear message at the edge, for every input, before any of it
// reaches the database (they answered 500 before).

let test: TestApp;
let f: ApiFixtures;
beforeAll(async () => {
  // The caps of issue 25 are tested here, in bursts from one account; the rates of decision 150
  // (graphql/fair-share.test.ts) would stop those bursts first, so they are set out of reach.
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

const NUL = 'bad\u0000text';
/** JSON text of a value nested `depth` levels deep (too deep for JSON.stringify's own stack). */
const nestedJson = (depth: number) => `${'{"child":'.repeat(depth)}"leaf"${'}'.repeat(depth)}`;

/** POSTs JSON text as it is, for bodies the test cannot build with JSON.stringify. */
function postText(url: string, text: string, headers: Record<string, string> = {}) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: text,
  });
}

async function openSocket(authorization: string): Promise<TestSocket> {
  const socket = new TestSocket(socketUrl(test.app));
  await socket.init(authorization);
  await socket.next((message) => message.type === 'connection_ack');
  return socket;
}

describe('a syntax tree in place of query text (§6)', () => {
  const tree = JSON.stringify(parse('{ viewer { id } }'));

  it('is refused on GET as on POST', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(tree)}`,
      headers: f.users.owner.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(
      'The "query" of a GraphQL request must be GraphQL text, not JSON.',
    );
  });

  it('is refused as a WebSocket subscribe payload, as an object or as JSON text', async () => {
    const socket = await openSocket(f.users.owner.headers.authorization);
    socket.send({ type: 'subscribe', id: 'tree', payload: { query: JSON.parse(tree) } });
    socket.send({ type: 'subscribe', id: 'text', payload: { query: tree } });
    const asObject = await socket.next((message) => message.id === 'tree');
    const asText = await socket.next((message) => message.id === 'text');
    expect(asObject).toMatchObject({
      type: 'error',
      payload: [{ message: 'The "query" of a GraphQL request must be a GraphQL document as text.' }],
    });
    expect(asText).toMatchObject({
      type: 'error',
      payload: [{ message: 'The "query" of a GraphQL request must be GraphQL text, not JSON.' }],
    });
    socket.close();
  });
});

describe('NUL in every string input (§7)', () => {
  const unstorable = INPUT_LIMIT_MESSAGES.unstorableText;

  it.each([
    ['createOrganization', 'mutation($v: String!) { createOrganization(input: { name: $v }) { id } }'],
    [
      'createProduct',
      `mutation($v: String!, $t: ID!) { createProduct(input: { name: "P", description: "D", cost: "1",
        credits: 1, inventoryTypeId: $t, stripeId: $v }) { id } }`,
    ],
    [
      'createInventoryType',
      'mutation($v: String!) { createInventoryType(input: { name: $v, description: "D", form: {} }) { id } }',
    ],
    [
      'updateUser',
      'mutation($v: String!, $u: ID!, $o: ID!) { updateUser(id: $u, input: { name: $v, organizationId: $o }) { id } }',
    ],
    [
      'updateReportGeneration',
      'mutation($v: String!, $g: ID!) { updateReportGeneration(id: $g, response: $v) { id } }',
    ],
    ['recordsPage search', 'query($v: String) { recordsPage(input: { search: $v }) { totalCount } }'],
    ['usersPage search', 'query($v: String) { usersPage(input: { search: $v }) { totalCount } }'],
  ])('%s: in a variable → 400 with the reason, nothing written', async (_name, query) => {
    const variables = {
      v: NUL,
      t: f.inventoryTypeId,
      u: f.users.owner.id,
      o: f.organizationA,
      g: f.generationId,
    };
    const response = await graphql(test.app, query, variables, f.users.admin.headers);
    expect(response.status).toBe(400);
    expect(response.errors?.[0]).toMatchObject({
      message: unstorable,
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('in an inline literal of the query text', async () => {
    const response = await graphql(
      test.app,
      'mutation { createOrganization(input: { name: "bad\\u0000text" }) { id } }',
      {},
      f.users.admin.headers,
    );
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.message).toBe(unstorable);
  });

  it('in GET variables and in WebSocket variables', async () => {
    const query = 'query($v: String) { usersPage(input: { search: $v }) { totalCount } }';
    const get = await test.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ v: NUL }))}`,
      headers: f.users.admin.headers,
    });
    expect(get.statusCode).toBe(400);
    expect(get.json().errors[0].message).toBe(unstorable);
    const socket = await openSocket(f.users.admin.headers.authorization);
    socket.subscribe('nul', query, { v: NUL });
    expect(await socket.next((message) => message.id === 'nul')).toMatchObject({
      type: 'error',
      payload: [{ message: unstorable, extensions: { code: 'BAD_USER_INPUT' } }],
    });
    socket.close();
  });

  it('in REST bodies and query strings: the customer’s checkout stripeId, support, invitations', async () => {
    const customer = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId: f.organizationA,
    });
    for (const [url, payload] of [
      ['/api/create-checkout-session', { stripeId: NUL }],
      ['/api/support', { name: NUL, email: 'a@example.test', message: 'hello' }],
      ['/api/invite', { email: 'x@example.test', name: NUL, inventoryTypeId: f.inventoryTypeId }],
    ] as const) {
      const response = await test.app.inject({ method: 'POST', url, headers: customer.headers, payload });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toEqual({ error: unstorable });
    }
    const search = await test.app.inject({
      method: 'GET',
      url: '/api/users?search=a%00b',
      headers: f.users.admin.headers,
    });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ error: unstorable });
  });
});

describe('structures nested too deeply (§7)', () => {
  const deep = nestedJson(5000);
  const tooDeep = INPUT_LIMIT_MESSAGES.tooDeep;
  const create =
    'mutation($form: JSON!) { createInventoryType(input: { name: "Deep", description: "D", form: $form }) { id } }';

  it('a form template 5,000 levels deep, as an object or as JSON text, is refused before it is written', async () => {
    const asObject = await postText(
      '/graphql',
      `{"query":${JSON.stringify(create)},"variables":{"form":${deep}}}`,
      f.users.admin.headers,
    );
    expect(asObject.statusCode).toBe(400);
    expect(asObject.json().errors[0].message).toBe(tooDeep);
    const asText = await graphql(test.app, create, { form: deep }, f.users.admin.headers);
    expect(asText.status).toBe(400);
    expect(asText.errors?.[0]).toMatchObject({ message: tooDeep, extensions: { code: 'BAD_USER_INPUT' } });
    const types = await graphql<{ inventoryTypes: { name: string }[] }>(
      test.app,
      '{ inventoryTypes { name } }',
      {},
      f.users.admin.headers,
    );
    expect(types.data?.inventoryTypes.map((type) => type.name)).not.toContain('Deep');
  });

  it('a deep inline literal in the query text, and a deep REST body', async () => {
    const literal = `${'{ a: '.repeat(40)}1${' }'.repeat(40)}`;
    const inline = await graphql(
      test.app,
      `mutation { createInventoryType(input: { name: "Deep", description: "D", form: ${literal} }) { id } }`,
      {},
      f.users.admin.headers,
    );
    expect(inline.status).toBe(400);
    expect(inline.errors?.[0]?.message).toBe(tooDeep);
    const rest = await postText(
      '/api/create-checkout-session',
      `{"stripeId":"price_test","extra":${deep}}`,
      f.users.customerA.headers,
    );
    expect(rest.statusCode).toBe(400);
    expect(rest.json()).toEqual({ error: tooDeep });
  });
});

describe('the subscription cap (§3)', () => {
  it('cannot be dodged by completing each subscription before it has started', async () => {
    const socket = await openSocket(f.users.owner.headers.authorization);
    const query = 'subscription S($id: ID!) { record(id: $id) { id version } }';
    // Subscribe and complete at once, 30 times: each completed one must really end.
    for (let i = 0; i < 30; i++) {
      socket.subscribe(`quick-${i}`, query, { id: f.ownedRecordId });
      socket.send({ type: 'complete', id: `quick-${i}` });
    }
    // Each is answered once (its first value, or a refusal past the cap), then ends.
    for (let i = 0; i < 30; i++) await socket.next((message) => message.id === `quick-${i}`, 10_000);
    // So 20 more fit (MAX_SUBSCRIPTIONS_PER_SOCKET), and the 21st is refused.
    for (let i = 0; i < 21; i++) socket.subscribe(`kept-${i}`, query, { id: f.ownedRecordId });
    for (let i = 0; i < 20; i++)
      expect(await socket.next((message) => message.id === `kept-${i}`, 10_000)).toMatchObject({
        type: 'next',
      });
    expect(await socket.next((message) => message.id === 'kept-20')).toMatchObject({
      type: 'error',
      payload: [{ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } }],
    });
    // A save reaches the 20 kept ones only: none of the completed ones still runs.
    const before = socket.messages.length;
    const saved = await graphql(
      test.app,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: f.ownedRecordId, baseVersion: 1, answers: { name: 'Cap' } } },
      f.users.owner.headers,
    );
    expect(saved.errors).toBeUndefined();
    for (let i = 0; i < 20; i++) await socket.next((message) => message.id === `kept-${i}`, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.messages.slice(before).filter((message) => message.id?.startsWith('quick-'))).toEqual([]);
    socket.close();
  });
});

describe('the memory guard', () => {
  let busy: TestApp;
  beforeAll(async () => {
    // A guard set to trip at once: what a person sees when the heap is near its limit.
    busy = await createTestApp({ listen: true, env: { MEMORY_GUARD_HEAP_FRACTION: '0.0001' } });
  });
  afterAll(() => busy.close());

  it('answers 503 with Retry-After over HTTP and an error on the socket, and health still answers', async () => {
    const user = await createTestUser(busy.database.db, busy.config, { roles: ['client'] });
    const response = await graphql(busy.app, '{ viewer { id } }', {}, user.headers);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(response.errors?.[0]).toMatchObject({
      message: SERVER_BUSY_MESSAGE,
      extensions: { code: 'SERVER_BUSY' },
    });
    const me = await busy.app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(me.statusCode).toBe(503);
    expect(me.json()).toEqual({ error: SERVER_BUSY_MESSAGE });
    expect((await busy.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const socket = new TestSocket(socketUrl(busy.app));
    await socket.init(user.headers.authorization);
    await socket.next((message) => message.type === 'connection_ack');
    socket.subscribe('busy', '{ viewer { id } }');
    expect(await socket.next((message) => message.id === 'busy')).toMatchObject({
      type: 'error',
      payload: [{ message: SERVER_BUSY_MESSAGE, extensions: { code: 'SERVER_BUSY' } }],
    });
    socket.close();
  });
});
