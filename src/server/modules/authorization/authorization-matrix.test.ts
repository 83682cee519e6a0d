import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_ROLES_KEY, ISSUED_AT_MS_KEY } from '#domain/client-config.ts';
import { roles } from '../../db/schema.ts';
import {
  type ApiFixtures,
  createApiFixtures,
  createTestInventoryType,
  createTestRecord,
} from '../../test-support/api-fixtures.ts';
import { type GraphqlResponse, graphql, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import { uploadRecording } from '../../test-support/recording-upload.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signTestIdToken } from '../../test-support/test-tokens.ts';
import { createTestOrganization, createTestUser } from '../../test-support/test-users.ts';
import { fakeWebm } from '../../test-support/webm-fixture.ts';
import { issueUnsubscribeToken } from '../reminders/unsubscribe-token.ts';
import { ACTORS, type ActorName, AUTHORIZATION_MATRIX, type Expectation } from './authorization-matrix.ts';

// Every cell of the matrix, run against the real server (HTTP through app.inject, subscriptions
// over a real WebSocket). A cell passes when the server does exactly what the matrix says.

let test: TestApp;
let f: ApiFixtures;
let roleIds: Record<string, string>;

beforeAll(async () => {
  test = await createTestApp({ listen: true });
  f = await createApiFixtures(test.database.db, test.config);
  roleIds = Object.fromEntries(
    (await test.database.db.select().from(roles)).map((role) => [role.name, role.id]),
  );
});
afterAll(() => test.close());

const headersOf = (actor: ActorName): Record<string, string> =>
  actor === 'anonymous' ? {} : f.users[actor].headers;

const CODES: Record<string, Expectation> = {
  UNAUTHENTICATED: 'unauthenticated',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'not-found',
};

/** What the server did, in the matrix's words; anything unexpected is spelled out in full. */
function observe(
  response: GraphqlResponse,
  seen: (data: Record<string, unknown>) => Expectation = () => 'allow',
): string {
  const error = response.errors?.[0];
  if (error)
    return CODES[error.extensions?.code ?? ''] ?? `error ${error.extensions?.code}: ${error.message}`;
  if (!response.data) return `no data (HTTP ${response.status})`;
  return seen(response.data);
}
const listOrEmpty = (list: unknown): Expectation =>
  Array.isArray(list) && list.length > 0 ? 'allow' : 'empty';
const shownOrHidden = (value: unknown): Expectation =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0) ? 'hidden' : 'allow';

/** A new token of a fixture actor, stamped with the exact instant just after their sign-out. */
async function renewToken(actor: Exclude<ActorName, 'anonymous'>) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const user = f.users[actor];
  const issuedAtMs = Date.now();
  const token = await signTestIdToken(test.database.db, test.config, {
    sub: user.federatedId,
    email: user.email,
    extra: {
      iat: Math.floor(issuedAtMs / 1000),
      [test.config.oidc.claimsNamespace]: { [ALLOWED_ROLES_KEY]: [], [ISSUED_AT_MS_KEY]: issuedAtMs },
    },
  });
  user.token = token;
  user.headers.authorization = `Bearer ${token}`;
}

async function ask(actor: ActorName, query: string, variables: Record<string, unknown> = {}) {
  return graphql(test.app, query, variables, headersOf(actor));
}

const organizationInput = { name: 'Renamed', phone: '', website: '' };
const productInput = () => ({
  name: 'Ten records',
  description: 'Ten',
  cost: '$90.00',
  credits: 10,
  inventoryTypeId: f.inventoryTypeId,
  stripeId: 'price_10',
});
// Inventory type names are unique (issue 10): every allowed write gets a name of its own.
let typeCount = 0;
const typeInput = () => ({
  name: `New type ${++typeCount}`,
  description: 'Described',
  form: { formId: 'x', steps: [] },
});
const freshOwnedRecord = () =>
  createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
  });

