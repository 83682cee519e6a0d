import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { creditCount } from '../../test-support/payment-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { mailsTo } from '../../test-support/test-mail.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// customer-app §7 Invite service (POST /api/invite, POST /api/resend), §5 and §8 messages, DESIGN §4.

let test: TestApp;
let orgA: string;
let orgB: string;
let lifeType: string;
let familyType: string;
let customerA: TestUser;
let customerB: TestUser;
let clientA: TestUser;
let admin: TestUser;

beforeAll(async () => {
  test = await createTestApp({
    env: { PUBLIC_URL: 'https://records.example.org', PRODUCT_NAME: 'Life Record' },
  });
  const db = test.database.db;
  orgA = await createTestOrganization(db, 'Organization A');
  orgB = await createTestOrganization(db, 'Organization B');
  lifeType = await createTestInventoryType(db, 'Life Inventory');
  familyType = await createTestInventoryType(db, 'Family Stories');
  customerA = await createTestUser(db, test.config, {
    roles: ['customer'],
    organizationId: orgA,
    name: 'Carla Customer',
  });
  customerB = await createTestUser(db, test.config, { roles: ['customer'], organizationId: orgB });
  clientA = await createTestUser(db, test.config, { roles: ['client'], organizationId: orgA });
  admin = await createTestUser(db, test.config, { roles: ['admin'] });
});
afterAll(() => test.close());

async function addCredits(organizationId: string, inventoryTypeId: string, count: number) {
  for (let n = 0; n < count; n++) {
    await createTestRecord(test.database.db, { inventoryTypeId, organizationId, clientId: null, data: {} });
  }
}
const post = (url: string, body: unknown, headers: Record<string, string>) =>
  test.app.inject({ method: 'POST', url, headers, payload: body as object });
const invite = (body: Record<string, unknown>, headers: Record<string, string> = customerA.headers) =>
  post('/api/invite', { organization: orgA, inventoryType: lifeType, ...body }, headers);
const resend = (reportId: unknown, headers: Record<string, string> = customerA.headers) =>
  post('/api/resend', { reportId }, headers);
const email = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function recordRow(reportId: string) {
  const [row] = await queryRows<{ client: string | null; organization_id: string; version: number }>(
    test.database.db,
    sql`select client, organization_id, version from life_records where id = ${reportId}`,
  );
  return row;
}
async function userByEmail(address: string) {
  const rows = await queryRows<{
    id: string;
    name: string | null;
    organization_id: string | null;
    federated_id: string | null;
    roles: string[];
  }>(
    test.database.db,
    sql`select u.id, u.name, u.organization_id, u.federated_id,
               coalesce(array_agg(r.name order by r.name) filter (where r.name is not null), '{}') as roles
        from users u left join user_roles ur on ur.user_id = u.id left join roles r on r.id = ur.role_id
        where lower(u.email) = lower(${address}) group by u.id`,
  );
  return rows;
}
async function invitationsOf(reportId: string) {
  return queryRows<{ user_id: string; invited_by: string | null }>(
    test.database.db,
    sql`select user_id, invited_by from invitations where report_id = ${reportId} order by sent_at`,
  );
}

