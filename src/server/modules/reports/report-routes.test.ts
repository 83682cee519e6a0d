import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lifeInventoryForm } from '#domain/life-inventory.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inventoryTypes } from '../../db/schema.ts';
import { createTestRecord } from '../../test-support/api-fixtures.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { graphql, socketUrl, TestSocket } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// POST /api/reports against a local OpenAI-compatible server (DESIGN §1: the production path,
// tested): what the model is sent, what is stored, and what a failing provider gives the admin.

const API_KEY = 'sk-test-reports-0123456789';
const REPORT_QUERY = 'Focus on the family of origin.';

/** A Life Inventory record answered with everything report preparation must leave out. */
const FILLED_ANSWERS = {
  steps: lifeInventoryForm.steps,
  currentStep: 6,
  flattened: {},
  name: 'Ada Lovelace',
  dateOfBirth: '1980-12-10',
  age: 44,
  height: '', // empty
  weight: '   ', // blank
  gender: 'Woman',
  assistiveDevices: false, // an unticked checkbox list
  eyeColor: null,
  otherCaretakers: ['Aunt'],
  otherCaretakerDetails: 'A neighbour', // hidden: "Other" is not ticked
  parentsSeparated: 'No',
  ageAtSeparation: 7, // hidden: the parents did not separate
  fullBrothers: 0,
  siblingList__0__siblingName: 'Tom', // a row with nothing but a name
  siblingList__1__siblingName: 'Mary',
  siblingList__1__relation: 'Half',
  childhoodExperiences: ['Neglect'],
  childhoodExperienceDetails: 'We were often alone. <script>alert(1)</script>',
};
const PREPARED = {
  name: 'Ada Lovelace',
  dateOfBirth: '1980-12-10',
  age: 44,
  gender: 'Woman',
  otherCaretakers: ['Aunt'],
  parentsSeparated: 'No',
  fullBrothers: 0,
  siblingList: { '1': { siblingName: 'Mary', relation: 'Half' } },
  childhoodExperiences: ['Neglect'],
  childhoodExperienceDetails: 'We were often alone. <script>alert(1)</script>',
};

async function lifeInventoryType(db: Db, reportQuery: string | null = REPORT_QUERY, model = 'gpt-4o') {
  const [row] = await db
    .insert(inventoryTypes)
    .values({ name: 'Life Inventory', description: 'Life', form: lifeInventoryForm, model, reportQuery })
    .returning({ id: inventoryTypes.id });
  if (!row) throw new Error('type not created');
  return row.id;
}

interface World {
  admin: TestUser;
  customer: TestUser;
  owner: TestUser;
  typeId: string;
  recordId: string;
}
async function world(db: Db, config: Config): Promise<World> {
  const organizationId = await createTestOrganization(db);
  const owner = await createTestUser(db, config, { roles: ['client'], organizationId });
  const typeId = await lifeInventoryType(db);
  return {
    admin: await createTestUser(db, config, { roles: ['admin'] }),
    customer: await createTestUser(db, config, { roles: ['customer'], organizationId }),
    owner,
    typeId,
    recordId: await createTestRecord(db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: owner.id,
      data: FILLED_ANSWERS,
    }),
  };
}

function post(test: TestApp, user: TestUser | null, payload: unknown, url = '/api/reports') {
  return test.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(user ? user.headers : {}) },
    payload: JSON.stringify(payload),
  });
}

async function generations(test: TestApp, admin: TestUser, recordId: string) {
  const response = await graphql<{ record: { reportGenerations: { response: string; model: string }[] } }>(
    test.app,
    'query($id: ID!) { record(id: $id) { reportGenerations { response model } } }',
    { id: recordId },
    admin.headers,
  );
  return response.data?.record.reportGenerations ?? [];
}

/** Issue 29 §3: the owner's yes, without which no answer goes to an outside model. */
async function agree(test: TestApp, owner: TestUser, recordId: string) {
  const agreed = await graphql(
    test.app,
    'mutation($id: ID!) { setAiConsent(recordId: $id, agreed: true) { agreed } }',
    { id: recordId },
    owner.headers,
  );
  expect(agreed.errors).toBeUndefined();
}

