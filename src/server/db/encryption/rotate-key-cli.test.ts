import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { runCliProcess } from '../../test-support/cli-process.ts';
import { type SeededServer, startSeededServer } from '../../test-support/seeded-server.ts';
import { TEST_DATA_ENCRYPTION_KEY, usingPostgres } from '../../test-support/test-database.ts';
import { createTestOrganization, createTestUser, type TestUser } from '../../test-support/test-users.ts';

// Issue 30 §5: `npm run cli -- rotate-key` against a running server (embedded: through its control
// socket, so the running server's own keys change; PostgreSQL: the CLI on the database directly,
// with the new key configured and the old one as DATA_ENCRYPTION_KEY_PREVIOUS).

interface Seeded {
  owner: TestUser;
  recordId: string;
}

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
      data: { story: 'before the rotation' },
    });
    return { owner, recordId };
  });
}, 120_000);
afterAll(() => target?.stop());

async function readStory(): Promise<unknown> {
  const response = await fetch(`${target.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.seeded.owner.headers },
    body: JSON.stringify({
      query: 'query R($id: ID!) { record(id: $id) { data } }',
      variables: { id: target.seeded.recordId },
    }),
  });
  const body = (await response.json()) as { data?: { record: { data: { story?: string } } } };
  return body.data?.record.data.story;
}

describe('rotate-key (issue 30 §5)', () => {
  it.skipIf(usingPostgres())(
    're-wraps through the running embedded server; its answers still open',
    async () => {
      const keyFile = path.join(target.dataDir, 'keys', 'data-encryption-key');
      const before = fs.readFileSync(keyFile, 'utf8');
      const result = await runCliProcess(['rotate-key'], { DATA_DIR: target.dataDir });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(
        /Re-wrapped 1 data keys; every key is now under key-encryption key \w+ \(was \w+\)/,
      );
      expect(fs.readFileSync(keyFile, 'utf8')).not.toBe(before);
      expect(fs.existsSync(`${keyFile}.next`)).toBe(false);
      // Issue 38 §1: the signing and cookie keys are re-sealed too, and still sign and verify.
      expect(Number(/Re-sealed (\d+) server secrets/.exec(result.stdout)?.[1])).toBeGreaterThanOrEqual(1);
      expect(await readStory()).toBe('before the rotation');
    },
    60_000,
  );

  it.skipIf(!usingPostgres())(
    're-wraps under the configured new key, the old one given as previous',
    async () => {
      const newKey = Buffer.alloc(32, 11).toString('base64');
      const env = {
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        DATA_ENCRYPTION_KEY: newKey,
        DATA_ENCRYPTION_KEY_PREVIOUS: TEST_DATA_ENCRYPTION_KEY,
      };
      const first = await runCliProcess(['rotate-key'], env);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('Re-wrapped 1 data keys');
      // Resumable and idempotent: a second run finds nothing left under the old key.
      const second = await runCliProcess(['rotate-key'], env);
      expect(second.stdout).toContain('Re-wrapped 0 data keys');
      // Issue 38 §1: the server's secrets were re-sealed by the first run, so none is left.
      expect(Number(/Re-sealed (\d+) server secrets/.exec(first.stdout)?.[1])).toBeGreaterThanOrEqual(1);
      expect(second.stdout).toContain('Re-sealed 0 server secrets');
      // The old key alone no longer opens it: the running server (old key) says so for that record.
      const response = await fetch(`${target.server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...target.seeded.owner.headers },
        body: JSON.stringify({
          query: 'query R($id: ID!) { record(id: $id) { data } }',
          variables: { id: target.seeded.recordId },
        }),
      });
      const body = (await response.json()) as { errors?: { message: string }[]; error?: string };
      // Issue 38 §1: its own signing keys are re-sealed too, so it may not even verify the token.
      expect(body.errors?.[0]?.message ?? body.error).toMatch(
        /key-encryption key this server does not have|sign-in token could not be verified/,
      );
    },
    60_000,
  );
});
