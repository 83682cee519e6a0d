import { expect, it } from 'vitest';
import { graphql } from '../../test-support/graphql-client.ts';
import { setUpTestAppWithFixtures } from '../../test-support/set-up-test-app.ts';

// customer-app §7 call 11, made cheap (issue 31 §6.2): the poll names the version the screen holds;
// an unchanged record is answered from the one read a poll always made, and sends no answers.

const { test, f } = setUpTestAppWithFixtures();

const POLL = `query Poll($id: ID!, $known: Int!) {
  recordSince(id: $id, knownVersion: $known) { version record { id version data submitted updatedAt } }
}`;
interface Poll {
  recordSince: { version: number; record: { version: number; data: Record<string, unknown> } | null } | null;
}
const poll = (known: number, headers = f.users.owner.headers) =>
  graphql<Poll>(test.app, POLL, { id: f.ownedRecordId, known }, headers);

/** The names of the statements `work` sends to the database. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const ran: string[] = [];
  const database = test.app.database;
  const original = database.prepared.bind(database);
  database.prepared = (statement) => {
    ran.push(statement.name);
    return original(statement);
  };
  try {
    await work();
  } finally {
    database.prepared = original;
  }
  return ran;
}

it('answers an unchanged record with its version only, from one read, sending no answers', async () => {
  const first = await poll(0);
  const version = first.data?.recordSince?.version ?? -1;
  expect(first.data?.recordSince?.record?.version).toBe(version);

  let unchanged: Awaited<ReturnType<typeof poll>> | undefined;
  const ran = await statementsOf(async () => {
    unchanged = await poll(version);
  });
  expect(unchanged?.data).toEqual({ recordSince: { version, record: null } });
  expect(ran).toEqual(['record-by-id']);
});

it('opens no answers for a poll of an unchanged record (issue 39 §3)', async () => {
  const { data } = await poll(0);
  const version = data?.recordSince?.version ?? -1;
  const opened: string[] = [];
  const vault = test.app.database.vault;
  const open = vault.open.bind(vault);
  vault.open = (recordId, purpose, sealed) => {
    opened.push(`${recordId} ${purpose}`);
    return open(recordId, purpose, sealed);
  };
  try {
    const unchanged = await poll(version);
    expect(unchanged.data?.recordSince?.record).toBeNull();
    expect(opened).toEqual([]);
    // The same poll of a version the record is past opens its answers (and narrative) once.
    await poll(version - 1);
    expect(opened.filter((open) => open.endsWith(' answers'))).toEqual([`${f.ownedRecordId} answers`]);
  } finally {
    vault.open = open;
  }
});

it('sends the record once it changed since the known version', async () => {
  const { data } = await poll(0);
  const version = data?.recordSince?.version ?? -1;
  const saved = await graphql(
    test.app,
    'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
    { i: { id: f.ownedRecordId, baseVersion: version, answers: { polled: 'from another device' } } },
    f.users.owner.headers,
  );
  expect(saved.errors).toBeUndefined();
  const changed = await poll(version);
  expect(changed.data?.recordSince?.version).toBe(version + 1);
  expect(changed.data?.recordSince?.record?.data.polled).toBe('from another device');
});

it('answers a record one may not see as not found, known version or not', async () => {
  const stranger = await poll(1_000_000, f.users.customerB.headers);
  expect(stranger.errors?.[0]?.message).toBe('Record not found.');
  expect(stranger.data?.recordSince ?? null).toBeNull();
});
