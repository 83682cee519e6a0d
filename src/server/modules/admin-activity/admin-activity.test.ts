import { beforeAll, describe, expect, it } from 'vitest';
import { purchases, supportMessages } from '../../db/schema.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 10: the console lists purchases and contact-form messages, newest first, admins only.

const test = setUpTestApp();
let admin: TestUser;
beforeAll(async () => {
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'] });
  const organizationId = await createTestOrganization(db, 'Buyer Org');
  await db.insert(purchases).values([
    {
      provider: 'sandbox',
      providerRef: 'sb_1',
      organizationId,
      credits: 1,
      amount: '49.00',
      createdAt: new Date('2026-01-01'),
    },
    {
      provider: 'stripe',
      providerRef: 'cs_2',
      organizationId,
      credits: 5,
      amount: '199.00',
      createdAt: new Date('2026-02-01'),
    },
  ]);
  await db.insert(supportMessages).values([
    {
      name: 'Vera',
      email: 'vera@example.com',
      message: 'First',
      type: 'contact_form',
      createdAt: new Date('2026-01-01'),
    },
    {
      name: 'Walt',
      email: 'walt@example.com',
      message: 'Second',
      type: 'contact_form',
      createdAt: new Date('2026-03-01'),
    },
  ]);
});

describe('purchases and supportMessages', () => {
  it('list the newest first, with the organization, and take a limit', async () => {
    const result = await graphql<{
      purchases: { providerRef: string; credits: number; amount: string; organization: { name: string } }[];
      supportMessages: { name: string; message: string }[];
    }>(
      test.app,
      '{ purchases { providerRef credits amount organization { name } } supportMessages(limit: 1) { name message } }',
      {},
      admin.headers,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.purchases).toEqual([
      { providerRef: 'cs_2', credits: 5, amount: '199.00', organization: { name: 'Buyer Org' } },
      { providerRef: 'sb_1', credits: 1, amount: '49.00', organization: { name: 'Buyer Org' } },
    ]);
    expect(result.data?.supportMessages).toEqual([{ name: 'Walt', message: 'Second' }]);
  });

  it('are refused to a customer', async () => {
    const customer = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    const result = await graphql(test.app, '{ supportMessages { email } }', {}, customer.headers);
    expect(result.errors?.[0]?.message).toBe('Access denied. Admins only.');
  });
});
