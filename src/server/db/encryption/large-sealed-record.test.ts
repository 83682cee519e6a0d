import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 39 §3 (decision 155): a large record's answers, written in slices, seal, open and save into
// as before, and a byte changed in them is its record's clear error (decision 130), never garbage.

describe('a large record on the database (PGlite, or PostgreSQL with TEST_DATABASE_URL)', () => {
  let test: TestApp;
  let owner: TestUser;
  let recordId: string;
  const answers = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`big${i}`, 'x'.repeat(19_500)]));
  const read = () =>
    graphql<{ record: { data: Record<string, unknown> | null } }>(
      test.app,
      'query R($id: ID!) { record(id: $id) { id data } }',
      { id: recordId },
      owner.headers,
    );
  beforeAll(async () => {
    test = await createTestApp();
    const db = test.database.db;
    const organizationId = await createTestOrganization(db);
    owner = await createTestUser(db, test.config, { roles: ['client'], organizationId });
    recordId = await createTestRecord(db, {
      inventoryTypeId: await createTestInventoryType(db),
      organizationId,
      clientId: owner.id,
      data: {},
    });
  });
  afterAll(() => test?.close());

  it('saves, reads and saves into a record of over 200 KB', async () => {
    const saved = await graphql<{ saveRecordAnswers: { version: number } }>(
      test.app,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: recordId, baseVersion: 1, answers } },
      owner.headers,
    );
    expect(saved.errors).toBeUndefined();
    expect((await read()).data?.record.data).toMatchObject(answers);
    const again = await graphql(
      test.app,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: recordId, baseVersion: 2, answers: { small: 'one more' } } },
      owner.headers,
    );
    expect(again.errors).toBeUndefined();
    expect((await read()).data?.record.data).toMatchObject({ ...answers, small: 'one more' });
  });

  it('a byte changed in the middle of its stored answers is the clear error of that record', async () => {
    await test.database.db.execute(
      sql`update life_records set data = set_byte(data, 100000, (get_byte(data, 100000) + 1) % 256) where id = ${recordId}::uuid`,
    );
    const result = await read();
    expect(result.errors?.[0]?.message).toContain(
      `altered or belongs to another record (record ${recordId})`,
    );
    expect(result.errors?.[0]?.extensions?.code).toBe('RECORD_UNREADABLE');
    expect(JSON.stringify(result.body)).not.toContain('xxxxxxxxxx');
  });
});