describe('POST /api/invite', () => {
  it('gives one credit to a new person of the organization and mails them how to register', async () => {
    await addCredits(orgA, lifeType, 2);
    const before = await creditCount(test.database, orgA, lifeType);
    const address = email('ada');
    const response = await invite({ name: 'Ada Lovelace', email: address });
    expect(response.statusCode).toBe(200);
    const { reportId, status } = response.json();
    expect(status).toBe('sent');
    expect(await creditCount(test.database, orgA, lifeType)).toBe(before - 1);

    const [person] = await userByEmail(address);
    expect(person).toMatchObject({
      name: 'Ada Lovelace',
      organization_id: orgA,
      federated_id: null,
      roles: ['client'],
    });
    expect((await recordRow(reportId))?.client).toBe(person?.id);
    expect(await invitationsOf(reportId)).toEqual([{ user_id: person?.id, invited_by: customerA.id }]);

    const [mail] = await mailsTo(test.config, address);
    expect(mail?.subject).toBe('Organization A invited you to Life Record');
    expect(mail?.text).toContain('Hello Ada Lovelace,');
    expect(mail?.text).toContain('complete your Life Inventory record in Life Record');
    expect(mail?.text).toContain(`register with this e-mail address: ${address}`);
    expect(mail?.text).toContain('Open https://records.example.org/');
  });

  it('shows the invited person in the organization’s records', async () => {
    await addCredits(orgA, lifeType, 1);
    const address = email('grace');
    const { reportId } = (await invite({ name: 'Grace Hopper', email: address })).json();
    const records = await graphql<{
      organizationRecords: { id: string; clientId: string; user: { name: string; email: string } }[];
    }>(
      test.app,
      'query($id: ID!) { organizationRecords(organizationId: $id) { id clientId user { name email } } }',
      { id: orgA },
      customerA.headers,
    );
    expect(records.data?.organizationRecords.find((r) => r.id === reportId)?.user).toEqual({
      name: 'Grace Hopper',
      email: address,
    });
  });

  it('finds the same person again whatever the case of the address, and keeps their name', async () => {
    await addCredits(orgA, familyType, 1);
    await addCredits(orgA, lifeType, 1);
    const address = email('twice');
    const first = (await invite({ name: 'Twice Invited', email: address })).json();
    const second = await invite({
      name: 'Another Name',
      email: address.toUpperCase(),
      inventoryType: familyType,
    });
    expect(second.statusCode).toBe(200);
    const people = await userByEmail(address);
    expect(people).toHaveLength(1);
    expect(people[0]?.name).toBe('Twice Invited');
    expect((await recordRow(second.json().reportId))?.client).toBe((await recordRow(first.reportId))?.client);
  });

  it('brings a signed-up person without an organization into it', async () => {
    await addCredits(orgA, lifeType, 1);
    const loner = await createTestUser(test.database.db, test.config, { email: email('loner') });
    const response = await invite({ name: 'Lone Person', email: loner.email });
    expect((await recordRow(response.json().reportId))?.client).toBe(loner.id);
    expect((await userByEmail(loner.email))[0]).toMatchObject({ organization_id: orgA, roles: ['client'] });
  });

  it('gives a person of another organization the record without moving them (decision 071)', async () => {
    await addCredits(orgA, lifeType, 1);
    const memberOfB = await createTestUser(test.database.db, test.config, {
      roles: ['client'],
      organizationId: orgB,
      email: email('member-b'),
      name: 'Bea Member',
    });
    const response = await invite({ name: 'Someone Else', email: memberOfB.email });
    expect(response.statusCode).toBe(200);
    const { reportId } = response.json();
    expect(await recordRow(reportId)).toMatchObject({ client: memberOfB.id, organization_id: orgA });
    expect((await userByEmail(memberOfB.email))[0]).toMatchObject({
      organization_id: orgB,
      name: 'Bea Member',
    });
    // They reach the record as its owner; organization B's customer does not.
    const own = await graphql(
      test.app,
      'query($id: ID!) { record(id: $id) { id } }',
      { id: reportId },
      memberOfB.headers,
    );
    expect(own.data).toEqual({ record: { id: reportId } });
    const other = await graphql(
      test.app,
      'query($id: ID!) { record(id: $id) { id } }',
      { id: reportId },
      customerB.headers,
    );
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lets an admin invite into any organization', async () => {
    await addCredits(orgB, lifeType, 1);
    const response = await invite(
      { name: 'By Admin', email: email('admin-invited'), organization: orgB },
      admin.headers,
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses when no credit of the type is left, changing nothing and mailing no one', async () => {
    const lonelyType = await createTestInventoryType(test.database.db, 'Rare Type');
    const address = email('nocredit');
    const response = await invite({ name: 'No Credit', email: address, inventoryType: lonelyType });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error:
        'There are no available records of this inventory type left. Please visit our Products page to make a purchase.',
    });
    expect(await userByEmail(address)).toEqual([]);
    expect(await mailsTo(test.config, address)).toEqual([]);
  });

  it('never gives one credit to two people inviting at the same moment', async () => {
    const type = await createTestInventoryType(test.database.db, 'Contended');
    await addCredits(orgA, type, 1);
    const [first, second] = await Promise.all([
      invite({ name: 'First', email: email('first'), inventoryType: type }),
      invite({ name: 'Second', email: email('second'), inventoryType: type }),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    const [assigned] = await queryRows<{ count: number }>(
      test.database.db,
      sql`select count(*)::int as count from life_records where inventory_type_id = ${type} and client is not null`,
    );
    expect(assigned?.count).toBe(1);
  });

  it.each([
    ['no name', { name: '' }, 400, 'Name, email, and inventory type are required.'],
    ['no e-mail', { email: undefined }, 400, 'Name, email, and inventory type are required.'],
    ['no inventory type', { inventoryType: '' }, 400, 'Name, email, and inventory type are required.'],
    ['no organization', { organization: '' }, 400, 'Organization ID is missing.'],
    ['a malformed e-mail', { email: 'ada-at-example' }, 400, 'Please enter a valid email address.'],
    ['an inventory type that is no id', { inventoryType: 'life' }, 404, 'Inventory type not found.'],
    ['an unknown inventory type', { inventoryType: randomUUID() }, 404, 'Inventory type not found.'],
    ['an unknown organization (admin)', { organization: randomUUID() }, 404, 'Organization not found.'],
  ])('refuses %s', async (_case, change, status, error) => {
    await addCredits(orgA, lifeType, 1);
    const before = await creditCount(test.database, orgA, lifeType);
    const response = await invite({ name: 'Valid Name', email: email('bad'), ...change }, admin.headers);
    expect([response.statusCode, response.json()]).toEqual([status, { error }]);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await creditCount(test.database, orgA, lifeType)).toBe(before);
  });

  it('refuses another organization’s customer as if the organization did not exist, and a client and an anonymous caller', async () => {
    await addCredits(orgA, lifeType, 1);
    const before = await creditCount(test.database, orgA, lifeType);
    const address = email('stolen');
    const answers = await Promise.all([
      invite({ name: 'Stolen', email: address }, customerB.headers),
      invite({ name: 'Stolen', email: address, organization: randomUUID() }, customerB.headers),
      invite({ name: 'Stolen', email: address }, clientA.headers),
      invite({ name: 'Stolen', email: address }, {}),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json().error])).toEqual([
      [404, 'Organization not found.'],
      [404, 'Organization not found.'],
      [403, 'Access denied. You do not have permission to view this page.'],
      [401, 'Failed to retrieve JWT token. User is not authenticated.'],
    ]);
    expect(await creditCount(test.database, orgA, lifeType)).toBe(before);
    expect(await userByEmail(address)).toEqual([]);
    expect(await mailsTo(test.config, address)).toEqual([]);
  });
});

