import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERASED_ACCOUNT_MESSAGE } from '#domain/erased-account.ts';
import { queryRows } from '../db/database.ts';
import { serviceDeps } from '../kernel/service-deps.ts';
import { type ErasureDeps, erasePerson } from '../modules/erasure/erasure-service.ts';
import { erasedSubjectOutcome } from '../modules/identity/viewer.ts';
import { createTestInventoryType, createTestRecord } from '../test-support/api-fixtures.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { signTestIdToken } from '../test-support/test-tokens.ts';
import { createTestOrganization, createTestUser } from '../test-support/test-users.ts';

// Issue 38 §2 (decision 141): token claims trusted no further than they must be.

const test = setUpTestApp();

const me = (token: string) =>
  test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('auth_time', () => {
  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['a string', () => String(now() - 60), 'The sign-in token is invalid (auth_time).'],
    ['a string of long ago', () => '1', 'The sign-in token is invalid (auth_time).'],
    ['an object', () => ({ at: now() }), 'The sign-in token is invalid (auth_time).'],
    ['null', () => null, 'The sign-in token is invalid (auth_time).'],
    ['an hour ahead', () => now() + 3600, 'The sign-in token says the sign-in happened in the future.'],
    ['two minutes ahead', () => now() + 120, 'The sign-in token says the sign-in happened in the future.'],
  ])('refuses a token whose auth_time is %s (401)', async (_label, authTime, message) => {
    const user = await createTestUser(test.database.db, test.config);
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: user.federatedId,
      email: user.email,
      extra: { auth_time: authTime() as never },
    });
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(message);
  });

  it('accepts a number within the clock skew, and no auth_time at all (outside issuers)', async () => {
    const user = await createTestUser(test.database.db, test.config);
    for (const extra of [{ auth_time: now() + 30 }, { auth_time: now() - 60 }, {}]) {
      const token = await signTestIdToken(test.database.db, test.config, {
        sub: user.federatedId,
        email: user.email,
        extra,
      });
      expect((await me(token)).statusCode).toBe(200);
    }
  });

  it('still ends a sign-in older than the absolute lifetime', async () => {
    const user = await createTestUser(test.database.db, test.config);
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: user.federatedId,
      email: user.email,
      extra: { auth_time: now() - 13 * 3600 },
    });
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('an erased subject', () => {
  it.each([
    // erasedAt, authTime, embedded → outcome
    [1000, 2000, true, 'refuse'],
    [1000, null, true, 'refuse'],
    [null, 2000, false, 'refuse'],
    [1000, 500, false, 'refuse'],
    [1000, 1000, false, 'refuse'],
    [1000, null, false, 'refuse'],
    [1000, 2000, false, 'release'],
  ] as const)('erased at %s, signed in at %s, embedded %s: %s', (erasedAt, authTime, embedded, outcome) => {
    expect(erasedSubjectOutcome(erasedAt, { authTime }, embedded)).toBe(outcome);
  });

  const deps = (overrides: Partial<ErasureDeps> = {}): ErasureDeps => ({
    ...serviceDeps(test.app),
    dataKeys: test.database.vault,
    mailer: test.app.mailer,
    site: { productName: 'Life Record', homeUrl: test.config.publicUrl },
    log: test.app.log,
    embeddedSignIn: true,
    ...overrides,
  });

  it('is refused with any token issued after the erasure, and no new user is created', async () => {
    const person = await createTestUser(test.database.db, test.config, { roles: ['client'] });
    await erasePerson(deps(), person.id);
    const later = await signTestIdToken(test.database.db, test.config, {
      sub: person.federatedId,
      email: `fresh-${person.email}`,
      name: 'Someone Anew',
      extra: { iat: Math.floor(Date.now() / 1000) + 2, auth_time: Math.floor(Date.now() / 1000) + 2 },
    });
    const response = await me(later);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe(ERASED_ACCOUNT_MESSAGE);
    const rows = await queryRows<{ n: number }>(
      test.database.db,
      sql`select count(*)::int as n from users where federated_id = ${person.federatedId} or email = ${`fresh-${person.email}`}`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('has the person’s tokens refused before the erasure’s first step runs', async () => {
    const organizationId = await createTestOrganization(test.database.db);
    const person = await createTestUser(test.database.db, test.config, { roles: ['client'], organizationId });
    const recordId = await createTestRecord(test.database.db, {
      inventoryTypeId: await createTestInventoryType(test.database.db),
      organizationId,
      clientId: person.id,
    });
    expect((await me(person.token)).statusCode).toBe(200);
    const seen: { status: number; recordMarked: boolean }[] = [];
    const base = serviceDeps(test.app);
    await erasePerson(
      deps({
        invalidateUser: async (userId) => {
          await base.invalidateUser(userId);
          if (seen.length > 0) return;
          const [row] = await queryRows<{ erased_at: string | null }>(
            test.database.db,
            sql`select erased_at from life_records where id = ${recordId}::uuid`,
          );
          seen.push({ status: (await me(person.token)).statusCode, recordMarked: row?.erased_at != null });
        },
      }),
      person.id,
    );
    expect(seen[0]).toEqual({ status: 401, recordMarked: false });
  });
});
