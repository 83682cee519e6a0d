import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormTemplate } from '#domain/form-template.ts';
import { createTestInventoryType, createTestRecord, TEST_FORM } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 12 (decision 100): records pinned to a published version; publish, mapped migration, undo.
// On PGlite, or PostgreSQL with TEST_DATABASE_URL.

const V2: FormTemplate = {
  formId: 'life',
  formTitle: 'Life',
  steps: [
    {
      stepTitle: 'About you',
      fields: [
        { id: 'fullName', label: 'Name', type: 'text', required: true },
        { id: 'town', label: 'Town', type: 'text' },
      ],
    },
  ],
};

let test: TestApp;
let admin: TestUser;
let person: TestUser;
let organizationId: string;
let typeId: string;

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'], name: 'Vera Admin' });
  organizationId = await createTestOrganization(db, 'Versions Org');
  person = await createTestUser(db, test.config, { roles: ['client'], name: 'Pia Person', organizationId });
  typeId = await createTestInventoryType(db, 'Versioned Type');
});
afterAll(() => test.close());

const ask = <T>(query: string, variables: Record<string, unknown> = {}, as: TestUser = admin) =>
  graphql<T>(test.app, query, variables, as.headers);

interface RecordForm {
  record: { formVersion: number; data: Record<string, unknown>; form: { template: FormTemplate | null } };
}
const readRecord = async (id: string) =>
  (
    await ask<RecordForm>('query($id: ID!) { record(id: $id) { formVersion data form { template } } }', {
      id,
    })
  ).data?.record;

const updateDraft = (form: FormTemplate) =>
  ask(
    'mutation($id: ID!, $input: InventoryTypeInput!) { updateInventoryType(id: $id, input: $input) { id } }',
    { id: typeId, input: { name: 'Versioned Type', description: 'd', form } },
  );
const publish = () =>
  ask<{ publishFormVersion: { number: number } }>(
    'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }',
    { id: typeId },
  );

const migrationInput = (overrides: Record<string, unknown> = {}) => ({
  sourceTypeId: typeId,
  sourceVersion: 1,
  targetTypeId: typeId,
  targetVersion: 2,
  mapping: [{ from: 'name', to: 'fullName' }],
  includeSubmitted: false,
  ...overrides,
});