/** Two fresh types, each with a record (so each has a version 1), and a migration between them. */
const freshMigrationInput = async () => {
  const types = [];
  for (const name of ['Migrate from', 'Migrate to']) {
    const id = await createTestInventoryType(test.database.db, `${name} ${randomUUID()}`);
    await createTestRecord(test.database.db, { inventoryTypeId: id, organizationId: null, clientId: null });
    types.push(id);
  }
  return {
    sourceTypeId: types[0],
    sourceVersion: 1,
    targetTypeId: types[1],
    targetVersion: 1,
    mapping: [],
    includeSubmitted: false,
  };
};

const recipes: Record<string, (actor: ActorName) => Promise<string>> = {
  viewer: async (a) => observe(await ask(a, '{ viewer { id roles } }')),
  recordsByClient: async (a) =>
    observe(
      await ask(a, 'query($c: ID!) { recordsByClient(clientId: $c) { id } }', { c: f.users.owner.id }),
      (d) => listOrEmpty(d.recordsByClient),
    ),
  products: async (a) =>
    observe(await ask(a, '{ products { id name cost stripePaylink inventoryType { name } } }')),
  inventoryTypes: async (a) => observe(await ask(a, '{ inventoryTypes { id name } }')),
  inventoryType: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { inventoryType(id: $id) { id form } }', { id: f.inventoryTypeId }),
    ),
  organization: async (a) =>
    observe(await ask(a, 'query($id: ID!) { organization(id: $id) { id name } }', { id: f.organizationA })),
  organizationRecords: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { organizationRecords(organizationId: $id) { id } }', {
        id: f.organizationA,
      }),
      (d) => listOrEmpty(d.organizationRecords),
    ),
  record: async (a) =>
    observe(await ask(a, 'query($id: ID!) { record(id: $id) { id data } }', { id: f.ownedRecordId })),
  recordSince: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { recordSince(id: $id, knownVersion: 0) { record { id data } } }', {
        id: f.ownedRecordId,
      }),
    ),
  records: async (a) => observe(await ask(a, '{ records { id } }')),
  usersPage: async (a) => observe(await ask(a, '{ usersPage(input: {}) { users { id } totalCount } }')),
  purchases: async (a) => observe(await ask(a, '{ purchases { id credits } }')),
  supportMessages: async (a) => observe(await ask(a, '{ supportMessages { id email } }')),
  recordsPage: async (a) =>
    observe(await ask(a, '{ recordsPage(input: { showUnassigned: true }) { records { id } totalCount } }')),
  latestReportGeneration: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { latestReportGeneration(recordId: $id) { id } }', {
        id: f.ownedRecordId,
      }),
    ),
  organizations: async (a) => observe(await ask(a, '{ organizations { id } }')),
  formVersions: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { formVersions(inventoryTypeId: $id) { draftChanged } }', {
        id: f.inventoryTypeId,
      }),
    ),
  formVersionForm: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { formVersionForm(inventoryTypeId: $id, number: 1) }', {
        id: f.inventoryTypeId,
      }),
    ),
  previewRecordMigration: async (a) =>
    observe(
      await ask(a, 'query($i: RecordMigrationInput!) { previewRecordMigration(input: $i) { records } }', {
        i: await freshMigrationInput(),
      }),
    ),
  recordMigrationBatches: async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { recordMigrationBatches(inventoryTypeId: $id) { batchId } }', {
        id: f.inventoryTypeId,
      }),
    ),
  publishFormVersion: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }', {
        id: await createTestInventoryType(test.database.db, `To publish ${a}`),
      }),
    ),
  migrateRecordsMapped: async (a) =>
    observe(
      await ask(a, 'mutation($i: RecordMigrationInput!) { migrateRecordsMapped(input: $i) { migrated } }', {
        i: await freshMigrationInput(),
      }),
    ),
  undoRecordMigration: async (a) => {
    const migrated = await graphql<{ migrateRecordsMapped: { batchId: string } }>(
      test.app,
      'mutation($i: RecordMigrationInput!) { migrateRecordsMapped(input: $i) { batchId } }',
      { i: await freshMigrationInput() },
      f.users.admin.headers,
    );
    return observe(
      await ask(a, 'mutation($id: ID!) { undoRecordMigration(batchId: $id) { restored } }', {
        id: migrated.data?.migrateRecordsMapped.batchId,
      }),
    );
  },
  users: async (a) => observe(await ask(a, '{ users { id roles { name } } }')),
  myAudit: async (a) =>
    observe(await ask(a, '{ myAudit(input: { pageSize: 5 }) { entries { who what } totalCount } }')),
  auditPage: async (a) =>
    observe(await ask(a, '{ auditPage(input: { pageSize: 5 }) { entries { who what } totalCount } }')),
  setAiConsent: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { setAiConsent(recordId: $id, agreed: true) { agreed } }', {
        id: f.ownedRecordId,
      }),
    ),
  downloadReportGeneration: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { downloadReportGeneration(id: $id) { response } }', {
        id: f.generationId,
      }),
    ),
  'LifeRecord.aiConsent': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { record(id: $id) { aiConsent { agreed } } }', { id: f.ownedRecordId }),
    ),

  saveRecordAnswers: async (a) => {
    const current = await graphql(
      test.app,
      'query($id: ID!) { record(id: $id) { version } }',
      {
        id: f.ownedRecordId,
      },
      f.users.admin.headers,
    );
    const version = (current.data as { record: { version: number } }).record.version;
    return observe(
      await ask(a, 'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }', {
        i: { id: f.ownedRecordId, baseVersion: version, answers: { [`by-${a}`]: 'x' } },
      }),
    );
  },
  submitRecord: async (a) =>
    observe(
      await ask(a, 'mutation($i: SubmitRecordInput!) { submitRecord(input: $i) { submitted } }', {
        i: { id: await freshOwnedRecord(), answers: { final: 'yes' } },
      }),
    ),
  updateReportGeneration: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { updateReportGeneration(id: $id, response: "Edited") { id } }', {
        id: f.generationId,
      }),
    ),
  setRecordSubmitted: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { setRecordSubmitted(id: $id, submitted: true) { submitted } }', {
        id: await freshOwnedRecord(),
      }),
    ),
  createInventoryType: async (a) =>
    observe(
      await ask(a, 'mutation($i: InventoryTypeInput!) { createInventoryType(input: $i) { id } }', {
        i: typeInput(),
      }),
    ),
  updateInventoryType: async (a) =>
    observe(
      await ask(
        a,
        'mutation($id: ID!, $i: InventoryTypeInput!) { updateInventoryType(id: $id, input: $i) { id } }',
        {
          id: await createTestInventoryType(test.database.db, 'To update'),
          i: typeInput(),
        },
      ),
    ),
  cloneInventoryType: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!) { cloneInventoryType(id: $id) { name } }', { id: f.inventoryTypeId }),
    ),
  migrateRecords: async (a) =>
    observe(
      await ask(
        a,
        'mutation($s: ID!, $t: ID!) { migrateRecords(sourceTypeId: $s, targetTypeId: $t) { message } }',
        {
          s: await createTestInventoryType(test.database.db, 'Source'),
          t: await createTestInventoryType(test.database.db, 'Target'),
        },
      ),
    ),
  createOrganization: async (a) =>
    observe(
      await ask(a, 'mutation($i: OrganizationInput!) { createOrganization(input: $i) { id } }', {
        i: organizationInput,
      }),
    ),
  updateOrganization: async (a) =>
    observe(
      await ask(
        a,
        'mutation($id: ID!, $i: OrganizationInput!) { updateOrganization(id: $id, input: $i) { id } }',
        {
          id: await createTestOrganization(test.database.db),
          i: organizationInput,
        },
      ),
    ),
  createProduct: async (a) =>
    observe(
      await ask(a, 'mutation($i: ProductInput!) { createProduct(input: $i) { id } }', { i: productInput() }),
    ),
  updateProduct: async (a) =>
    observe(
      await ask(a, 'mutation($id: ID!, $i: ProductInput!) { updateProduct(id: $id, input: $i) { id } }', {
        id: f.productId,
        i: productInput(),
      }),
    ),
  updateUser: async (a) => {
    const target = await createTestUser(test.database.db, test.config);
    return observe(
      await ask(a, 'mutation($id: ID!, $i: UserInput!) { updateUser(id: $id, input: $i) { id } }', {
        id: target.id,
        i: { name: 'Renamed', organizationId: f.organizationB },
      }),
    );
  },

  'subscription.record': async (a) => {
    const socket = new TestSocket(socketUrl(test.app));
    try {
      await socket.init(a === 'anonymous' ? undefined : f.users[a].headers.authorization);
      if (a === 'anonymous') {
        const closed = await socket.waitForClose();
        return closed.code === 4401 ? 'unauthenticated' : `closed ${closed.code}`;
      }
      await socket.next((m) => m.type === 'connection_ack');
      socket.subscribe('1', 'subscription($id: ID!) { record(id: $id) { id } }', { id: f.ownedRecordId });
      const message = await socket.next((m) => m.id === '1' && (m.type === 'next' || m.type === 'error'));
      if (message.type === 'next') return 'allow';
      const [error] = message.payload as { message: string; extensions?: { code?: string } }[];
      return CODES[error?.extensions?.code ?? ''] ?? `error: ${error?.message}`;
    } finally {
      socket.close();
    }
  },

  'GET /api/users': async (a) =>
    httpOutcome(await test.app.inject({ method: 'GET', url: '/api/users', headers: headersOf(a) })),
  'PUT /api/users': async (a) => {
    const target = await createTestUser(test.database.db, test.config);
    return httpOutcome(
      await test.app.inject({
        method: 'PUT',
        url: '/api/users',
        headers: headersOf(a),
        payload: { user_id: target.id, new_roles: [roleIds.client], previous_roles: [] },
      }),
    );
  },
  'POST /api/reports': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: headersOf(a),
        payload: { reportId: f.ownedRecordId, formData: '{}', model: 'gpt-4o' },
      }),
    ),
  'POST /api/sign-out-everywhere': async (a) => {
    const outcome = httpOutcome(
      await test.app.inject({ method: 'POST', url: '/api/sign-out-everywhere', headers: headersOf(a) }),
    );
    // Every token the actor had is ended now: the next cells get a new one, issued after it.
    if (a !== 'anonymous') await renewToken(a);
    return outcome;
  },
  'POST /api/users/:id/sign-out-everywhere': async (a) => {
    const target = await createTestUser(test.database.db, test.config, { roles: ['client'] });
    return httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/sign-out-everywhere`,
        headers: headersOf(a),
      }),
    );
  },
  // Only the permission is the cell's: an empty password is refused (400) after it, so the fixtures'
  // people are not erased; erasure-service tests the rest (src/server/modules/erasure).
  'POST /api/account/erase': async (a) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/account/erase',
      headers: headersOf(a),
      payload: { confirmation: 'DELETE', password: '' },
    });
    const passwordAsked = response.statusCode === 400 && /password/.test(JSON.stringify(response.json()));
    return passwordAsked ? 'allow' : httpOutcome(response);
  },
  'POST /api/users/:id/erase': async (a) => {
    const target = await createTestUser(test.database.db, test.config, { roles: ['client'] });
    return httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/users/${target.id}/erase`,
        headers: headersOf(a),
        payload: { confirmation: 'ERASE' },
      }),
    );
  },
  'POST /api/recordings/uploads': async (a) =>
    uploadOutcome(await uploadRecording({ ...recordingInput(a), audio: fakeWebm(1, 500) })),
  'PATCH /api/recordings/uploads/:id': async (a) => {
    const started = await uploadRecording({
      ...recordingInput('owner'),
      audio: fakeWebm(4, 30_000),
      stopAfter: 1,
    });
    const id = started.url?.split('/').at(-1) ?? '';
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/recordings/uploads/${id}`,
      headers: {
        ...headersOf(a),
        'tus-resumable': '1.0.0',
        'upload-offset': String(started.offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(10, 1),
    });
    return httpOutcome(response);
  },
  'GET /api/recordings/:id/audio': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/recordings/${await finishedRecording()}/audio`,
        headers: headersOf(a),
      }),
    ),
  'DELETE /api/recordings/:id': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'DELETE',
        url: `/api/recordings/${await finishedRecording()}`,
        headers: headersOf(a),
      }),
    ),
  'POST /api/recordings/:id/transcription': async (a) => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/recordings/${await finishedRecording()}/transcription`,
      headers: headersOf(a),
    });
    // Let through, the owner is told transcription is not set up here (the fixtures' server).
    return response.statusCode === 503 ? 'allow' : httpOutcome(response);
  },
  'GET /api/my-data/archive': async (a) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/my-data/archive',
      headers: headersOf(a),
    });
    return response.statusCode === 200 ? 'allow' : httpOutcome(response);
  },
  'GET /api/my-data': async (a) =>
    httpOutcome(await test.app.inject({ method: 'GET', url: '/api/my-data', headers: headersOf(a) })),

  'POST /api/narrative': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: '/api/narrative',
        headers: headersOf(a),
        payload: { formData: { name: 'Ada', hairColor: 'Red' } },
      }),
    ),

  'POST /api/invite': async (a) => {
    await createTestRecord(test.database.db, {
      inventoryTypeId: f.inventoryTypeId,
      organizationId: f.organizationA,
      clientId: null,
    });
    return httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: '/api/invite',
        headers: headersOf(a),
        payload: {
          name: 'Invited Person',
          email: `invited-by-${a}@example.test`,
          organization: f.organizationA,
          inventoryType: f.inventoryTypeId,
        },
      }),
    );
  },
  'POST /api/records/:id/books': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/records/${f.ownedRecordId}/books`,
        headers: headersOf(a),
        payload: { format: 'epub', title: 'The story of Ada', sections: [0] },
      }),
    ),
  'POST /api/records/:id/book-pages': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/records/${f.ownedRecordId}/book-pages`,
        headers: headersOf(a),
        payload: { title: 'The story of Ada', sections: [0] },
      }),
    ),
  'GET /api/books/:id': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/books/${await ownersBook()}`,
        headers: headersOf(a),
      }),
    ),
  'GET /api/books/:id/file': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/books/${await ownersBook()}/file`,
        headers: headersOf(a),
      }),
    ),
  'GET /api/reminders': async (a) =>
    httpOutcome(await test.app.inject({ method: 'GET', url: '/api/reminders', headers: headersOf(a) })),
  'GET /api/records/:id/reminders': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/records/${f.ownedRecordId}/reminders`,
        headers: headersOf(a),
      }),
    ),
  'PUT /api/records/:id/reminders': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'PUT',
        url: `/api/records/${f.ownedRecordId}/reminders`,
        headers: headersOf(a),
        payload: WEEKLY_REMINDERS,
      }),
    ),
  'POST /api/records/:id/reminders/snooze': async (a) => {
    await ownersRemindersOn();
    return httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/records/${f.ownedRecordId}/reminders/snooze`,
        headers: headersOf(a),
        payload: {},
      }),
    );
  },
  'POST /api/reminders/unsubscribe': async (a) => {
    await ownersRemindersOn();
    return httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/reminders/unsubscribe?token=${await ownersUnsubscribeToken()}`,
        headers: { ...headersOf(a), 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      }),
    );
  },
  'GET /api/reminders/unsubscribe': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/reminders/unsubscribe?token=${await ownersUnsubscribeToken()}`,
        headers: headersOf(a),
      }),
    ),
  'GET /api/organizations/:id/record-activity': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/organizations/${f.organizationA}/record-activity`,
        headers: headersOf(a),
      }),
    ),
  'PUT /api/organizations/:id/reminder-suggestion': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'PUT',
        url: `/api/organizations/${f.organizationA}/reminder-suggestion`,
        headers: headersOf(a),
        payload: { suggest: true },
      }),
    ),
  'GET /api/admin/mail-failures': async (a) =>
    httpOutcome(
      await test.app.inject({ method: 'GET', url: '/api/admin/mail-failures', headers: headersOf(a) }),
    ),
  'POST /api/resend': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: '/api/resend',
        headers: headersOf(a),
        payload: { reportId: f.ownedRecordId },
      }),
    ),
  'POST /api/create-checkout-session': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: '/api/create-checkout-session',
        headers: headersOf(a),
        // The sandbox takes a product id (its products need no Stripe price).
        payload: { stripeId: f.productId },
      }),
    ),
  'GET /api/sandbox-checkout': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'GET',
        url: `/api/sandbox-checkout/${f.productId}?client_reference_id=${f.organizationA}`,
        headers: headersOf(a),
      }),
    ),
  'POST /api/sandbox-checkout': async (a) =>
    httpOutcome(
      await test.app.inject({
        method: 'POST',
        url: `/api/sandbox-checkout/${f.productId}`,
        headers: headersOf(a),
        payload: { clientReferenceId: f.organizationA, paymentId: randomUUID() },
      }),
    ),
  'Product.paymentLink': async (a) => observe(await ask(a, '{ products { paymentLink } }')),
  'LifeRecord.reportGenerations': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { record(id: $id) { reportGenerations { id } } }', {
        id: f.ownedRecordId,
      }),
      (d) => shownOrHidden((d.record as { reportGenerations: unknown }).reportGenerations),
    ),
  'LifeRecord.report': async (a) =>
    observe(await ask(a, 'query($id: ID!) { record(id: $id) { report } }', { id: f.ownedRecordId }), (d) =>
      shownOrHidden((d.record as { report: unknown }).report),
    ),
  'RecordUser.email': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { record(id: $id) { user { email } } }', { id: f.ownedRecordId }),
      (d) => shownOrHidden((d.record as { user: { email: unknown } }).user.email),
    ),
  'RecordUser.email of a list': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { organizationRecords(organizationId: $id) { user { email } } }', {
        id: f.organizationA,
      }),
      (d) => {
        const emails = (d.organizationRecords as { user: { email: string | null } | null }[])
          .map((record) => record.user?.email)
          .filter((email) => email);
        return emails.length >= 2 ? 'allow' : 'hidden';
      },
    ),
  'RecordUser.federatedId': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { record(id: $id) { user { federatedId } } }', { id: f.ownedRecordId }),
      (d) => shownOrHidden((d.record as { user: { federatedId: unknown } }).user.federatedId),
    ),
  'InventoryType.form through a record': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { record(id: $id) { inventoryType { form } } }', { id: f.ownedRecordId }),
      (d) => shownOrHidden((d.record as { inventoryType: { form: unknown } }).inventoryType.form),
    ),
  'InventoryType.form through products': async (a) =>
    observe(await ask(a, '{ products { inventoryType { form } } }')),
  'InventoryType.reportQuery': async (a) =>
    observe(await ask(a, '{ products { inventoryType { reportQuery } } }'), (d) =>
      shownOrHidden(
        (d.products as { inventoryType: { reportQuery: unknown } }[])[0]?.inventoryType.reportQuery,
      ),
    ),
  'Organization.availableCredits': async (a) =>
    observe(
      await ask(a, 'query($id: ID!) { organization(id: $id) { availableCredits { count } } }', {
        id: f.organizationA,
      }),
      (d) => shownOrHidden((d.organization as { availableCredits: unknown }).availableCredits),
    ),
};

