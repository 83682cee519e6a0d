import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 10: the Records tab is searched, sorted and paged by the database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL), with admin-app §5's rules.

let test: TestApp;
let admin: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'], name: 'Zed Admin' });
  const organizationId = await createTestOrganization(db, 'Page Org');
  const typeA = await createTestInventoryType(db, 'Alpha Type');
  const typeB = await createTestInventoryType(db, 'Beta Type');
  const people = ['Ada Lovelace', 'grace hopper', 'Alan Turing', '100% Sure_Name'];
  for (const [index, name] of people.entries()) {
    const person = await createTestUser(db, test.config, { roles: ['client'], name, organizationId });
    ids[name] = await createTestRecord(db, {
      inventoryTypeId: index % 2 ? typeB : typeA,
      organizationId,
      clientId: person.id,
      data: { answer: `of ${name}` },
    });
  }
  // A person whose name is blank counts as unassigned (admin-app §5: "rows without a user name").
  const nameless = await createTestUser(db, test.config, { roles: ['client'], name: '  ', organizationId });
  await createTestRecord(db, { inventoryTypeId: typeA, organizationId, clientId: nameless.id });
  for (let i = 0; i < 3; i++)
    await createTestRecord(db, { inventoryTypeId: typeA, organizationId, clientId: null });
});
afterAll(() => test.close());

interface Page {
  recordsPage: {
    records: { id: string; user: { name: string } | null; data?: unknown }[];
    totalCount: number;
    page: number;
    pageCount: number;
  };
}

const page = (input: Record<string, unknown>, fields = 'id user { name }', as = admin) =>
  graphql<Page>(
    test.app,
    `query($input: RecordsPageInput!) { recordsPage(input: $input) { records { ${fields} } totalCount page pageCount } }`,
    { input },
    as.headers,
  );
const names = (result: Awaited<ReturnType<typeof page>>) =>
  result.data?.recordsPage.records.map((record) => record.user?.name ?? null) ?? [];

describe('recordsPage', () => {
  it('hides records without a user unless asked (admin-app §5), newest first by default', async () => {
    const hidden = await page({});
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data?.recordsPage.totalCount).toBe(4);
    expect(names(hidden)).toEqual(['100% Sure_Name', 'Alan Turing', 'grace hopper', 'Ada Lovelace']);
    const shown = await page({ showUnassigned: true });
    expect(shown.data?.recordsPage.totalCount).toBe(8);
  });

  it('searches a case-insensitive part of the user name, with % and _ taken literally', async () => {
    expect(names(await page({ search: 'AL', showUnassigned: true })).sort()).toEqual(['Alan Turing']);
    expect(names(await page({ search: 'a' })).sort()).toEqual([
      '100% Sure_Name',
      'Ada Lovelace',
      'Alan Turing',
      'grace hopper',
    ]);
    expect(names(await page({ search: '%' }))).toEqual(['100% Sure_Name']);
    expect(names(await page({ search: 'e_N' }))).toEqual(['100% Sure_Name']);
    expect(names(await page({ search: 'nobody' }))).toEqual([]);
  });

  it('sorts by a column in either direction, without case, missing names last', async () => {
    const ascending = names(await page({ sort: 'CLIENT', direction: 'ASCENDING', showUnassigned: true }));
    expect(ascending.slice(0, 4)).toEqual(['100% Sure_Name', 'Ada Lovelace', 'Alan Turing', 'grace hopper']);
    expect(ascending.slice(4).sort()).toEqual(['  ', null, null, null]);
    const descending = await page({ sort: 'CLIENT', direction: 'DESCENDING' });
    expect(names(descending)).toEqual(['grace hopper', 'Alan Turing', 'Ada Lovelace', '100% Sure_Name']);
    const byType = await page({ sort: 'TYPE', direction: 'DESCENDING' });
    expect(names(byType)?.slice(0, 2).sort()).toEqual(['100% Sure_Name', 'grace hopper']);
  });

  it('pages, keeps a page past the end on the last page, and caps the page size', async () => {
    const second = await page({ showUnassigned: true, sort: 'CLIENT', pageSize: 3, page: 2 });
    expect(second.data?.recordsPage).toMatchObject({ totalCount: 8, page: 2, pageCount: 3 });
    expect(names(second)[0]).toBe('grace hopper');
    const beyond = await page({ showUnassigned: true, pageSize: 3, page: 99 });
    expect(beyond.data?.recordsPage).toMatchObject({ page: 3, pageCount: 3 });
    expect(beyond.data?.recordsPage.records).toHaveLength(2);
    const capped = await page({ showUnassigned: true, pageSize: 100_000 });
    expect(capped.data?.recordsPage.records).toHaveLength(8);
  });

  it('reads the answers only when they are asked for', async () => {
    const withData = await page({ search: 'ada' }, 'id user { name } data');
    expect(withData.data?.recordsPage.records[0]?.data).toEqual({ answer: 'of Ada Lovelace' });
  });

  it('refuses everyone but admins and bad input with clear messages', async () => {
    const customer = await createTestUser(test.database.db, test.config, { roles: ['customer'] });
    expect((await page({}, 'id', customer)).errors?.[0]?.message).toBe('Access denied. Admins only.');
    const long = await page({ search: 'x'.repeat(201) });
    expect(long.errors?.[0]).toMatchObject({
      message: 'The search may hold at most 200 characters.',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const badSort = await page({ sort: 'DATA' });
    expect(badSort.status).toBe(400);
  });
});
