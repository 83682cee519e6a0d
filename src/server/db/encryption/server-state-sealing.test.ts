import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadOrCreateSecret, readSecret } from '../../modules/identity/server-secrets.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { queryRows } from '../database.ts';
import { toKeyEncryptionKey } from './key-encryption-keys.ts';
import { newDataKey } from './sealed-value.ts';
import { replaceClearServerSecrets, rewrapServerState } from './server-state-sealing.ts';

// Issue 38 §1 (decision 140): server secrets sealed under the KEK, secrets of before replaced.
describe('server secrets sealed with the key-encryption key', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('stores a secret sealed (no clear value), and reads it back', async () => {
    const value = await loadOrCreateSecret(test.database.db, 'test-secret', () => ({ k: 'shh-38' }));
    expect(value).toEqual({ k: 'shh-38' });
    const [row] = await queryRows<{ value: unknown; text: string }>(
      test.database.db,
      sql`select value, encode(sealed, 'escape') as text from server_secrets where name = 'test-secret'`,
    );
    expect(row?.value).toBeNull();
    expect(row?.text).not.toContain('shh-38');
    expect(await readSecret(test.database.db, 'test-secret')).toEqual({ k: 'shh-38' });
  });

  it('reports a secret copied onto another name as altered, never as another value', async () => {
    await loadOrCreateSecret(test.database.db, 'other-secret', () => 'other');
    await test.database.db.execute(
      sql`update server_secrets set sealed = (select sealed from server_secrets where name = 'test-secret')
          where name = 'other-secret'`,
    );
    await expect(readSecret(test.database.db, 'other-secret')).rejects.toThrow(/was altered/);
    await test.database.db.execute(sql`delete from server_secrets where name = 'other-secret'`);
  });

  it('replaces secrets stored in the clear before sealing (a backup holds them) and purges them', async () => {
    await test.database.db.execute(
      sql`insert into server_secrets (name, value) values ('legacy-secret', ${JSON.stringify({ d: 'old' })}::jsonb)`,
    );
    const lines: string[] = [];
    expect(await replaceClearServerSecrets(test.database, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain('legacy-secret');
    expect(await readSecret(test.database.db, 'legacy-secret')).toBeUndefined();
    expect(await loadOrCreateSecret(test.database.db, 'legacy-secret', () => 'new')).toBe('new');
    expect(await replaceClearServerSecrets(test.database)).toBe(0);
  });

  it('re-seals under a new key-encryption key, the old one still given as previous', async () => {
    const vault = test.database.vault;
    const old = vault.keyring;
    const next = toKeyEncryptionKey(newDataKey());
    vault.replaceKeyring({ current: next, previous: [old.current, ...old.previous] });
    try {
      expect(await rewrapServerState(test.database.db, vault.keyring)).toBeGreaterThanOrEqual(2);
      expect(await rewrapServerState(test.database.db, vault.keyring)).toBe(0);
      vault.replaceKeyring({ current: next, previous: [] });
      expect(await readSecret(test.database.db, 'test-secret')).toEqual({ k: 'shh-38' });
    } finally {
      vault.replaceKeyring({ current: next, previous: [old.current] });
    }
  });
});
