import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Answers, mergeAnswers, type VersionedAnswers } from '#domain/record-answers.ts';
import { queryRows } from '../../db/database.ts';
import { createTestRecord } from '../../test-support/api-fixtures.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from '../../test-support/set-up-test-app.ts';

// DESIGN §7 against the real server: saves merge changed answers into the stored ones in one
// statement, and a stale write never removes a newer answer.

const { test, f } = setUpTestAppWithFixtures();

const SAVE = `mutation Save($input: SaveRecordAnswersInput!) {
  saveRecordAnswers(input: $input) { id data updatedAt version conflictingKeys }
}`;
const SUBMIT = `mutation Submit($input: SubmitRecordInput!) {
  submitRecord(input: $input) { id data submitted version }
}`;
const READ = 'query Read($id: ID!) { record(id: $id) { id data version submitted updatedAt } }';

interface Saved {
  id: string;
  data: Answers;
  updatedAt: string;
  version: number;
  conflictingKeys: string[];
}

async function save(
  recordId: string,
  baseVersion: number,
  answers: unknown,
  headers = f.users.owner.headers,
) {
  return graphql<{ saveRecordAnswers: Saved }>(
    test.app,
    SAVE,
    { input: { id: recordId, baseVersion, answers } },
    headers,
  );
}
async function read(recordId: string) {
  const response = await graphql<{
    record: { data: Answers; version: number; submitted: boolean; updatedAt: string };
  }>(test.app, READ, { id: recordId }, f.users.owner.headers);
  if (!response.data) throw new Error(JSON.stringify(response.errors));
  return response.data.record;
}
const freshRecord = (data: Answers = { steps: [], currentStep: 0 }) =>
  createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
    data,
  });