describe('POST /api/resend', () => {
  async function invited() {
    await addCredits(orgA, lifeType, 1);
    const address = email('resend');
    const { reportId } = (await invite({ name: 'Rita Resend', email: address })).json();
    return { address, reportId: reportId as string };
  }

  it('mails the invitation again as a reminder, and records it', async () => {
    const { address, reportId } = await invited();
    const response = await resend(reportId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'sent', reportId });
    const mails = await mailsTo(test.config, address);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Organization A invited you to Life Record',
      'Reminder: Organization A invited you to Life Record',
    ]);
    expect(await invitationsOf(reportId)).toHaveLength(2);
    expect((await resend(reportId, admin.headers)).statusCode).toBe(200);
  });

  it('answers another organization’s customer exactly as for a record that does not exist', async () => {
    const { address, reportId } = await invited();
    const theirs = await resend(reportId, customerB.headers);
    const nobodys = await resend(randomUUID(), customerB.headers);
    expect([theirs.statusCode, theirs.json()]).toEqual([404, { error: 'Record not found.' }]);
    expect([nobodys.statusCode, nobodys.json()]).toEqual([theirs.statusCode, theirs.json()]);
    expect(await mailsTo(test.config, address)).toHaveLength(1);
  });

  it.each([
    ['no reportId', undefined, 400, 'Missing record ID.'],
    ['an empty reportId', '', 400, 'Missing record ID.'],
    ['a reportId that is no id', 'abc', 404, 'Record not found.'],
  ])('refuses %s', async (_case, reportId, status, error) => {
    const response = await resend(reportId);
    expect([response.statusCode, response.json()]).toEqual([status, { error }]);
  });

  it('has no invitation to re-send for an unassigned credit', async () => {
    const credit = await createTestRecord(test.database.db, {
      inventoryTypeId: lifeType,
      organizationId: orgA,
      clientId: null,
    });
    expect((await resend(credit)).json()).toEqual({ error: 'Record not found.' });
  });

  it('refuses the invited person themselves and an anonymous caller', async () => {
    const owner = await createTestUser(test.database.db, test.config, {
      roles: ['client'],
      organizationId: orgA,
    });
    const record = await createTestRecord(test.database.db, {
      inventoryTypeId: lifeType,
      organizationId: orgA,
      clientId: owner.id,
    });
    expect((await resend(record, owner.headers)).statusCode).toBe(403);
    expect((await resend(record, {})).statusCode).toBe(401);
  });

  it('sends at most five invitation mails per record an hour', async () => {
    const { address, reportId } = await invited();
    const codes = [];
    for (let n = 0; n < 5; n++) codes.push((await resend(reportId)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429]);
    expect((await resend(reportId)).json()).toEqual({
      error: 'This invitation was already sent 5 times in the last hour. Please try again later.',
    });
    expect(await mailsTo(test.config, address)).toHaveLength(5);
  });
});

