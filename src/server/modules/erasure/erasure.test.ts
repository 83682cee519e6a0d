import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PERSON_NAME } from '#domain/erasure.ts';
import { queryRows } from '../../db/database.ts';
import { recordMigrations, users } from '../../db/schema.ts';
import { serviceDeps } from '../../kernel/service-deps.ts';
import {
  createTestGeneration,
  createTestInventoryType,
  createTestRecord,
} from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { creditCount } from '../../test-support/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { mailsTo, waitForMail } from '../../test-support/test-mail.ts';
import { signTestIdToken } from '../../test-support/test-tokens.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';
import { createAccount } from '../idp/account-repository.ts';
import { databaseAdapterFactory } from '../idp/oidc-adapter.ts';
import { ERASED_RECORD_MESSAGE } from '../invitations/invitation-service.ts';
import { type ErasureDeps, eraseOwnAccount, SIGN_IN_AGAIN_MESSAGE } from './erasure-service.ts';

// Issue 30 §6 (decision 131): "Delete my account and my story", for the person and for an admin,
// through the real server on a real database.

/** An array as one PostgreSQL array literal (drizzle would send a JavaScript array as a row). */
const pgArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

const SECRET = 'my first kiss was behind the bakery';

/**
 * What the key store was asked to destroy, and whether the rows still held answers then; the real
 * key store (decision 130) then destroys them, so an older copy of the database no longer opens.
 */
const destroyed: { recordIds: string[]; answersStillThere: boolean }[] = [];
let test: TestApp;
let admin: TestUser;
let organizationId: string;
let typeId: string;

beforeAll(async () => {
  test = await createTestApp({
    dataKeys: {
      async destroyDataKeys(recordIds) {
        const rows = await queryRows<{ n: number }>(
          test.database.db,
          sql`select count(*)::int as n from life_records where id = any(${pgArray(recordIds)}::uuid[]) and data is not null`,
        );
        destroyed.push({ recordIds: [...recordIds].sort(), answersStillThere: (rows[0]?.n ?? 0) > 0 });
        await test.database.vault.destroyDataKeys(recordIds);
      },
    },
  });
  admin = await createTestUser(test.database.db, test.config, { roles: ['admin'], name: 'The Admin' });
  organizationId = await createTestOrganization(test.database.db);
  typeId = await createTestInventoryType(test.database.db);
});
afterAll(() => test.close());

/** A person with an embedded sign-in account (so a password), two records full of answers and more. */
async function personWithStory(password = 'correct horse battery staple') {
  const db = test.database.db;
  const email = `person-${randomUUID().slice(0, 8)}@example.test`;
  const account = await createAccount(db, { email, name: 'Rosa Story', password, emailVerified: true });
  const [row] = await db
    .insert(users)
    .values({ federatedId: account.id, email, name: 'Rosa Story', organizationId })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  await db.execute(
    sql`insert into user_roles (user_id, role_id) select ${row.id}::uuid, id from roles where name in ('client', 'user')`,
  );
  const token = await signTestIdToken(db, test.config, { sub: account.id, email, name: 'Rosa Story' });
  const records = [];
  for (let i = 0; i < 2; i++) {
    const recordId = await createTestRecord(db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: row.id,
      data: { name: SECRET, currentStep: 1 },
      report: `Narrative: ${SECRET}`,
    });
    await createTestGeneration(db, recordId, `Report: ${SECRET}`);
    records.push(recordId);
  }
  const [first] = records;
  await db.execute(sql`update life_records set invited_name = 'Rosa (as invited)', answer_versions = '{"name": 2}'
                       where client = ${row.id}::uuid`);
  if (!first) throw new Error('no record');
  await db.insert(recordMigrations).values({
    batchId: randomUUID(),
    reportId: first,
    fromTypeId: typeId,
    fromVersion: 1,
    toTypeId: typeId,
    toVersion: 1,
    previousData: await test.database.vault.seal(first, 'answers', JSON.stringify({ name: SECRET })),
    previousAnswerVersions: {},
    rowVersionAfter: 2,
  });
  await db.execute(
    sql`insert into invitations (report_id, user_id, invited_by) values (${first}::uuid, ${row.id}::uuid, ${admin.id}::uuid)`,
  );
  await db.execute(
    sql`insert into support_messages (name, email, message, type) values ('Rosa', ${email}, ${SECRET}, 'question')`,
  );
  await db.execute(
    sql`insert into rate_limit_hits (key, window_started_at, hits) values (${`sign-in-address:${email}`}, now(), 2)`,
  );
  await databaseAdapterFactory(db)('Session').upsert(randomUUID(), { accountId: account.id }, 600);
  // Rosa read someone's record once, and an admin read hers: entries that must stay.
  await db.execute(sql`insert into audit_entries (actor_id, actor_name, actor_role, subject_id, record_id, action)
                       values (${row.id}::uuid, 'Rosa Story', 'customer', ${admin.id}::uuid, null, 'record.read'),
                              (${admin.id}::uuid, 'The Admin', 'admin', ${row.id}::uuid, ${first}::uuid, 'record.read')`);
  return {
    id: row.id,
    accountId: account.id,
    email,
    password,
    token,
    headers: { authorization: `Bearer ${token}` },
    records,
  };
}