describe('saveRecordAnswers', () => {
  it('returns id, data, updatedAt and the next version (customer-app §7 call 7)', async () => {
    const id = await freshRecord({ steps: [{ stepTitle: 'One', fields: [] }], currentStep: 0 });
    const before = await read(id);
    const response = await save(id, before.version, { name: 'Ada', currentStep: 1 });
    expect(response.errors).toBeUndefined();
    const saved = response.data?.saveRecordAnswers;
    expect(saved).toMatchObject({
      id,
      version: before.version + 1,
      conflictingKeys: [],
      data: { steps: [{ stepTitle: 'One', fields: [] }], currentStep: 1, name: 'Ada' },
    });
    expect(Date.parse(saved?.updatedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect(await read(id)).toMatchObject({ version: before.version + 1, data: saved?.data });
  });

  it('stores the answers just the same when the caller does not ask for the data back', async () => {
    const id = await freshRecord();
    const lean = await graphql<{ saveRecordAnswers: { version: number; conflictingKeys: string[] } }>(
      test.app,
      'mutation($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version conflictingKeys } }',
      { input: { id, baseVersion: 1, answers: { lean: 'yes' } } },
      f.users.owner.headers,
    );
    expect(lean.data?.saveRecordAnswers).toEqual({ version: 2, conflictingKeys: [] });
    expect((await read(id)).data).toMatchObject({ lean: 'yes' });
  });

  it.each([
    ['an object', { name: 'Ada' }],
    ['a JSON string', JSON.stringify({ name: 'Ada' })],
    ['a double-encoded JSON string', JSON.stringify(JSON.stringify({ name: 'Ada' }))],
  ])('stores answers sent as %s as a JSON object', async (_label, answers) => {
    const id = await freshRecord();
    await save(id, 1, answers);
    // the stored value itself, not what the API makes of it: sealed (issue 30), and once opened a
    // JSON object, never a JSON string
    const [row] = await queryRows<{ data: Uint8Array }>(
      test.database.db,
      sql`select data from life_records where id = ${id}`,
    );
    const stored = JSON.parse(await test.database.vault.open(id, 'answers', row?.data as Uint8Array));
    expect(Buffer.from(row?.data as Uint8Array).includes('Ada')).toBe(false);
    expect(stored).toMatchObject({ name: 'Ada' });
  });

  it('keeps both answers when two clients save different questions from the same version', async () => {
    const id = await freshRecord();
    const { version } = await read(id);
    const [phone, laptop] = await Promise.all([
      save(id, version, { a: 'from phone' }),
      save(id, version, { b: 'from laptop' }),
    ]);
    expect(phone.errors).toBeUndefined();
    expect(laptop.errors).toBeUndefined();
    const stored = await read(id);
    expect(stored.data).toMatchObject({ a: 'from phone', b: 'from laptop' });
    expect(stored.version).toBe(version + 2);
  });

  it('never lets a stale write remove or replace a newer answer, and says which key it kept', async () => {
    const id = await freshRecord();
    const newer = await save(id, 1, { story: 'the newer text, typed later' });
    expect(newer.data?.saveRecordAnswers.version).toBe(2);
    // A write that started from version 1 arrives late: its other answers count, its story does not.
    const stale = await save(id, 1, { story: 'older text', hobby: 'chess' });
    expect(stale.data?.saveRecordAnswers).toMatchObject({
      version: 3,
      conflictingKeys: ['story'],
      data: { story: 'the newer text, typed later', hobby: 'chess' },
    });
    // Informed of the conflict, the sender re-sends from the version it now knows: that wins.
    const informed = await save(id, 3, { story: 'mine after all' });
    expect(informed.data?.saveRecordAnswers.data.story).toBe('mine after all');
  });

  it('saves, merges and conflict-checks a declined answer like any other (issue 28 §3)', async () => {
    const id = await freshRecord();
    const declined = await save(id, 1, { abuse: { declined: true } });
    expect(declined.data?.saveRecordAnswers).toMatchObject({
      version: 2,
      data: { abuse: { declined: true } },
    });
    // Another device, still at version 1, answers it: the decline is newer and stays.
    const stale = await save(id, 1, { abuse: 'typed on the phone', other: 'kept' });
    expect(stale.data?.saveRecordAnswers).toMatchObject({
      conflictingKeys: ['abuse'],
      data: { abuse: { declined: true }, other: 'kept' },
    });
    // Answering from the current version undoes the decline.
    const answered = await save(id, 3, { abuse: 'in my own words' });
    expect(answered.data?.saveRecordAnswers.data.abuse).toBe('in my own words');
  });

  it('refuses a base version from the future without writing anything', async () => {
    const id = await freshRecord();
    const response = await save(id, 7, { a: 'x' });
    expect(response.errors?.[0]).toMatchObject({
      message: "baseVersion 7 is ahead of the record's version 1; reload the record.",
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect(await read(id)).toMatchObject({ version: 1, data: { steps: [], currentStep: 0 } });
  });

  it('refuses saves after submission with a clear error and changes nothing', async () => {
    const id = await freshRecord();
    const submitted = await graphql<{ submitRecord: { submitted: boolean; data: Answers; version: number } }>(
      test.app,
      SUBMIT,
      { input: { id, baseVersion: 1, answers: JSON.stringify({ final: 'answer' }) } },
      f.users.owner.headers,
    );
    expect(submitted.data?.submitRecord).toMatchObject({
      submitted: true,
      data: { final: 'answer' },
      version: 2,
    });
    const refused = await save(id, 2, { final: 'changed' });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This record has been submitted and can no longer be changed.',
      extensions: { code: 'CONFLICT' },
    });
    const again = await graphql(test.app, SUBMIT, { input: { id } }, f.users.owner.headers);
    expect(again.errors?.[0]?.message).toBe('This record has been submitted and can no longer be changed.');
    expect(await read(id)).toMatchObject({ version: 2, submitted: true, data: { final: 'answer' } });
  });

  it('answers other people’s and unknown ids exactly alike: not found, nothing written', async () => {
    const unknown = await save('7d2a64a0-5f3b-4b1e-9d55-2f1f2f1f2f1f', 1, { a: 'x' });
    const others = await save(f.otherRecordId, 1, { a: 'x' });
    const malformed = await save('not-an-id', 1, { a: 'x' });
    for (const response of [unknown, others, malformed]) {
      expect(response.errors?.[0]).toMatchObject({
        message: 'Record not found.',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const other = await graphql<{ record: { data: Answers; version: number } }>(
      test.app,
      READ,
      { id: f.otherRecordId },
      f.users.admin.headers,
    );
    expect(other.data?.record.version).toBe(1);
    expect(other.data?.record.data).not.toHaveProperty('a');
  });

  it.each([
    ['text that is not JSON', '{not json', 'The answers are not valid JSON.'],
    ['a list', ['a', 'b'], 'The answers must be a JSON object of answers keyed by field id.'],
    ['a number', 5, 'The answers must be a JSON object of answers keyed by field id.'],
  ])('refuses answers given as %s, writing nothing', async (_label, answers, message) => {
    const id = await freshRecord();
    const response = await save(id, 1, answers);
    expect(response.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await read(id)).toMatchObject({ version: 1, data: { steps: [], currentStep: 0 } });
  });
});

it('refuses null answers by the schema (answers: JSON!), writing nothing', async () => {
  const id = await freshRecord();
  const response = await save(id, 1, null);
  expect(response.errors?.[0]?.message).toMatch(/input\.answers.*not to be null/);
  expect(await read(id)).toMatchObject({ version: 1 });
});

describe('the merge in the database follows the domain rule', () => {
  // Random sequences of saves from clients holding random older versions, applied through the real
  // server, compared with mergeAnswers (src/domain/record-answers.ts) after every save.
  it('property: stored answers, version and conflicts equal the model after every save', async () => {
    const key = fc.constantFrom('a', 'b', 'c', 'currentStep');
    const saveArbitrary = fc.record({
      changes: fc.dictionary(key, fc.oneof(fc.string({ maxLength: 3 }), fc.integer()), { maxKeys: 3 }),
      lag: fc.nat({ max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(saveArbitrary, { minLength: 1, maxLength: 8 }), async (saves) => {
        const id = await freshRecord({});
        let model: VersionedAnswers = { data: {}, keyVersions: {}, version: 1 };
        for (const { changes, lag } of saves) {
          const base = Math.max(1, model.version - lag);
          const expected = mergeAnswers(model, changes, base);
          if (!expected.ok) throw new Error(expected.error);
          const response = await save(id, base, changes);
          const saved = response.data?.saveRecordAnswers;
          expect(saved?.version).toBe(expected.stored.version);
          expect(saved?.data).toEqual(expected.stored.data);
          expect([...(saved?.conflictingKeys ?? [])].sort()).toEqual([...expected.conflictingKeys].sort());
          model = expected.stored;
        }
      }),
      { numRuns: 15 },
    );
  });
});

describe('the flattened map of table cells (issue 13)', () => {
  it('merges the cells each device sends, even when one device re-sends after a conflict', async () => {
    const id = await freshRecord();
    const first = await save(id, 1, { t__0__name: 'Ann', flattened: { t__0__name: 'Ann' } });
    expect(first.data?.saveRecordAnswers.version).toBe(2);
    // The other device saw version 1 only: its flattened map lacks Ann's row.
    const stale = await save(id, 1, { t__1__name: 'Ben', flattened: { t__1__name: 'Ben' } });
    expect(stale.data?.saveRecordAnswers.conflictingKeys).toEqual(['flattened']);
    const resent = await save(id, stale.data?.saveRecordAnswers.version ?? 0, {
      flattened: { t__1__name: 'Ben' },
    });
    expect(resent.data?.saveRecordAnswers.conflictingKeys).toEqual([]);
    expect((await read(id)).data).toMatchObject({
      t__0__name: 'Ann',
      t__1__name: 'Ben',
      flattened: { t__0__name: 'Ann', t__1__name: 'Ben' },
    });
  });
});