const answersSent = (content: string) => JSON.parse(/```json\n([\s\S]*?)\n```/.exec(content)?.[1] ?? 'null');

describe('POST /api/reports with an OpenAI-compatible API', () => {
  let provider: FakeOpenAiServer;
  let test: TestApp;
  let w: World;
  beforeAll(async () => {
    provider = await startFakeOpenAiServer();
    test = await createTestApp({
      env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: provider.baseUrl, OPENAI_TIMEOUT_MS: '400' },
    });
    w = await world(test.database.db, test.config);
    await agree(test, w.owner, w.recordId);
  });
  afterAll(async () => {
    await test.close();
    await provider.close();
  });
  beforeEach(() => {
    provider.received.length = 0;
    provider.behave({ kind: 'reply', content: '  **Summary**\nAda grew up with her aunt.\n' });
  });

  it('sends the chosen model and the prepared answers, and stores the answer as a generation', async () => {
    const response = await post(test, w.admin, {
      reportId: w.recordId,
      formData: '{}',
      model: 'gpt-4-turbo',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      report: '**Summary**\nAda grew up with her aunt.',
      generation: { model: 'gpt-4-turbo' },
    });

    expect(provider.received).toHaveLength(1);
    const [request] = provider.received;
    expect(request?.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body.model).toBe('gpt-4-turbo');
    const [system, user] = request?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain(REPORT_QUERY);
    expect(user?.role).toBe('user');
    // Exactly the prepared answers: no empty, false or bookkeeping values, no row with only a
    // name, no answer to a question the person can no longer see.
    expect(answersSent(user?.content ?? '')).toEqual(PREPARED);
    for (const dropped of ['A neighbour', 'Tom', 'currentStep', '"steps"', 'flattened', 'ageAtSeparation']) {
      expect(user?.content).not.toContain(dropped);
    }
    expect(user?.content).toContain('- childhoodExperienceDetails: Please describe these experiences');

    expect(await generations(test, w.admin, w.recordId)).toContainEqual({
      response: '**Summary**\nAda grew up with her aunt.',
      model: 'gpt-4-turbo',
    });
  });

  it('uses the type’s model when none is chosen, and refuses an unknown one', async () => {
    expect((await post(test, w.admin, { reportId: w.recordId })).statusCode).toBe(200);
    expect(provider.received.at(-1)?.body.model).toBe('gpt-4o');

    const unknown = await post(test, w.admin, { reportId: w.recordId, model: 'gpt-9-ultra' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/^Unknown model "gpt-9-ultra"\. Choose one of: gpt-5, gpt-4o,/);
    expect(provider.received).toHaveLength(1);
  });

  it('leaves the report query out of the instructions when the type has none', async () => {
    const typeId = await lifeInventoryType(test.database.db, null, '');
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId: null,
      clientId: w.owner.id,
      data: { name: 'Grace' },
    });
    await agree(test, w.owner, recordId);
    expect((await post(test, w.admin, { reportId: recordId })).statusCode).toBe(200);
    const request = provider.received.at(-1);
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body.messages[0]?.content).not.toContain('Instructions for this questionnaire');
  });

  it('answers a provider error with a message to show, and stores nothing', async () => {
    provider.behave({ kind: 'status', status: 500, message: 'upstream exploded: internal detail' });
    const before = (await generations(test, w.admin, w.recordId)).length;
    const response = await post(test, w.admin, { reportId: w.recordId, model: 'gpt-4o' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'The AI service failed (HTTP 500). Please try again.' });
    expect(await generations(test, w.admin, w.recordId)).toHaveLength(before);
  });

  it.each<[number, string]>([
    [401, 'The AI service refused the server’s credentials.'],
    [404, 'The AI service does not offer the model gpt-4o.'],
    [429, 'The AI service is busy or its quota is used up. Please try again later.'],
  ])('explains a provider answering %i', async (status, message) => {
    provider.behave({ kind: 'status', status, message: 'provider words' });
    const response = await post(test, w.admin, { reportId: w.recordId, model: 'gpt-4o' });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: message });
  });

  it('gives up on a provider that does not answer in time', async () => {
    provider.behave({ kind: 'hang' });
    const response = await post(test, w.admin, { reportId: w.recordId });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ error: 'The AI service did not answer within 400 ms.' });
  });

  it('asks the model for a narrative with gpt-4o-mini and the wizard’s visible answers', async () => {
    provider.behave({ kind: 'reply', content: '\n A narrative. \n' });
    const formData = {
      name: 'Ada',
      dob: '12/10/1980',
      parentsSeparated: 'No',
      ageAtSeparation: '7',
      otherCaretakers: ['Other'],
      otherCaretakerDetails: 'A neighbour',
      height: '',
    };
    const response = await post(
      test,
      w.customer,
      { formData: JSON.stringify(formData), aiConsent: true },
      '/api/narrative',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ narrative: 'A narrative.', model: 'gpt-4o-mini' });
    const request = provider.received.at(-1);
    expect(request?.body.model).toBe('gpt-4o-mini');
    expect(request?.body.messages).toHaveLength(1);
    const [message] = request?.body.messages ?? [];
    expect(message?.role).toBe('user');
    expect(message?.content).toMatch(
      /synopsis .*physical description, location history and family background/,
    );
    expect(message?.content).toContain('professional psychological report');
    expect(answersSent(message?.content ?? '')).toEqual({
      name: 'Ada',
      dob: '12/10/1980',
      parentsSeparated: 'No',
      otherCaretakers: ['Other'],
      otherCaretakerDetails: 'A neighbour',
    });
  });
});

