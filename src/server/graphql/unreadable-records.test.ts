import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../test-support/api-fixtures.ts';
import { graphql } from '../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../test-support/test-users.ts';

// Issue 38 §4 (decision 143): one record whose key is gone or whose value was altered shows as
// unreadable, named, in every list, and every other record reads as usual.

let test: TestApp;
let admin: TestUser;
let manager: TestUser;
let organizationId: string;
const ids: { destroyed: string; tampered: string; fine: string } = { destroyed: '', tampered: '', fine: '' };

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  organizationId = await createTestOrganization(db);
  const inventoryTypeId = await createTestInventoryType(db, 'Unreadable type');
  admin = await createTestUser(db, test.config, { roles: ['admin'] });
  manager = await createTestUser(db, test.config, { roles: ['customer'], organizationId });
  for (const key of ['destroyed', 'tampered', 'fine'] as const) {
    const owner = await createTestUser(db, test.config, { roles: ['client'], organizationId });
    ids[key] = await createTestRecord(db, {
      inventoryTypeId,
      organizationId,
      clientId: owner.id,
      data: { story: `the ${key} one` },
    });
  }
  await test.database.vault.destroyDataKeys([ids.destroyed]);
  await db.execute(
    sql`update life_records set data = set_byte(data, 40, (get_byte(data, 40) + 1) % 256) where id = ${ids.tampered}::uuid`,
  );
});
afterAll(async () => test.close());

type Row = { id: string; data: { story?: string } | null; unreadable: string | null; form: unknown };
const FIELDS = 'id data unreadable form { problem }';

function expectEachRecordOnItsOwn(
  rows: Row[] | undefined,
  errors: { message: string; path?: unknown[] }[] = [],
) {
  const byId = new Map((rows ?? []).map((row) => [row.id, row]));
  expect(byId.get(ids.fine)).toMatchObject({ data: { story: 'the fine one' }, unreadable: null });
  expect(byId.get(ids.destroyed)).toMatchObject({ data: null });
  expect(byId.get(ids.destroyed)?.unreadable).toContain(`its data key was destroyed`);
  expect(byId.get(ids.destroyed)?.unreadable).toContain(`(record ${ids.destroyed})`);
  expect(byId.get(ids.tampered)).toMatchObject({ data: null });
  expect(byId.get(ids.tampered)?.unreadable).toContain(
    `altered or belongs to another record (record ${ids.tampered})`,
  );
  // Each unreadable one's form is still given (the version's form), so the list is whole.
  expect(byId.get(ids.destroyed)?.form).toBeTruthy();
  // The errors name the records, at their own `data` field only.
  expect(errors.map((error) => error.path?.at(-1))).toEqual(['data', 'data']);
  expect(errors.map((error) => error.message).join('\n')).toContain(ids.destroyed);
}

describe('lists with an unreadable record (issue 38 §4)', () => {
  it('the admin Records tab (recordsPage)', async () => {
    const result = await graphql<{ recordsPage: { records: Row[] } }>(
      test.app,
      `query { recordsPage(input: { showUnassigned: true, pageSize: 100 }) { records { ${FIELDS} } } }`,
      {},
      admin.headers,
    );
    expect(result.data?.recordsPage.records.length).toBeGreaterThanOrEqual(3);
    expectEachRecordOnItsOwn(result.data?.recordsPage.records, result.errors);
  });

  it('the admin list of every record (records)', async () => {
    const result = await graphql<{ records: Row[] }>(
      test.app,
      `query { records { ${FIELDS} } }`,
      {},
      admin.headers,
    );
    expectEachRecordOnItsOwn(result.data?.records, result.errors);
  });

  it('the organization’s list in Account (organizationRecords)', async () => {
    const result = await graphql<{ organizationRecords: Row[] }>(
      test.app,
      `query O($id: ID!) { organizationRecords(organizationId: $id) { ${FIELDS} } }`,
      { id: organizationId },
      manager.headers,
    );
    expect(result.data?.organizationRecords).toHaveLength(3);
    expectEachRecordOnItsOwn(result.data?.organizationRecords, result.errors);
  });

  it('the record read alone names itself, and a list asking only for `unreadable` has no error', async () => {
    const one = await graphql<{ record: Row }>(
      test.app,
      'query R($id: ID!) { record(id: $id) { id data unreadable } }',
      { id: ids.destroyed },
      admin.headers,
    );
    expect(one.data?.record).toMatchObject({ id: ids.destroyed, data: null });
    expect(one.errors?.[0]?.extensions?.code).toBe('RECORD_UNREADABLE');
    const quiet = await graphql<{ records: Row[] }>(
      test.app,
      'query { records { id unreadable } }',
      {},
      admin.headers,
    );
    expect(quiet.errors).toBeUndefined();
    expect(
      quiet.data?.records
        .filter((row) => row.unreadable)
        .map((row) => row.id)
        .sort(),
    ).toEqual([ids.destroyed, ids.tampered].sort());
  });
});
