import { describe, expect, it } from 'vitest';
import { toKeyEncryptionKey } from './key-encryption-keys.ts';
import { type KeyStore, openKeyStore } from './key-store.ts';
import { createRecordVault, KEY_TTL_MS } from './record-vault.ts';
import { newDataKey } from './sealed-value.ts';

/** The key store, counting its reads: a cached key costs none. */
function countingReads(store: KeyStore) {
  const counted = {
    ...store,
    reads: 0,
    get: (ids: readonly string[]) => {
      counted.reads++;
      return store.get(ids);
    },
  };
  return counted;
}

// Issue 40 §2: an unwrapped data key is cached while its record is in use, and no longer.
describe('the data-key cache', () => {
  it('keeps a key KEY_TTL_MS after its last use, then asks the key store again', async () => {
    const store = await openKeyStore({ kind: 'memory' });
    const counted = countingReads(store);
    let now = 1_000;
    const vault = createRecordVault(
      counted,
      { current: toKeyEncryptionKey(newDataKey()), previous: [] },
      10,
      () => now,
    );
    const id = '00000000-0000-4000-8000-000000000009';
    const sealed = await vault.seal(id, 'answers', '{"a":1}');
    const afterSeal = counted.reads;
    now += KEY_TTL_MS - 1;
    expect(await vault.open(id, 'answers', sealed)).toBe('{"a":1}');
    expect(counted.reads).toBe(afterSeal);
    now += KEY_TTL_MS - 1; // a use renews the time
    expect(await vault.open(id, 'answers', sealed)).toBe('{"a":1}');
    expect(counted.reads).toBe(afterSeal);
    now += KEY_TTL_MS;
    expect(await vault.open(id, 'answers', sealed)).toBe('{"a":1}');
    expect(counted.reads).toBe(afterSeal + 1);
    await vault.close();
  });

  it('holds at most its size, least recently used out first', async () => {
    const store = await openKeyStore({ kind: 'memory' });
    const counted = countingReads(store);
    const vault = createRecordVault(counted, { current: toKeyEncryptionKey(newDataKey()), previous: [] }, 2);
    const ids = ['1', '2', '3'].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    const sealed = await Promise.all(ids.map((id) => vault.seal(id, 'answers', id)));
    const afterSeal = counted.reads;
    await vault.open(ids[2] as string, 'answers', sealed[2] as Uint8Array);
    expect(counted.reads).toBe(afterSeal);
    await vault.open(ids[0] as string, 'answers', sealed[0] as Uint8Array);
    expect(counted.reads).toBe(afterSeal + 1);
    await vault.close();
  });
});
