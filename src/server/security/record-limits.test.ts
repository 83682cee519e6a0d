import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ANSWER_LIMIT_MESSAGES, MAX_ANSWER_LENGTH, MAX_RECORD_KEYS } from '#domain/answer-limits.ts';
import { INPUT_LIMIT_MESSAGES } from '#domain/input-limits.ts';
import { RESPONSE_TOO_LARGE_MESSAGE } from '../graphql/response-budget.ts';
import { createTestRecord } from '../test-support/api-fixtures.ts';
import { graphql } from '../test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from '../test-support/set-up-test-app.ts';

// Issue 14 §1 and §8: what an answer and a record may hold is checked before any SQL, a record stays
// within its caps on every write and reads back whole, and no request can make the server build an
// answer of unbounded size.

const { test, f } = setUpTestAppWithFixtures();

const SAVE = `mutation Save($input: SaveRecordAnswersInput!) {
  saveRecordAnswers(input: $input) { id version conflictingKeys }
}`;
const READ = 'query Read($id: ID!) { record(id: $id) { version data } }';

async function newRecord(data: Record<string, unknown> = {}) {
  return createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
    data,
  });
}

async function save(id: string, answers: Record<string, unknown>, baseVersion = 1) {
  return graphql<{ saveRecordAnswers: { version: number } }>(
    test.app,
    SAVE,
    { input: { id, baseVersion, answers } },
    f.users.owner.headers,
  );
}

async function read(id: string) {
  const response = await graphql<{ record: { version: number; data: Record<string, unknown> } }>(
    test.app,
    READ,
    { id },
    f.users.owner.headers,
  );
  return response.data?.record;
}

describe('answers that cannot be stored (issue 14 §8)', () => {
  it.each([
    ['a NUL character', 'before\u0000after'],
    ['an unpaired surrogate', 'broken \uD83D pair'],
    ['a lone low surrogate', 'broken \uDE00 pair'],
  ])('%s is refused as bad input with a clear message, and nothing is written', async (_case, text) => {
    const id = await newRecord({ name: 'Ada' });
    const response = await save(id, { childhood: text });
    expect(response.status).toBe(400);
    expect(response.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // Issue 25 §7: refused at the edge, before the service, with the message every input gets.
    expect(response.errors?.[0]?.message).toBe(INPUT_LIMIT_MESSAGES.unstorableText);
    expect(await read(id)).toMatchObject({ version: 1, data: { name: 'Ada' } });
  });

  it('an answer over the length limit is refused with the limit in the message', async () => {
    const id = await newRecord();
    const response = await save(id, { story: 'x'.repeat(MAX_ANSWER_LENGTH + 1) });
    expect(response.errors?.[0]?.message).toBe(ANSWER_LIMIT_MESSAGES.tooLong);
  });

  it('a pair of surrogates (an emoji) is kept as typed', async () => {
    const id = await newRecord();
    expect((await save(id, { mood: 'happy 😀' })).errors).toBeUndefined();
    expect((await read(id))?.data.mood).toBe('happy 😀');
  });
});

describe("a record's caps (issue 14 §1)", () => {
  it('refuses a save that would take a record past its key limit, and says so', async () => {
    const full = Object.fromEntries(Array.from({ length: MAX_RECORD_KEYS - 1 }, (_, i) => [`k${i}`, 'x']));
    const id = await newRecord(full);
    expect((await save(id, { one: 'more' })).errors).toBeUndefined();
    const refused = await save(id, { two: 'more', three: 'more' }, 2);
    expect(refused.errors?.[0]?.message).toBe(ANSWER_LIMIT_MESSAGES.tooManyKeys);
    const record = await read(id);
    expect(record?.version).toBe(2);
    expect(Object.keys(record?.data ?? {}).length).toBe(MAX_RECORD_KEYS);
  });

  it('reads a record with more keys than one save may carry back whole (it read as empty)', async () => {
    const many = Object.fromEntries(Array.from({ length: 5_200 }, (_, i) => [`k${i}`, 'x']));
    const id = await newRecord({});
    // Written past the save path, sealed as the server stores answers (issue 30).
    const sealed = await test.database.vault.seal(id, 'answers', JSON.stringify(many));
    await test.database.db.execute(
      sql`update life_records set data = ${sealed}::bytea where id = ${id}::uuid`,
    );
    expect(Object.keys((await read(id))?.data ?? {}).length).toBe(5_200);
  });

  it('refuses to build an answer of unbounded size: 400 aliases of a large record', async () => {
    const big = { story: 'y'.repeat(19_000) };
    const data = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`s${i}`, big.story]));
    const id = await newRecord(data); // about 950 KB of answers
    const aliases = (count: number) =>
      Array.from({ length: count }, (_, i) => `r${i}: record(id: "${id}") { data }`).join(' ');
    const before = process.memoryUsage().heapUsed;
    // Issue 25: 400 aliases are refused before anything runs …
    const refused = await graphql(test.app, `{ ${aliases(400)} }`, {}, f.users.owner.headers);
    expect(refused.status).toBe(400);
    expect(refused.errors?.map((error) => error.extensions?.code)).toContain('QUERY_TOO_MANY_ALIASES');
    // … and the 20 allowed (19 MB of answers) meet the response budget.
    const response = await graphql(test.app, `{ ${aliases(20)} }`, {}, f.users.owner.headers);
    const grownMiB = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    expect(response.status).toBeLessThan(500);
    expect(response.errors?.some((error) => error.message === RESPONSE_TOO_LARGE_MESSAGE)).toBe(true);
    expect(JSON.stringify(response.body).length).toBeLessThan(40 * 1024 * 1024);
    expect(grownMiB).toBeLessThan(150);
  });
});