describe('form versions', () => {
  let started: string;
  let submitted: string;

  it('pins a new record to version 1, published on first use', async () => {
    started = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: { name: 'Ada', currentStep: 0 },
    });
    submitted = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: { name: 'Sent' },
      submitted: true,
    });
    const record = await readRecord(started);
    expect(record?.formVersion).toBe(1);
    expect(record?.form.template).toEqual(TEST_FORM);
  });

  it('keeps a started record on version 1 while the draft changes and after version 2 is published', async () => {
    const credit = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: null,
      data: {},
    });
    expect((await updateDraft(V2)).errors).toBeUndefined();
    expect((await readRecord(started))?.form.template).toEqual(TEST_FORM);
    const versions = await ask<{ formVersions: { draftChanged: boolean } }>(
      'query($id: ID!) { formVersions(inventoryTypeId: $id) { draftChanged } }',
      { id: typeId },
    );
    expect(versions.data?.formVersions.draftChanged).toBe(true);

    expect((await publish()).data?.publishFormVersion.number).toBe(2);
    expect((await readRecord(started))?.form.template).toEqual(TEST_FORM);
    // Publishing the same draft twice is refused with a reason.
    expect((await publish()).errors?.[0]?.message).toBe(
      'Nothing to publish: the form is the same as version 2.',
    );

    // A new record, and an unanswered credit given to a person now, take version 2.
    const fresh = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: {},
    });
    expect((await readRecord(fresh))?.formVersion).toBe(2);
    // The credit bought before v2 is given out through the real invitation (admins: any organization).
    const invited = await test.app.inject({
      method: 'POST',
      url: '/api/invite',
      headers: admin.headers,
      payload: {
        name: 'Ivy Invited',
        email: 'ivy@versions.test',
        organization: organizationId,
        inventoryType: typeId,
      },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().reportId).toBe(credit);
    expect((await readRecord(credit))?.formVersion).toBe(2);
    expect((await readRecord(credit))?.form.template).toEqual(V2);
  });

  it('lists versions with who published them and how many records use each', async () => {
    const result = await ask<{
      formVersions: { versions: { number: number; publishedBy: string | null; recordCount: number }[] };
    }>(
      'query($id: ID!) { formVersions(inventoryTypeId: $id) { versions { number publishedBy recordCount } } }',
      {
        id: typeId,
      },
    );
    expect(result.data?.formVersions.versions).toEqual([
      { number: 2, publishedBy: 'Vera Admin', recordCount: 2 },
      { number: 1, publishedBy: null, recordCount: 2 },
    ]);
  });

  it('previews a mapped migration without writing, leaving submitted records out unless asked', async () => {
    const result = await ask<{
      previewRecordMigration: {
        records: number;
        submittedLeftOut: number;
        carried: { from: string; to: string; answers: number }[];
      };
    }>(
      'query($input: RecordMigrationInput!) { previewRecordMigration(input: $input) { records submittedLeftOut carried { from to answers } } }',
      { input: migrationInput() },
    );
    expect(result.data?.previewRecordMigration).toEqual({
      records: 1,
      submittedLeftOut: 1,
      carried: [{ from: 'name', to: 'fullName', answers: 1 }],
    });
    expect((await readRecord(started))?.formVersion).toBe(1);
  });

  it('migrates with the mapping, then undoes it; nothing is lost', async () => {
    const before = await readRecord(started);
    const migrated = await ask<{
      migrateRecordsMapped: { batchId: string; migrated: number; message: string };
    }>(
      'mutation($input: RecordMigrationInput!) { migrateRecordsMapped(input: $input) { batchId migrated message } }',
      { input: migrationInput() },
    );
    expect(migrated.data?.migrateRecordsMapped).toMatchObject({ migrated: 1, message: 'Migrated 1 record.' });
    const after = await readRecord(started);
    expect(after?.formVersion).toBe(2);
    expect(after?.data).toEqual({ fullName: 'Ada', currentStep: 0 });
    expect(after?.form.template).toEqual(V2);
    // The submitted record was not asked for, so it stays on version 1.
    expect((await readRecord(submitted))?.formVersion).toBe(1);

    const undone = await ask<{ undoRecordMigration: { restored: number; message: string } }>(
      'mutation($id: ID!) { undoRecordMigration(batchId: $id) { restored message } }',
      { id: migrated.data?.migrateRecordsMapped.batchId },
    );
    expect(undone.data?.undoRecordMigration).toEqual({ restored: 1, message: 'Undone: 1 record restored.' });
    const restored = await readRecord(started);
    expect(restored?.formVersion).toBe(1);
    expect(restored?.data).toEqual(before?.data);
  });

  it('moves submitted records only when told, and leaves records changed since on undo', async () => {
    const migrated = await ask<{ migrateRecordsMapped: { batchId: string; migrated: number } }>(
      'mutation($input: RecordMigrationInput!) { migrateRecordsMapped(input: $input) { batchId migrated } }',
      { input: migrationInput({ includeSubmitted: true }) },
    );
    expect(migrated.data?.migrateRecordsMapped.migrated).toBe(2);
    expect((await readRecord(submitted))?.data).toMatchObject({ fullName: 'Sent' });
    // The person types after the migration: the undo must not take that away.
    const { version } = (
      await ask<{ record: { version: number } }>('query($id: ID!) { record(id: $id) { version } }', {
        id: started,
      })
    ).data?.record ?? { version: 0 };
    const saved = await ask(
      'mutation($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: started, baseVersion: version, answers: { town: 'Leeds' } } },
      person,
    );
    expect(saved.errors).toBeUndefined();
    const undone = await ask<{ undoRecordMigration: { restored: number; changedSince: number } }>(
      'mutation($id: ID!) { undoRecordMigration(batchId: $id) { restored changedSince } }',
      { id: migrated.data?.migrateRecordsMapped.batchId },
    );
    expect(undone.data?.undoRecordMigration).toEqual({ restored: 1, changedSince: 1 });
    expect((await readRecord(started))?.data).toMatchObject({ fullName: 'Ada', town: 'Leeds' });
    expect((await readRecord(submitted))?.formVersion).toBe(1);
  });

  it("keeps answers no question asks any more in the person's data export", async () => {
    const kept = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: { fullName: 'Bea', pet: 'Rex', 'colour@v1': 'Green' },
    });
    const response = await test.app.inject({ method: 'GET', url: '/api/my-data', headers: person.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('life-record-my-data.json');
    const exported = response.json() as {
      records: { id: string; formVersion: number; answers: unknown[]; answersNoLongerAsked: unknown }[];
    };
    expect(exported.records.find((record) => record.id === kept)).toMatchObject({
      formVersion: 2,
      answers: [{ key: 'fullName', question: 'Name', section: 'About you', answer: 'Bea' }],
      answersNoLongerAsked: { pet: 'Rex', 'colour@v1': 'Green' },
    });
    // Only the caller's own records: the admin owns none of these.
    const adminCopy = await test.app.inject({ method: 'GET', url: '/api/my-data', headers: admin.headers });
    expect((adminCopy.json() as { records: unknown[] }).records).toEqual([]);
    expect((await test.app.inject({ method: 'GET', url: '/api/my-data' })).statusCode).toBe(401);
  });

  it('refuses a mapping to a key the target does not have, and everyone but admins', async () => {
    const bad = await ask(
      'query($input: RecordMigrationInput!) { previewRecordMigration(input: $input) { records } }',
      { input: migrationInput({ mapping: [{ from: 'name', to: 'nope' }] }) },
    );
    expect(bad.errors?.[0]?.message).toBe('"nope" is not an answer of the target form.');
    const refused = await ask(
      'mutation($input: RecordMigrationInput!) { migrateRecordsMapped(input: $input) { migrated } }',
      { input: migrationInput() },
      person,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