describe('POST /api/reports without a model API (offline generator)', () => {
  const test = setUpTestApp({ listen: true });
  let w: World;
  beforeAll(async () => {
    w = await world(test.database.db, test.config);
  });

  it('writes a labelled draft by sections with the form’s questions, stored as an offline generation', async () => {
    const response = await post(test, w.admin, { reportId: w.recordId, model: 'gpt-4o' });
    expect(response.statusCode).toBe(200);
    const { report, generation } = response.json();
    expect(report.split('\n')[0]).toBe('**Offline draft — no AI model was used**');
    expect(report).toContain('**Name & Date of Birth**\nWhat is your full name? Ada Lovelace.');
    expect(report).toContain('**Family of Origin - Siblings**\nHow many full brothers do you have? 0.');
    expect(report).toContain('Sibling 2 — First name: Mary; Relation: Half.');
    expect(report).toContain(
      'Please describe these experiences: We were often alone. <script>alert(1)</script>',
    );
    expect(report).not.toContain('A neighbour');
    expect(generation.model).toBe('offline');
    expect(new Date(generation.dateGenerated).getTime()).not.toBeNaN();
    // Deterministic: the same answers give the same draft.
    expect((await post(test, w.admin, { reportId: w.recordId })).json().report).toBe(report);
    expect(await generations(test, w.admin, w.recordId)).toHaveLength(2);
  });

  it('tells the record’s open screens at once: admins get the generation, its owner never', async () => {
    const subscribe = async (user: TestUser) => {
      const socket = new TestSocket(socketUrl(test.app));
      await socket.init(user.headers.authorization);
      await socket.next((m) => m.type === 'connection_ack');
      socket.subscribe('1', 'subscription($id: ID!) { record(id: $id) { reportGenerations { id model } } }', {
        id: w.recordId,
      });
      const first = await socket.next((m) => m.id === '1' && m.type === 'next');
      return { socket, first };
    };
    type Live = { payload: { data: { record: { reportGenerations: { id: string }[] } } } };
    const admin = await subscribe(w.admin);
    const owner = await subscribe(w.owner);
    try {
      const before = (admin.first as Live).payload.data.record.reportGenerations.length;
      const { generation } = (await post(test, w.admin, { reportId: w.recordId })).json();
      const update = (await admin.socket.next((m) => m.id === '1' && m.type === 'next')) as Live;
      expect(update.payload.data.record.reportGenerations).toHaveLength(before + 1);
      expect(update.payload.data.record.reportGenerations[0]).toEqual({
        id: generation.id,
        model: 'offline',
      });
      const ownerUpdate = (await owner.socket.next((m) => m.id === '1' && m.type === 'next')) as Live;
      expect(ownerUpdate.payload.data.record.reportGenerations).toEqual([]);
    } finally {
      admin.socket.close();
      owner.socket.close();
    }
  });

  it('refuses a record without answers, an unknown record and a malformed request', async () => {
    const empty = await createTestRecord(test.database.db, {
      inventoryTypeId: w.typeId,
      organizationId: null,
      clientId: null,
    });
    expect((await post(test, w.admin, { reportId: empty })).json()).toEqual({
      error: 'The record has no answers to write a report from yet.',
    });
    const missing = await post(test, w.admin, { reportId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Report not found' });
    expect((await post(test, w.admin, { reportId: 'not-an-id' })).statusCode).toBe(404);
    expect((await post(test, w.admin, {})).statusCode).toBe(400);
  });

  it('lets only admins generate', async () => {
    const anonymous = await post(test, null, { reportId: w.recordId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Failed to retrieve JWT token. User is not authenticated.' });
    for (const user of [w.customer, w.owner]) {
      const refused = await post(test, user, { reportId: w.recordId });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Access denied. Admins only.' });
    }
  });

  it('writes an offline narrative for customers and admins, and refuses everyone else', async () => {
    const formData = {
      name: 'Ada',
      dob: '1980-12-10',
      hairColor: 'Red',
      parentsSeparated: 'Yes',
      ageAtSeparation: '7',
    };
    for (const user of [w.customer, w.admin]) {
      const response = await post(test, user, { formData }, '/api/narrative');
      expect(response.statusCode).toBe(200);
      const { narrative } = response.json();
      expect(narrative.split('\n')[0]).toBe('**Offline draft — no AI model was used**');
      expect(narrative).toContain('**Physical Characteristics**\nHair color: Red.');
      expect(narrative).toContain('How old were you when they separated? 7.');
      expect(narrative).toContain('**Psychological report**');
    }
    expect((await post(test, w.owner, { formData }, '/api/narrative')).json()).toEqual({
      error: 'Access denied. You do not have permission to view this page.',
    });
    expect((await post(test, null, { formData }, '/api/narrative')).statusCode).toBe(401);
  });

  it.each<[string, unknown, string]>([
    ['no form data', {}, 'formData is required.'],
    [
      'no answers',
      { formData: { name: ' ', assistiveDevices: [] } },
      'Please answer the questions before asking',
    ],
    ['form data that is not JSON', { formData: '{name' }, 'The answers are not valid JSON.'],
    [
      'a choice outside the enumeration',
      { formData: { gender: 'Robot' } },
      'gender: must be one of: Woman, Man, Transgender',
    ],
    ['an unknown model', { formData: { name: 'Ada' }, model: 'gpt-9' }, 'Unknown model "gpt-9"'],
  ])('refuses a narrative request with %s', async (_case, body, message) => {
    // A fresh customer each time: refusals count towards the rate limit too.
    const customer = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    const response = await post(test, customer, body, '/api/narrative');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(message);
  });
});

describe('rate limits', () => {
  const test = setUpTestApp();
  let w: World;
  beforeAll(async () => {
    w = await world(test.database.db, test.config);
  });

  it('stops one admin after 10 reports in 10 minutes, and not another', async () => {
    for (let i = 0; i < 10; i++)
      expect((await post(test, w.admin, { reportId: w.recordId })).statusCode).toBe(200);
    const refused = await post(test, w.admin, { reportId: w.recordId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^Too many reports were requested\. Please try again in \d+ minutes?\.$/,
    );
    const other = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    expect((await post(test, other, { reportId: w.recordId })).statusCode).toBe(200);
  });

  it('stops one person after 5 narratives in 10 minutes', async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(test, w.customer, { formData: { name: 'Ada' } }, '/api/narrative')).statusCode).toBe(
        200,
      );
    const refused = await post(test, w.customer, { formData: { name: 'Ada' } }, '/api/narrative');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/^Too many narratives were requested\./);
  });
});
