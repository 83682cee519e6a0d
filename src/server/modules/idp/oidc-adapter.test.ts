import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import {
  databaseAdapterFactory,
  deleteExpiredProviderState,
  deleteProviderStateOfAccount,
  storedProviderId,
} from './oidc-adapter.ts';

describe('oidc-provider adapter over oidc_payloads', () => {
  let test: TestDatabase;
  let adapterFor: ReturnType<typeof databaseAdapterFactory>;
  beforeAll(async () => {
    test = await createTestDatabase();
    adapterFor = databaseAdapterFactory(test.database.db);
  });
  afterAll(async () => test.drop());

  it('stores, replaces and finds a payload by id, per model', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1', exp: 1 }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a2' });
    expect(await adapterFor('Grant').find('s1')).toBeUndefined();
    expect(await sessions.find('missing')).toBeUndefined();
  });

  it('finds by user code and marks a payload consumed (with the time)', async () => {
    const codes = adapterFor('DeviceCode');
    await codes.upsert('d1', { userCode: 'ABCD-EFGH', grantId: 'g0' }, 60);
    expect(await codes.findByUserCode('ABCD-EFGH')).toMatchObject({ userCode: 'ABCD-EFGH' });
    const before = Math.floor(Date.now() / 1000) - 1;
    await codes.consume('d1');
    const consumed = (await codes.find('d1'))?.consumed as number;
    expect(consumed).toBeGreaterThanOrEqual(before);
    expect(consumed).toBeLessThanOrEqual(before + 5);
  });

  it('revokes every token of a grant in its model, and destroys one payload', async () => {
    const refresh = adapterFor('RefreshToken');
    const access = adapterFor('AccessToken');
    await refresh.upsert('r1', { grantId: 'g1' }, 60);
    await refresh.upsert('r2', { grantId: 'g1' }, 60);
    await refresh.upsert('r3', { grantId: 'g2' }, 60);
    await access.upsert('t1', { grantId: 'g1' }, 60);
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await refresh.find('r2')).toBeUndefined();
    expect(await refresh.find('r3')).toBeDefined();
    expect(await access.find('t1')).toBeDefined();
    await refresh.destroy('r3');
    expect(await refresh.find('r3')).toBeUndefined();
  });

  it('ignores expired payloads and deletes them in the clean-up; keeps payloads without expiry', async () => {
    const interactions = adapterFor('Interaction');
    await interactions.upsert('i1', { uid: 'i1' }, 60);
    await interactions.upsert('i2', { uid: 'i2' });
    await test.database.db.execute(
      sql`update oidc_payloads set expires_at = now() - interval '1 second' where id = ${storedProviderId('i1')}`,
    );
    expect(await interactions.find('i1')).toBeUndefined();
    expect(await interactions.find('i2')).toEqual({ uid: 'i2' });
    await deleteExpiredProviderState(test.database.db);
    const left = await queryRows<{ id: string }>(
      test.database.db,
      sql`select id from oidc_payloads where model = 'Interaction' order by id`,
    );
    expect(left.map((row) => row.id)).toEqual([storedProviderId('i2')]);
  });

  it('signs an account out everywhere by deleting its state, and only its state', async () => {
    await adapterFor('Session').upsert('mine', { uid: 'm', accountId: 'acc-1' }, 60);
    await adapterFor('Grant').upsert('g-mine', { accountId: 'acc-1' }, 60);
    await adapterFor('Interaction').upsert('int-mine', { session: { accountId: 'acc-1' } } as never, 60);
    await adapterFor('Session').upsert('theirs', { uid: 't', accountId: 'acc-2' }, 60);
    await deleteProviderStateOfAccount(test.database.db, 'acc-1');
    expect(await adapterFor('Session').find('mine')).toBeUndefined();
    expect(await adapterFor('Grant').find('g-mine')).toBeUndefined();
    expect(await adapterFor('Interaction').find('int-mine')).toBeUndefined();
    expect(await adapterFor('Session').find('theirs')).toBeDefined();
  });
});
