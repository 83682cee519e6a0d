import { beforeEach, describe, expect, it } from 'vitest';
import { storeSignedInUser, testConfig, userStorageKey } from '#web/test-support/fake-identity-provider.ts';
import { readStoredUser, userStorageKeyOf } from './stored-user.ts';

describe('readStoredUser', () => {
  beforeEach(() => sessionStorage.clear());

  it('uses the key oidc-client-ts stores the user under', () => {
    expect(userStorageKeyOf(testConfig)).toBe(userStorageKey);
  });

  it('reads the ID token and its claims of a signed-in tab', () => {
    const idToken = storeSignedInUser({ sub: 'person-1', email: 'ada@example.com' });
    const user = readStoredUser(sessionStorage, testConfig);
    expect(user?.id_token).toBe(idToken);
    expect(user?.profile.sub).toBe('person-1');
    expect(user?.profile.email).toBe('ada@example.com');
    expect(user?.expires_at).toBe(user?.profile.exp);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['no ID token', JSON.stringify({ profile: { sub: 'x' } })],
    ['no subject', JSON.stringify({ id_token: 'a.b.c', profile: {} })],
    ['null', 'null'],
  ])('is null for %s', (_case, stored) => {
    if (stored !== null) sessionStorage.setItem(userStorageKey, stored);
    expect(readStoredUser(sessionStorage, testConfig)).toBeNull();
  });
});
