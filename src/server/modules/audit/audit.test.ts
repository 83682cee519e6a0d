import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CONSENT_MISSING } from '#domain/audit.ts';
import { queryRows } from '../../db/database.ts';
import { type ApiFixtures, createApiFixtures } from '../../test-support/api-fixtures.ts';
import { type FakeOpenAiServer, startFakeOpenAiServer } from '../../test-support/fake-openai-server.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Issue 29 §1–§3 on the real server and database (PGlite, or PostgreSQL with TEST_DATABASE_URL).

let test: TestApp;
let f: ApiFixtures;
let provider: FakeOpenAiServer;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
  test = await createTestApp({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: provider.baseUrl } });
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(async () => {
  await test.close();
  await provider.close();
});

interface EntryRow {
  action: string;
  actor_id: string;
  actor_name: string | null;
  actor_role: string;
  actor_organization: string | null;
  subject_id: string | null;
  record_id: string | null;
  model: string | null;
  provider: string | null;
  request_id: string | null;
}
const entries = () =>
  queryRows<EntryRow>(
    test.database.db,
    sql`select action, actor_id, actor_name, actor_role, actor_organization, subject_id, record_id,
          model, provider, request_id from audit_entries order by seq`,
  );
const readRecord = (headers: Record<string, string>, fields = 'id data') =>
  graphql<{ record: { id: string; data: unknown } | null }>(
    test.app,
    `query($id: ID!) { record(id: $id) { ${fields} } }`,
    { id: f.ownedRecordId },
    headers,
  );

describe('the audit table is append-only for the application', () => {
  it.each([
    ['update', sql`update audit_entries set action = 'changed'`],
    ['delete', sql`delete from audit_entries`],
    ['truncate', sql`truncate audit_entries`],
  ])('refuses %s', async (_name, statement) => {
    await readRecord(f.users.admin.headers);
    const before = await entries();
    expect(before.length).toBeGreaterThan(0);
    const refused = await test.database.db.execute(statement).then(
      () => 'done',
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refused).toMatch(/audit entries are append-only/);
    expect(await entries()).toEqual(before);
  });
});

describe('reads of someone else’s answers are entered before they leave', () => {
  it('enters an admin’s read with who, role, record, owner and request, and not the owner’s own', async () => {
    const before = (await entries()).length;
    expect((await readRecord(f.users.owner.headers)).data?.record?.id).toBe(f.ownedRecordId);
    expect((await entries()).length).toBe(before);
    const read = await readRecord(f.users.admin.headers);
    expect(read.data?.record?.data).toMatchObject({ name: 'Ada' });
    const [entry] = (await entries()).slice(before);
    expect(entry).toMatchObject({
      action: 'record.read',
      actor_id: f.users.admin.id,
      actor_name: 'Admin',
      actor_role: 'admin',
      subject_id: f.users.owner.id,
      record_id: f.ownedRecordId,
    });
    expect(entry?.request_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the organization a customer read for, once per record of a list', async () => {
    const before = (await entries()).length;
    const listed = await graphql(
      test.app,
      'query($id: ID!) { organizationRecords(organizationId: $id) { id data } }',
      { id: f.organizationA },
      f.users.customerA.headers,
    );
    expect(listed.errors).toBeUndefined();
    const added = (await entries()).slice(before);
    // The owner's and the other client's records; the credit holds nobody's answers.
    expect(added.map((e) => e.record_id).sort()).toEqual([f.ownedRecordId, f.otherRecordId].sort());
    expect(added[0]).toMatchObject({ actor_role: 'customer', actor_organization: 'Organization A' });
  });

  it('enters nothing when only ids are read', async () => {
    const before = (await entries()).length;
    await readRecord(f.users.admin.headers, 'id submitted');
    expect((await entries()).length).toBe(before);
  });

  it('returns no answers when the entry cannot be written', async () => {
    await test.database.db.execute(
      sql`alter table audit_entries add constraint audit_broken check (action = 'never') not valid`,
    );
    try {
      const read = await readRecord(f.users.admin.headers);
      // `data` is nullable since issue 38 §6 (one unreadable record never hides the others), so
      // the refusal nulls the answers alone.
      expect(read.data?.record?.data ?? null).toBeNull();
      expect(read.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
      expect(JSON.stringify(read)).not.toContain('Ada');
      // The owner's own reads need no entry, so they go on.
      expect((await readRecord(f.users.owner.headers)).data?.record?.data).toMatchObject({ name: 'Ada' });
    } finally {
      await test.database.db.execute(sql`alter table audit_entries drop constraint audit_broken`);
    }
  });
});

describe('consent before an outside AI (issue 29 §3)', () => {
  const generate = () =>
    test.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: f.users.admin.headers,
      payload: { reportId: f.ownedRecordId, model: 'gpt-4o-mini' },
    });
  const consent = (headers: Record<string, string>, agreed: boolean, recordId = f.ownedRecordId) =>
    graphql<{ setAiConsent: { agreed: boolean; changedAt: string | null } }>(
      test.app,
      'mutation($id: ID!, $agreed: Boolean!) { setAiConsent(recordId: $id, agreed: $agreed) { agreed changedAt } }',
      { id: recordId, agreed },
      headers,
    );

  it('refuses to send a record’s answers to the model without the owner’s yes, and sends nothing', async () => {
    const response = await generate();
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: AI_CONSENT_MISSING });
    expect(provider.received).toHaveLength(0);
  });

  it('only the owner gives or withdraws it; both are entered', async () => {
    for (const who of ['admin', 'customerA'] as const)
      expect((await consent(f.users[who].headers, true)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await consent(f.users.otherClient.headers, true)).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    expect((await consent(f.users.owner.headers, true, 'not-an-id')).errors?.[0]?.extensions?.code).toBe(
      'NOT_FOUND',
    );
    const given = await consent(f.users.owner.headers, true);
    expect(given.data?.setAiConsent.agreed).toBe(true);
    expect(given.data?.setAiConsent.changedAt).not.toBeNull();
    const last = (await entries()).at(-1);
    expect(last).toMatchObject({
      action: 'ai-consent.given',
      actor_id: f.users.owner.id,
      subject_id: f.users.owner.id,
    });
  });

  it('with the yes, enters the send (provider and model) before the model is asked', async () => {
    const before = (await entries()).length;
    const response = await generate();
    expect(response.statusCode).toBe(200);
    expect(provider.received.map((r) => r.body.model)).toEqual(['gpt-4o-mini']);
    const added = (await entries()).slice(before);
    expect(added[0]).toMatchObject({
      action: 'report.generate',
      provider: 'openai',
      model: 'gpt-4o-mini',
      actor_id: f.users.admin.id,
      subject_id: f.users.owner.id,
    });
  });

  it('a withdrawal stops the next send', async () => {
    expect((await consent(f.users.owner.headers, false)).data?.setAiConsent.agreed).toBe(false);
    expect((await generate()).statusCode).toBe(403);
    expect(provider.received).toHaveLength(1);
  });

  it('the wizard’s narrative asks for the person’s own yes in the request', async () => {
    const ask = (aiConsent?: boolean) =>
      test.app.inject({
        method: 'POST',
        url: '/api/narrative',
        headers: f.users.customerA.headers,
        payload: {
          formData: { name: 'Ada', hairColor: 'Red' },
          ...(aiConsent === undefined ? {} : { aiConsent }),
        },
      });
    expect((await ask()).json()).toEqual({ error: AI_CONSENT_MISSING });
    expect((await ask(false)).statusCode).toBe(403);
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/narrative',
      headers: f.users.customerA.headers,
      payload: { formData: { name: 'Ada' }, aiConsent: 'yes' },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([400, { error: 'aiConsent must be true or false.' }]);
    expect((await ask(true)).statusCode).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({
      action: 'narrative.generate',
      subject_id: f.users.customerA.id,
      record_id: null,
      model: 'gpt-4o-mini',
    });
  });
});

