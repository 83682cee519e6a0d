import { beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 10: the Users tab is searched, sorted and paged by the database, roles included.

const test = setUpTestApp();
let admin: TestUser;
beforeAll(async () => {
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'], name: 'Zoe Admin' });
  const zebra = await createTestOrganization(db, 'Zebra Trust');
  const apple = await createTestOrganization(db, 'Apple Group');
  await createTestUser(db, test.config, {
    roles: ['client', 'user'],
    name: 'amy_pond',
    organizationId: zebra,
  });
  await createTestUser(db, test.config, { roles: ['customer'], name: 'Bob Stone', organizationId: apple });
  await createTestUser(db, test.config, { roles: [], name: 'Amelia 100%', organizationId: null });
});

interface Page {
  usersPage: {
    users: { name: string; organization: { name: string } | null; roles: { name: string }[] }[];
    totalCount: number;
    page: number;
    pageCount: number;
    allRoles: { name: string }[];
  };
}
const page = (input: Record<string, unknown>, as = admin) =>
  graphql<Page>(
    test.app,
    `query($input: UsersPageInput!) { usersPage(input: $input) {
      users { name organization { name } roles { name } } totalCount page pageCount allRoles { name } } }`,
    { input },
    as.headers,
  );
const names = (result: Awaited<ReturnType<typeof page>>) =>
  result.data?.usersPage.users.map((u) => u.name) ?? [];

describe('usersPage', () => {
  it('lists by name with roles and organization, and every role for Add Role', async () => {
    const all = await page({});
    expect(all.errors).toBeUndefined();
    expect(names(all)).toEqual(['Amelia 100%', 'amy_pond', 'Bob Stone', 'Zoe Admin']);
    expect(all.data?.usersPage.users[1]).toEqual({
      name: 'amy_pond',
      organization: { name: 'Zebra Trust' },
      roles: [{ name: 'client' }, { name: 'user' }],
    });
    expect(all.data?.usersPage.allRoles.map((r) => r.name)).toEqual(['admin', 'client', 'customer', 'user']);
  });

  it('searches a part of the name without case, wildcards taken literally', async () => {
    expect(names(await page({ search: 'AM' }))).toEqual(['Amelia 100%', 'amy_pond']);
    expect(names(await page({ search: '_' }))).toEqual(['amy_pond']);
    expect(names(await page({ search: '%' }))).toEqual(['Amelia 100%']);
  });

  it('sorts by organization (none last) and pages', async () => {
    expect(names(await page({ sort: 'ORGANIZATION', direction: 'ASCENDING' })).slice(0, 2)).toEqual([
      'Bob Stone',
      'amy_pond',
    ]);
    const second = await page({ pageSize: 3, page: 2 });
    expect(second.data?.usersPage).toMatchObject({ totalCount: 4, page: 2, pageCount: 2 });
    expect(names(second)).toEqual(['Zoe Admin']);
  });

  it('is refused to anyone but an admin', async () => {
    const customer = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    expect((await page({}, customer)).errors?.[0]?.message).toBe('Access denied. Admins only.');
  });
});
