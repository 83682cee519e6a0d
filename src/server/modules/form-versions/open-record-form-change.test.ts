import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { draftOriginsForm } from '../../test-support/origins-form.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 26 §3: a record migrated to another form version while its owner has it open. A save typed
// against the old form is never written (no answer lands under a key no question shows); the save
// says which form the record has now, and the record says how the keys moved, so the screen maps
// its answers and sends them again. On PGlite, or PostgreSQL with TEST_DATABASE_URL.

let test: TestApp;
let admin: TestUser;
let person: TestUser;
let organizationId: string;
let typeId: string;

beforeAll(async () => {
  test = await createTestApp();
  const db = test.database.db;
  admin = await createTestUser(db, test.config, { roles: ['admin'], name: 'Ann Admin' });
  organizationId = await createTestOrganization(db, 'Open Records Org');
  person = await createTestUser(db, test.config, { roles: ['client'], name: 'Tia Typing', organizationId });
  typeId = await createTestInventoryType(db, 'Origins');
  const draft = await draftOriginsForm(test.app, admin, typeId, 'cityOfBirth');
  expect(draft.errors).toBeUndefined();
});
afterAll(() => test.close());

const ask = <T>(query: string, variables: Record<string, unknown> = {}, as: TestUser = admin) =>
  graphql<T>(test.app, query, variables, as.headers);

interface Save {
  saveRecordAnswers: {
    version: number;
    conflictingKeys: string[];
    formVersion: number;
    data: Record<string, unknown>;
  };
}
const save = (id: string, baseVersion: number, answers: Record<string, unknown>) =>
  ask<Save>(
    `mutation($input: SaveRecordAnswersInput!) {
       saveRecordAnswers(input: $input) { version conflictingKeys formVersion data }
     }`,
    { input: { id, baseVersion, answers } },
    person,
  );
interface Step {
  version: number;
  fromFormVersion: number;
  moves: { from: string; to: string | null }[];
}
const formChanges = async (id: string, sinceVersion: number) =>
  (
    await ask<{ record: { formChanges: Step[] } }>(
      `query($id: ID!, $since: Int) {
         record(id: $id) { formChanges(sinceVersion: $since) { version fromFormVersion moves { from to } } }
       }`,
      { id, since: sinceVersion },
      person,
    )
  ).data?.record.formChanges;

async function migrate(from: number, to: number, mapping: Record<string, string | null>) {
  const result = await ask<{ migrateRecordsMapped: { batchId: string; migrated: number } }>(
    'mutation($input: RecordMigrationInput!) { migrateRecordsMapped(input: $input) { batchId migrated } }',
    {
      input: {
        sourceTypeId: typeId,
        sourceVersion: from,
        targetTypeId: typeId,
        targetVersion: to,
        mapping: Object.entries(mapping).map(([key, target]) => ({ from: key, to: target })),
        includeSubmitted: false,
      },
    },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.migrateRecordsMapped.batchId ?? '';
}

describe('a record migrated while it is open (issue 26 §3)', () => {
  let recordId: string;
  let typedAgainst: number;

  it('refuses every answer of a save typed against the form before the migration, and says the new form', async () => {
    recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: {},
    });
    const first = await save(recordId, 1, { name: 'Ada', cityOfBirth: 'Lis' });
    expect(first.data?.saveRecordAnswers).toMatchObject({ conflictingKeys: [], formVersion: 1 });
    typedAgainst = first.data?.saveRecordAnswers.version ?? 0;

    const updated = await draftOriginsForm(test.app, admin, typeId, 'birthCity');
    expect(updated.errors).toBeUndefined();
    const published = await ask<{ publishFormVersion: { number: number } }>(
      'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }',
      { id: typeId },
    );
    expect(published.data?.publishFormVersion.number).toBe(2);
    await migrate(1, 2, { name: 'name', cityOfBirth: 'birthCity' });

    // The screen, still on v1, sends what was typed since, against its version.
    const stale = await save(recordId, typedAgainst, { cityOfBirth: 'Lisbon', name: 'Ada L' });
    expect(stale.errors).toBeUndefined();
    expect(stale.data?.saveRecordAnswers.formVersion).toBe(2);
    expect([...(stale.data?.saveRecordAnswers.conflictingKeys ?? [])].sort()).toEqual([
      'cityOfBirth',
      'name',
    ]);
    expect(stale.data?.saveRecordAnswers.data).toEqual({ name: 'Ada', birthCity: 'Lis' });
  });

  it('tells how the keys moved since the screen’s version, and takes the mapped answers from the new version', async () => {
    expect(await formChanges(recordId, typedAgainst)).toEqual([
      {
        version: typedAgainst + 1,
        fromFormVersion: 1,
        moves: [
          { from: 'name', to: 'name' },
          { from: 'cityOfBirth', to: 'birthCity' },
        ],
      },
    ]);
    const current = await save(recordId, typedAgainst, {});
    const version = current.data?.saveRecordAnswers.version ?? 0;
    expect(await formChanges(recordId, version)).toEqual([]);
    const mapped = await save(recordId, version, { birthCity: 'Lisbon', name: 'Ada L' });
    expect(mapped.data?.saveRecordAnswers).toMatchObject({
      conflictingKeys: [],
      data: { name: 'Ada L', birthCity: 'Lisbon' },
    });
  });

  it('refuses a submit typed against the old form, saying why', async () => {
    const submitted = await ask(
      'mutation($input: SubmitRecordInput!) { submitRecord(input: $input) { submitted } }',
      { input: { id: recordId, baseVersion: typedAgainst, answers: { cityOfBirth: 'Lisbon' } } },
      person,
    );
    expect(submitted.errors?.[0]?.message).toMatch(/moved to another form version/);
  });

  it('an undo moves the keys back for a screen that saw the migration', async () => {
    const other = await createTestRecord(test.database.db, {
      inventoryTypeId: typeId,
      organizationId,
      clientId: person.id,
      data: { name: 'Bo', birthCity: 'Porto' },
    });
    const { version } = (
      await ask<{ record: { version: number } }>('query($id: ID!) { record(id: $id) { version } }', {
        id: other,
      })
    ).data?.record ?? { version: 0 };
    const up = await ask<{ publishFormVersion: { number: number } }>(
      'mutation($id: ID!) { publishFormVersion(inventoryTypeId: $id) { number } }',
      { id: typeId },
    );
    // Nothing new to publish (v2 is the draft): migrate v2 → v1 and undo it.
    expect(up.errors?.[0]?.message).toMatch(/Nothing to publish/);
    const batch = await migrate(2, 1, { name: 'name', birthCity: 'cityOfBirth' });
    const migrated = version + 1;
    const undone = await ask('mutation($id: ID!) { undoRecordMigration(batchId: $id) { restored } }', {
      id: batch,
    });
    expect(undone.errors).toBeUndefined();
    const [undoStep, ...rest] = (await formChanges(other, migrated)) ?? [];
    expect(rest).toEqual([]);
    expect(undoStep).toMatchObject({ version: migrated + 1, fromFormVersion: 1 });
    expect(undoStep?.moves).toEqual(
      expect.arrayContaining([
        { from: 'cityOfBirth', to: 'birthCity' },
        { from: 'name', to: 'name' },
      ]),
    );
    expect(await formChanges(other, version)).toHaveLength(2);
    const stale = await save(other, migrated, { cityOfBirth: 'Braga' });
    expect(stale.data?.saveRecordAnswers).toMatchObject({ conflictingKeys: ['cityOfBirth'], formVersion: 2 });
    expect(stale.data?.saveRecordAnswers.data).not.toHaveProperty('cityOfBirth');
  });
});