describe('who has seen your record (issue 29 §2)', () => {
  const myAudit = (headers: Record<string, string>, input: Record<string, unknown> = {}) =>
    graphql<{ myAudit: { entries: { who: string; what: string; recordId: string }[]; totalCount: number } }>(
      test.app,
      'query($i: AuditPageInput!) { myAudit(input: $i) { entries { who what recordId } totalCount pageCount } }',
      { i: input },
      headers,
    );

  it('shows the owner who read and sent their answers, in their words', async () => {
    const page = await myAudit(f.users.owner.headers, { recordId: f.ownedRecordId });
    const lines = page.data?.myAudit.entries.map((e) => `${e.who}: ${e.what}`) ?? [];
    expect(lines).toContain('Admin, admin: opened your record');
    expect(lines).toContain('Customer A, Organization A: opened your record');
    expect(lines).toContain('Admin, admin: generated a report with gpt-4o-mini');
    expect(lines).toContain('You: allowed an AI service to draft a report');
  });

  it('shows nobody another person’s entries, whatever record they name', async () => {
    const page = await myAudit(f.users.otherClient.headers, { recordId: f.ownedRecordId });
    expect(page.data?.myAudit.totalCount).toBe(0);
    const admin = await myAudit(f.users.admin.headers);
    expect(admin.data?.myAudit.entries.every((e) => e.who === 'You')).toBe(true);
  });

  it.each([
    [{ pageSize: 101 }, 'pageSize may be at most 100.'],
    [{ pageSize: 0 }, 'pageSize must be 1 or more.'],
    [{ page: 0 }, 'page must be 1 or more.'],
    [{ recordId: 'x' }, 'recordId is not a record id.'],
    [{ search: 'x'.repeat(201) }, 'The search may hold at most 200 characters.'],
  ])('refuses %j with a clear message', async (input, message) => {
    const page = await myAudit(f.users.owner.headers, input);
    expect(page.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('is in Download my data', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/my-data',
      headers: f.users.owner.headers,
    });
    const lines = (
      response.json() as { whoHasSeenYourRecords: { who: string; what: string }[] }
    ).whoHasSeenYourRecords.map((e) => `${e.who}: ${e.what}`);
    expect(lines).toContain('Admin, admin: generated a report with gpt-4o-mini');
  });

  it('pages every entry for admins, searched by person and record', async () => {
    const ask = (input: Record<string, unknown>) =>
      graphql<{
        auditPage: {
          entries: { subjectName: string; action: string }[];
          totalCount: number;
          pageCount: number;
        };
      }>(
        test.app,
        'query($i: AuditPageInput!) { auditPage(input: $i) { entries { subjectName action } totalCount pageCount } }',
        { i: input },
        f.users.admin.headers,
      );
    const all = await ask({ pageSize: 2 });
    expect(all.data?.auditPage.entries).toHaveLength(2);
    expect(all.data?.auditPage.pageCount).toBe(Math.ceil((all.data?.auditPage.totalCount ?? 0) / 2));
    const byPerson = await ask({ search: 'other client' });
    expect(byPerson.data?.auditPage.entries.every((e) => e.subjectName === 'Other Client')).toBe(true);
    expect(byPerson.data?.auditPage.totalCount).toBeGreaterThan(0);
    const byRecord = await ask({ recordId: f.otherRecordId });
    expect(byRecord.data?.auditPage.totalCount).toBe(byPerson.data?.auditPage.totalCount);
  });
});