/** Issue 41: the owner's recording input for an actor's upload to the owned record's `name`. */
const recordingInput = (a: ActorName) => ({
  baseUrl: `http://127.0.0.1:${(test.app.server.address() as { port: number }).port}`,
  token: a === 'anonymous' ? '' : f.users[a].token,
  recordId: f.ownedRecordId,
  answerKey: 'name',
  audio: fakeWebm(1, 500),
});

function uploadOutcome(outcome: Awaited<ReturnType<typeof uploadRecording>>): string {
  if (!outcome.error) return 'allow';
  const status: Record<number, Expectation> = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not-found' };
  return status[outcome.error.status ?? 0] ?? `HTTP ${outcome.error.status}: ${outcome.error.body}`;
}

/** A fresh finished recording of the owned record (each replaces the one before: same question). */
async function finishedRecording(): Promise<string> {
  const done = await uploadRecording({ ...recordingInput('owner'), audio: fakeWebm(2, 1_000) });
  return done.url?.split('/').at(-1) ?? '';
}

/** One made book of the owner's record (issue 42), for the cells of its status and its file. */
let ownersBookId: Promise<string> | undefined;
function ownersBook(): Promise<string> {
  ownersBookId ??= (async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/records/${f.ownedRecordId}/books`,
      headers: f.users.owner.headers,
      payload: { format: 'epub', title: 'The story of Ada', sections: [0] },
    });
    await test.app.bookRunner.idle();
    return (response.json() as { id: string }).id;
  })();
  return ownersBookId;
}

const WEEKLY_REMINDERS = {
  frequency: 'weekly',
  day: 0,
  time: '18:00',
  timeZone: 'Europe/Berlin',
  oneQuestion: false,
};

async function ownersRemindersOn(): Promise<void> {
  const response = await test.app.inject({
    method: 'PUT',
    url: `/api/records/${f.ownedRecordId}/reminders`,
    headers: f.users.owner.headers,
    payload: WEEKLY_REMINDERS,
  });
  if (response.statusCode !== 200) throw new Error(`reminders not set: ${response.body}`);
}

function ownersUnsubscribeToken(): Promise<string> {
  return issueUnsubscribeToken(test.database, f.ownedRecordId, f.users.owner.id, new Date()).then(
    encodeURIComponent,
  );
}

function httpOutcome(response: { statusCode: number; json(): unknown }): string {
  const status: Record<number, Expectation> = {
    200: 'allow',
    202: 'allow',
    204: 'allow',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not-found',
  };
  return status[response.statusCode] ?? `HTTP ${response.statusCode}: ${JSON.stringify(response.json())}`;
}

it('has a recipe for every row of the matrix, and a row for every operation of the schema', async () => {
  const keys = AUTHORIZATION_MATRIX.map((row) => row.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(Object.keys(recipes).sort()).toEqual([...keys].sort());
  const schema = buildSchema(fs.readFileSync(new URL('../../../../schema.graphql', import.meta.url), 'utf8'));
  const rootFields = [
    ...Object.keys(schema.getQueryType()?.getFields() ?? {}),
    ...Object.keys(schema.getMutationType()?.getFields() ?? {}),
    ...Object.keys(schema.getSubscriptionType()?.getFields() ?? {}).map((name) => `subscription.${name}`),
  ];
  expect(rootFields.filter((field) => !keys.includes(field))).toEqual([]);
});

describe.each(AUTHORIZATION_MATRIX.map((row) => [row.key, row] as const))('%s', (key, row) => {
  it.each(ACTORS)(`${key} by %s`, async (actor) => {
    const recipe = recipes[key];
    if (!recipe) throw new Error(`no recipe for ${key}`);
    expect(await recipe(actor)).toBe(row.expect[actor]);
  });
});