const eraseOwn = (headers: Record<string, string> | undefined, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: '/api/account/erase', headers, payload });
const eraseAsAdmin = (headers: Record<string, string>, userId: string, payload: Record<string, unknown>) =>
  test.app.inject({ method: 'POST', url: `/api/users/${userId}/erase`, headers, payload });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(test.database.db, query);
  return row?.n ?? 0;
}

/** Everything of the person that must be gone after the erasure (each count 0) and what must stay. */
async function traces(person: Awaited<ReturnType<typeof personWithStory>>) {
  // The answers and narrative are sealed (decision 130): any stored value at all is a trace.
  return {
    answers: await count(sql`select count(*)::int as n from life_records where client = ${person.id}::uuid
      and (data is not null or report is not null or answer_versions <> '{}'::jsonb or invited_name is not null)`),
    generations: await count(
      sql`select count(*)::int as n from report_generations where report_id = any(${pgArray(person.records)}::uuid[])`,
    ),
    migrations: await count(
      sql`select count(*)::int as n from record_migrations where report_id = any(${pgArray(person.records)}::uuid[])`,
    ),
    invitations: await count(
      sql`select count(*)::int as n from invitations where user_id = ${person.id}::uuid`,
    ),
    account: await count(
      sql`select count(*)::int as n from idp_accounts where id = ${person.accountId}::uuid or lower(email) = lower(${person.email})`,
    ),
    providerState: await count(
      sql`select count(*)::int as n from oidc_payloads where account_id = ${person.accountId}`,
    ),
    messages: await count(sql`select count(*)::int as n from support_messages where email = ${person.email}`),
    rateLimits: await count(
      sql`select count(*)::int as n from rate_limit_hits where key like ${`%${person.email}%`}`,
    ),
    namedUserRows: await count(sql`select count(*)::int as n from users
      where lower(email) = lower(${person.email}) or (id = ${person.id}::uuid and name is not null)`),
    roles: await count(sql`select count(*)::int as n from user_roles where user_id = ${person.id}::uuid`),
  };
}
const NO_TRACE = {
  answers: 0,
  generations: 0,
  migrations: 0,
  invitations: 0,
  account: 0,
  providerState: 0,
  messages: 0,
  rateLimits: 0,
  namedUserRows: 0,
  roles: 0,
};

