import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../modules/identity/account-repository.ts';
import { issueLinkToken } from '../modules/idp/account-link-tokens.ts';
import { RESET_PATH } from '../modules/idp/account-service.ts';
import { SIGNED_OUT_MESSAGE } from '../plugins/viewer-cache.ts';
import { socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { signTestIdToken } from '../test-support/test-tokens.ts';

// Issue 14 §3: an ID token stopped working only when it expired, up to an hour after a logout or a
// password reset. Now every token issued before either is refused at once, open sockets close.

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ listen: true });
});
afterAll(() => test.close());

/** A token of `sub`, issued `ageSeconds` ago. */
const tokenOf = (sub: string, ageSeconds: number) =>
  signTestIdToken(test.database.db, test.config, {
    sub,
    email: `${sub}@example.test`,
    extra: { iat: Math.floor(Date.now() / 1000) - ageSeconds },
  });
const me = (token: string) =>
  test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });

describe('logout', () => {
  it('ends every token issued before it, and only those', async () => {
    const earlier = await tokenOf('logout-person', 30);
    expect((await me(earlier)).statusCode).toBe(200);
    const logout = await test.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${earlier}` },
    });
    expect(logout.statusCode).toBe(204);
    const after = await me(earlier);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(SIGNED_OUT_MESSAGE);
    // Signing in again gives a new token, which works.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await me(await tokenOf('logout-person', 0))).statusCode).toBe(200);
  });

  it('closes the person’s open live connection with the reason', async () => {
    const token = await tokenOf('socket-person', 30);
    const socket = new TestSocket(socketUrl(test.app));
    await socket.init(`Bearer ${token}`);
    await socket.next((message) => message.type === 'connection_ack');
    await test.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await socket.waitForClose()).toEqual({
      code: 4401,
      reason: expect.stringContaining('This sign-in has ended'),
    });
  });
});

describe('password reset', () => {
  it('ends the tokens of the old password', async () => {
    const account = await createAccount(test.database.db, {
      email: 'reset-revoke@example.test',
      name: 'Reset',
      password: 'the old passphrase here',
      emailVerified: true,
    });
    const earlier = await tokenOf(account.id, 30);
    expect((await me(earlier)).statusCode).toBe(200);
    const link = await issueLinkToken(test.database.db, account.id, 'reset-password');
    const reset = await test.app.inject({
      method: 'POST',
      url: RESET_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token: link, password: 'a brand new passphrase' }).toString(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(earlier)).statusCode).toBe(401);
  });
});