describe('when the mail server cannot be reached', () => {
  it('keeps the assignment, says so, and lets Re-Send try again', async () => {
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const db = broken.database.db;
      const org = await createTestOrganization(db);
      const type = await createTestInventoryType(db);
      const customer = await createTestUser(db, broken.config, { roles: ['customer'], organizationId: org });
      await createTestRecord(db, { inventoryTypeId: type, organizationId: org, clientId: null });
      const address = email('unmailed');
      const response = await broken.app.inject({
        method: 'POST',
        url: '/api/invite',
        headers: customer.headers,
        payload: { name: 'Una Mailed', email: address, organization: org, inventoryType: type },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: `The record was assigned to ${address}, but the invitation could not be mailed. Please use Re-Send Invite to try again.`,
      });
      const [assigned] = await queryRows<{ id: string }>(
        db,
        sql`select r.id from life_records r join users u on u.id = r.client where u.email = ${address}`,
      );
      expect(assigned).toBeDefined();
      const again = await broken.app.inject({
        method: 'POST',
        url: '/api/resend',
        headers: customer.headers,
        payload: { reportId: assigned?.id },
      });
      expect([again.statusCode, again.json()]).toEqual([
        502,
        { error: 'The invitation could not be mailed. Please try again later.' },
      ]);
      const [count] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from invitations`,
      );
      expect(count?.count).toBe(0);
    } finally {
      await broken.close();
    }
  });
});

describe('an invitation never reveals or changes another organization’s person (issue 14 §10)', () => {
  const ORGANIZATION_RECORDS = `query ($id: ID!) { organizationRecords(organizationId: $id) { id user { name email } } }`;
  async function nameSeenBy(headers: Record<string, string>, reportId: string) {
    const response = await graphql<{
      organizationRecords: { id: string; user: { name: string | null } | null }[];
    }>(test.app, ORGANIZATION_RECORDS, { id: orgA }, headers);
    return response.data?.organizationRecords.find((record) => record.id === reportId)?.user?.name;
  }

  it('shows the inviter the name they gave, not the registered name of a person of another organization', async () => {
    await addCredits(orgA, lifeType, 1);
    const response = await invite({ name: 'Name Given By A', email: customerB.email });
    expect(response.statusCode).toBe(200);
    const { reportId } = response.json();
    expect(await nameSeenBy(customerA.headers, reportId)).toBe('Name Given By A');
    expect(JSON.stringify(response.json())).not.toContain('Customer B');
    expect((await userByEmail(customerB.email))[0]?.organization_id).toBe(orgB);
    // Admins see who it really is.
    expect(await nameSeenBy(admin.headers, reportId)).toBe(customerB.name);
  });

  it('never moves an admin into the inviting organization', async () => {
    await addCredits(orgA, lifeType, 1);
    const response = await invite({ name: 'Someone', email: admin.email });
    expect(response.statusCode).toBe(200);
    const [row] = await userByEmail(admin.email);
    expect(row?.organization_id).toBeNull();
    expect(row?.roles).toContain('admin');
    expect(await nameSeenBy(customerA.headers, response.json().reportId)).toBe('Someone');
  });

  it('still lets a registered person without an organization join it', async () => {
    await addCredits(orgA, lifeType, 1);
    const loner = await createTestUser(test.database.db, test.config, { name: 'Registered Name' });
    const response = await invite({ name: 'Typed Name', email: loner.email });
    expect((await userByEmail(loner.email))[0]?.organization_id).toBe(orgA);
    // Now one of the organization's own: its customers see the name they registered with.
    expect(await nameSeenBy(customerA.headers, response.json().reportId)).toBe('Registered Name');
  });
});