describe('POST /api/account/erase (the person)', () => {
  it('refuses without a sign-in, without the typed word, and with a missing or wrong password', async () => {
    const person = await personWithStory();
    expect(
      (await eraseOwn(undefined, { confirmation: 'DELETE', password: person.password })).statusCode,
    ).toBe(401);

    const noWord = await eraseOwn(person.headers, { password: person.password });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json()).toEqual({ error: 'Type DELETE in capital letters to confirm.' });
    const wrongWord = await eraseOwn(person.headers, { password: person.password, confirmation: 'delete' });
    expect(wrongWord.json()).toEqual({ error: 'Type DELETE in capital letters to confirm.' });

    const noPassword = await eraseOwn(person.headers, { confirmation: 'DELETE' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toEqual({ error: 'Please enter your password.' });
    const wrongPassword = await eraseOwn(person.headers, {
      confirmation: 'DELETE',
      password: 'not it at all',
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toEqual({ error: 'That password is not correct.' });

    // Nothing was erased by any of these.
    expect((await traces(person)).answers).toBe(2);
    const me = await test.app.inject({ method: 'GET', url: '/api/me', headers: person.headers });
    expect(me.statusCode).toBe(200);
  });

  it('erases the answers, copies, sign-in and personal fields; keeps records, credits and audit entries', async () => {
    const person = await personWithStory();
    const other = await personWithStory();
    const creditsBefore = await creditCount(test.database, organizationId, typeId);
    const auditBefore = await count(sql`select count(*)::int as n from audit_entries`);
    const recordsBefore = await count(
      sql`select count(*)::int as n from life_records where organization_id = ${organizationId}::uuid`,
    );

    // A copy of the database taken before the erasure (issue 30 §6): the sealed answers as stored.
    const [before] = await queryRows<{ data: Uint8Array }>(
      test.database.db,
      sql`select data from life_records where id = ${person.records[0]}::uuid`,
    );
    if (!before) throw new Error('no stored answers');
    await expect(
      test.database.vault.open(person.records[0] ?? '', 'answers', before.data),
    ).resolves.toContain(SECRET);

    const response = await eraseOwn(person.headers, { confirmation: ' DELETE ', password: person.password });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ erased: true });

    expect(await traces(person)).toEqual(NO_TRACE);
    // The keys of exactly these records were destroyed, before the rows were cleared (decision 131).
    expect(destroyed.at(-1)).toEqual({ recordIds: [...person.records].sort(), answersStillThere: true });

    // The records stay, still the erased person's (so their credits stay used), marked erased.
    const rows = await queryRows<{ client: string; erased: boolean; data: unknown }>(
      test.database.db,
      sql`select client, erased_at is not null as erased, data from life_records where id = any(${pgArray(person.records)}::uuid[])`,
    );
    expect(rows).toEqual(person.records.map(() => ({ client: person.id, erased: true, data: null })));
    // The older copy's answers no longer open: their data key is gone from the key store.
    await expect(test.database.vault.open(person.records[0] ?? '', 'answers', before.data)).rejects.toThrow(
      /data key was destroyed/,
    );
    expect(await creditCount(test.database, organizationId, typeId)).toEqual(creditsBefore);
    expect(
      await count(
        sql`select count(*)::int as n from life_records where organization_id = ${organizationId}::uuid`,
      ),
    ).toBe(recordsBefore);

    // The user row stays as a placeholder; the audit trail keeps every entry.
    const [row] = await queryRows<{ name: string | null; email: string; erased: boolean }>(
      test.database.db,
      sql`select name, email, erased_at is not null as erased from users where id = ${person.id}::uuid`,
    );
    expect(row).toEqual({ name: null, email: `erased-${person.id}@erased.invalid`, erased: true });
    expect(await count(sql`select count(*)::int as n from audit_entries`)).toBe(auditBefore);

    // Another person's story is untouched.
    expect((await traces(other)).answers).toBe(2);
    expect((await traces(other)).generations).toBe(2);

    // The person's token no longer works; the confirmation went to the address they had.
    const me = await test.app.inject({ method: 'GET', url: '/api/me', headers: person.headers });
    expect(me.statusCode).toBe(401);
    const mail = await waitForMail(test.config, person.email, /account and story have been erased/);
    expect(mail.text).toContain('cannot be brought back');
  });

  it('shows the erased person in the audit trail as erased, and finds them by no old name', async () => {
    const person = await personWithStory();
    await eraseOwn(person.headers, { confirmation: 'DELETE', password: person.password });
    const page = await graphql<{
      auditPage: { entries: { actorName: string; subjectName: string; recordId: string }[] };
    }>(
      test.app,
      `query { auditPage(input: { search: "Rosa" }) { entries { actorName subjectName recordId } } }`,
      {},
      admin.headers,
    );
    expect(page.errors).toBeUndefined();
    expect(page.data?.auditPage.entries.some((entry) => person.records.includes(entry.recordId))).toBe(false);
    const erased = await graphql<{
      auditPage: { entries: { actorName: string; subjectName: string | null; recordId: string | null }[] };
    }>(
      test.app,
      `query { auditPage(input: { recordId: "${person.records[0]}" }) { entries { actorName subjectName recordId } } }`,
      {},
      admin.headers,
    );
    expect(erased.data?.auditPage.entries).toEqual([
      { actorName: 'The Admin', subjectName: ERASED_PERSON_NAME, recordId: person.records[0] },
    ]);
  });

  it('refuses the last admin', async () => {
    const [only] = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from user_roles ur join roles r on r.id = ur.role_id where r.name = 'admin'`,
    );
    expect(only?.n).toBe(1);
    const account = await createAccount(test.database.db, {
      email: admin.email,
      name: admin.name,
      password: 'admin password here',
      emailVerified: true,
    });
    await test.database.db.execute(
      sql`update users set federated_id = ${account.id} where id = ${admin.id}::uuid`,
    );
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: account.id,
      email: admin.email,
    });
    const response = await eraseOwn(
      { authorization: `Bearer ${token}` },
      { confirmation: 'DELETE', password: 'admin password here' },
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/only admin/);
    await test.database.db.execute(
      sql`update users set federated_id = ${admin.federatedId} where id = ${admin.id}::uuid`,
    );
  });
});

describe('POST /api/users/:id/erase (an admin)', () => {
  it('is for admins only, with the typed word, and not for the admin themselves', async () => {
    const person = await personWithStory();
    const customer = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId,
    });
    const byPerson = await eraseAsAdmin(person.headers, admin.id, { confirmation: 'ERASE' });
    expect(byPerson.statusCode).toBe(403);
    expect(byPerson.json()).toEqual({ error: 'Access denied. Admins only.' });
    expect((await eraseAsAdmin(customer.headers, person.id, { confirmation: 'ERASE' })).statusCode).toBe(403);
    const noWord = await eraseAsAdmin(admin.headers, person.id, { confirmation: 'erase it' });
    expect(noWord.statusCode).toBe(400);
    expect(noWord.json()).toEqual({ error: 'Type ERASE in capital letters to confirm.' });
    const self = await eraseAsAdmin(admin.headers, admin.id, { confirmation: 'ERASE' });
    expect(self.statusCode).toBe(409);
    expect((await eraseAsAdmin(admin.headers, randomUUID(), { confirmation: 'ERASE' })).statusCode).toBe(404);
    expect((await eraseAsAdmin(admin.headers, 'not-an-id', { confirmation: 'ERASE' })).statusCode).toBe(404);
    expect((await traces(person)).answers).toBe(2);
  });

  it('erases a person, twice harmlessly, and the Users tab shows them erased', async () => {
    const person = await personWithStory();
    const first = await eraseAsAdmin(admin.headers, person.id, { confirmation: 'ERASE' });
    expect(first.statusCode).toBe(200);
    expect(await traces(person)).toEqual(NO_TRACE);
    const again = await eraseAsAdmin(admin.headers, person.id, { confirmation: 'ERASE' });
    expect(again.statusCode).toBe(200);
    expect(await traces(person)).toEqual(NO_TRACE);
    // One confirmation mail, not two.
    await waitForMail(test.config, person.email, /have been erased/);
    expect(await mailsTo(test.config, person.email)).toHaveLength(1);

    const page = await graphql<{
      usersPage: { users: { id: string; name: string | null; erasedAt: string | null }[] };
    }>(
      test.app,
      `query { usersPage(input: { pageSize: 100 }) { users { id name erasedAt } } }`,
      {},
      admin.headers,
    );
    const listed = page.data?.usersPage.users.find((user) => user.id === person.id);
    expect(listed?.name).toBeNull();
    expect(listed?.erasedAt).toEqual(expect.any(String));
  });

  it('finishes at start-up an erasure that stopped half-way', async () => {
    const person = await personWithStory();
    // The first step only, as if the process died right after it.
    await test.database.db.execute(
      sql`update users set erasure_started_at = now() where id = ${person.id}::uuid`,
    );
    const resumed = await createTestAppOn(test);
    try {
      expect(await traces(person)).toEqual(NO_TRACE);
    } finally {
      await resumed.close();
    }
  });
});

describe('what stays of an erased person’s records', () => {
  it('lists them under an erased person and sends no invitation for them again', async () => {
    const person = await personWithStory();
    await eraseAsAdmin(admin.headers, person.id, { confirmation: 'ERASE' });
    const record = await graphql<{
      record: { data: unknown; report: string | null; user: { name: string; email: string | null } };
    }>(
      test.app,
      `query ($id: ID!) { record(id: $id) { data report user { name email } } }`,
      { id: person.records[0] },
      admin.headers,
    );
    expect(record.errors).toBeUndefined();
    expect(record.data?.record).toEqual({
      data: {},
      report: null,
      user: { name: ERASED_PERSON_NAME, email: null },
    });
    // The organization that invited them reads the same words, not "N/A" (the invitation's name
    // went with the rest).
    const customer = await createTestUser(test.database.db, test.config, {
      roles: ['customer'],
      organizationId,
    });
    const listed = await graphql<{ organizationRecords: { id: string; user: { name: string | null } }[] }>(
      test.app,
      `query ($organizationId: ID!) { organizationRecords(organizationId: $organizationId) { id user { name } } }`,
      { organizationId },
      customer.headers,
    );
    expect(listed.errors).toBeUndefined();
    const theirs = listed.data?.organizationRecords.filter((row) => person.records.includes(row.id)) ?? [];
    expect(theirs.map((row) => row.user.name)).toEqual([ERASED_PERSON_NAME, ERASED_PERSON_NAME]);
    const resend = await test.app.inject({
      method: 'POST',
      url: '/api/resend',
      headers: admin.headers,
      payload: { reportId: person.records[0] },
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toEqual({ error: ERASED_RECORD_MESSAGE });
  });
});

describe('with an outside sign-in provider (no password here)', () => {
  it('refuses the erased person’s old tokens, and later ones too: nobody starts afresh as them here', async () => {
    const person = await personWithStory();
    await eraseAsAdmin(admin.headers, person.id, { confirmation: 'ERASE' });
    const old = await test.app.inject({ method: 'GET', url: '/api/me', headers: person.headers });
    expect(old.statusCode).toBe(401);
    expect(old.json().error).toBe('This account has been erased.');
    // Issue 38 §2: with the embedded provider the account is gone, so a token naming the subject
    // after the erasure is refused too and makes no new user (an outside provider's fresh sign-in,
    // auth_time after the erasure, does: token-claims.test.ts, erasedSubjectOutcome).
    const later = await signTestIdToken(test.database.db, test.config, {
      sub: person.accountId,
      email: person.email,
      name: 'Rosa Anew',
      extra: { iat: Math.floor(Date.now() / 1000) + 2 },
    });
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${later}` },
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().error).toBe('This account has been erased.');
    expect(
      await count(sql`select count(*)::int as n from users where federated_id = ${person.accountId}`),
    ).toBe(1);
  });

  const deps = (): ErasureDeps => ({
    ...serviceDeps(test.app),
    dataKeys: { async destroyDataKeys() {} },
    mailer: test.app.mailer,
    site: { productName: 'Life Record', homeUrl: test.config.publicUrl },
    log: test.app.log,
    embeddedSignIn: false,
  });
  const viewerOf = (person: Awaited<ReturnType<typeof personWithStory>>) => ({
    userId: person.id,
    federatedId: person.accountId,
    roles: ['client' as const],
    organizationId,
  });

  it('asks for a sign-in there within the last minutes, and erases after a fresh one', async () => {
    const person = await personWithStory();
    const stale = await eraseOwnAccount(
      deps(),
      viewerOf(person),
      { confirmation: 'DELETE' },
      {
        network: '127.0.0.1',
        authTime: Date.now() - 10 * 60_000,
      },
    );
    expect(stale).toEqual({ ok: false, failure: { code: 'FORBIDDEN', message: SIGN_IN_AGAIN_MESSAGE } });
    const unknown = await eraseOwnAccount(
      deps(),
      viewerOf(person),
      { confirmation: 'DELETE' },
      {
        network: '127.0.0.1',
        authTime: null,
      },
    );
    expect(unknown.ok).toBe(false);
    expect((await traces(person)).answers).toBe(2);
    const fresh = await eraseOwnAccount(
      deps(),
      viewerOf(person),
      { confirmation: 'DELETE' },
      {
        network: '127.0.0.1',
        authTime: Date.now() - 30_000,
      },
    );
    expect(fresh).toEqual({ ok: true, value: { erased: true } });
    expect((await traces(person)).answers).toBe(0);
  });
});

/** A second server on the same database (the restart), closed without dropping the database. */
async function createTestAppOn(existing: TestApp) {
  const { buildApp } = await import('../../app.ts');
  const app = await buildApp({
    config: existing.config,
    database: existing.database,
    clientDir: existing.dataDir,
  });
  await app.ready();
  return { close: () => app.close() };
}
