import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { type SeededServer, startSeededServer } from '../../test-support/seeded-server.ts';
import { usingPostgres } from '../../test-support/test-database.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 30 "Done when": an answer typed through the real server (a real process, a GraphQL save
// over HTTP, as the record screen sends it) leaves no trace in any file under DATA_DIR (database
// files and write-ahead log included), nor in a pg_dump of the PostgreSQL database; read back
// through the server it is the answer typed.

interface Seeded {
  owner: TestUser;
  recordId: string;
}

const ANSWER = `My grandmother's kitchen in Tralee smelled of turf smoke ${Date.now()}`;
const NARRATIVE_MARK = 'QuietlyUniqueNarrative';

let target: SeededServer<Seeded>;
beforeAll(async () => {
  target = await startSeededServer(async (db, config) => {
    const organizationId = await createTestOrganization(db);
    const inventoryTypeId = await createTestInventoryType(db);
    const owner = await createTestUser(db, config, { roles: ['client'], organizationId });
    const recordId = await createTestRecord(db, {
      inventoryTypeId,
      organizationId,
      clientId: owner.id,
      report: `${NARRATIVE_MARK} about the kitchen`,
    });
    return { owner, recordId };
  });
}, 120_000);
afterAll(async () => {
  await target?.stop();
});

async function post(user: TestUser, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${target.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...user.headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: {
      saveRecordAnswers: { data?: Record<string, unknown> };
      record: { data: Record<string, unknown> };
    };
    errors?: { message: string }[];
  };
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

function filesHolding(dir: string, text: string): string[] {
  const needle = Buffer.from(text, 'utf8');
  return filesUnder(dir).filter((file) => fs.readFileSync(file).includes(needle));
}

describe('an answer typed through the real server (issue 30)', () => {
  it('reads back as typed, and is found in no file of the data directory nor in pg_dump', async () => {
    const { owner, recordId } = target.seeded;
    const saved = await post(
      owner,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version } }',
      { input: { id: recordId, baseVersion: 1, answers: { story: ANSWER } } },
    );
    expect(saved.errors).toBeUndefined();
    // A second save merges into the first (issue 30 §2: the merge now runs in the server).
    const second = await post(
      owner,
      'mutation S($input: SaveRecordAnswersInput!) { saveRecordAnswers(input: $input) { version data } }',
      { input: { id: recordId, baseVersion: 2, answers: { place: 'Tralee' } } },
    );
    expect(second.data?.saveRecordAnswers.data).toMatchObject({ story: ANSWER, place: 'Tralee' });
    const read = await post(owner, 'query R($id: ID!) { record(id: $id) { data } }', { id: recordId });
    expect(read.errors).toBeUndefined();
    expect(read.data?.record.data.story).toBe(ANSWER);

    // As someone holding the disk would read it: the server stopped, every file, byte for byte.
    await target.server.stop();
    const dataDir = dataDirOf(target);
    const files = filesUnder(dataDir);
    // The scan does read the database: the owner's e-mail address is stored in the clear.
    if (!usingPostgres()) {
      expect(files.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      expect(filesHolding(dataDir, owner.email).length).toBeGreaterThan(0);
    }
    expect(filesHolding(dataDir, ANSWER)).toEqual([]);
    expect(filesHolding(dataDir, 'grandmother')).toEqual([]);
    expect(filesHolding(dataDir, NARRATIVE_MARK)).toEqual([]);
    // The key file and the key store live apart from the database files (DATA_DIR/keys).
    if (!usingPostgres()) {
      const keyFile = path.join(dataDir, 'keys', 'data-encryption-key');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.dirname(keyFile)).mode & 0o777).toBe(0o700);
    }

    if (usingPostgres()) {
      const dump = execFileSync('pg_dump', ['--no-owner', databaseUrlOf(target)], {
        maxBuffer: 256 * 1024 * 1024,
      });
      expect(dump.includes(Buffer.from(owner.email))).toBe(true);
      expect(dump.includes(Buffer.from(ANSWER))).toBe(false);
      expect(dump.includes(Buffer.from('grandmother'))).toBe(false);
      expect(dump.includes(Buffer.from(NARRATIVE_MARK))).toBe(false);
    }
  }, 120_000);
});

function dataDirOf(server: SeededServer<Seeded>): string {
  return server.dataDir;
}

function databaseUrlOf(server: SeededServer<Seeded>): string {
  if (!server.databaseUrl) throw new Error('not on PostgreSQL');
  return server.databaseUrl;
}
