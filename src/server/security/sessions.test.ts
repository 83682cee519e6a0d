import { describe, expect, it } from 'vitest';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { createAccount } from '../modules/idp/account-repository.ts';
import { databaseAdapterFactory } from '../modules/idp/oidc-adapter.ts';
import { SESSION_TOO_OLD_MESSAGE } from '../plugins/auth.ts';
import { socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { createTestBrowser, refreshTokens } from '../test-support/test-browser.ts';
import { openSignIn, signInThroughPages } from '../test-support/test-sign-in.ts';
import { signTestIdToken } from '../test-support/test-tokens.ts';
import { createTestUser, type TestUser } from '../test-support/test-users.ts';

// Issue 29 §4: a sign-in lasts at most SESSION_MAX_HOURS from the moment the person signed in
// (auth_time), on HTTP and on the live connection; "Sign out of all devices" (the person's own,
// or an admin's on a user) ends every token and the provider's sessions at once, sockets included.

const test = setUpTestApp({ listen: true });

const HOUR_MS = 3_600_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);
/** A fresh token of `user`, whose sign-in began `signedInMsAgo` ago (undefined: no auth_time). */
const tokenOf = (user: TestUser, signedInMsAgo?: number) =>
  signTestIdToken(test.database.db, test.config, {
    sub: user.federatedId,
    email: user.email,
    extra: {
      iat: nowSeconds(),
      ...(signedInMsAgo === undefined ? {} : { auth_time: Math.floor((Date.now() - signedInMsAgo) / 1000) }),
    },
  });
const me = (token: string) =>
  test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const viewerOverHttp = (token: string) =>
  test.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: { query: '{ viewer { id } }' },
  });
async function admittedSocket(token: string): Promise<TestSocket> {
  const socket = new TestSocket(socketUrl(test.app));
  await socket.init(`Bearer ${token}`);
  await socket.next((message) => message.type === 'connection_ack');
  return socket;
}
const newUser = () => createTestUser(test.database.db, test.config, { roles: ['client'] });

describe('absolute session lifetime', () => {
  it('defaults to 12 hours and is delivered with the client configuration', async () => {
    const config = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.json().session).toEqual({ idleMinutes: 30, maxHours: 12 });
  });

  it('refuses a renewed token of a sign-in older than the lifetime, on HTTP, GraphQL and the socket', async () => {
    const user = await newUser();
    // Issued a moment ago (a renewal), but the person signed in 12 hours and a minute ago.
    const old = await tokenOf(user, 12 * HOUR_MS + 60_000);
    const refused = await me(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(SESSION_TOO_OLD_MESSAGE);
    expect((await viewerOverHttp(old)).statusCode).toBe(401);
    const socket = new TestSocket(socketUrl(test.app));
    await socket.init(`Bearer ${old}`);
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: SESSION_TOO_OLD_MESSAGE });
    // A sign-in within the lifetime, and a token that does not say when (another issuer), work.
    expect((await me(await tokenOf(user, 11 * HOUR_MS))).statusCode).toBe(200);
    expect((await me(await tokenOf(user))).statusCode).toBe(200);
  });

  it('closes a live connection when its sign-in reaches the lifetime, naming it (issue 38 §5)', async () => {
    const user = await newUser();
    const socket = await admittedSocket(await tokenOf(user, 12 * HOUR_MS - 2_000));
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: SESSION_TOO_OLD_MESSAGE });
  });
});

describe('sign out of all devices', () => {
  it('ends every token and socket of the person, and the provider’s sessions; others keep theirs', async () => {
    const person = await newUser();
    const bystander = await newUser();
    const [laptop, phone] = [await tokenOf(person, 1000), await tokenOf(person, 2000)];
    const phoneSocket = await admittedSocket(phone);
    const bystanderSocket = await admittedSocket(bystander.token);
    const providerSessions = databaseAdapterFactory(test.database.db)('Session');
    await providerSessions.upsert(`s-${person.id}`, { accountId: person.federatedId }, 600);
    await providerSessions.upsert(`s-${bystander.id}`, { accountId: bystander.federatedId }, 600);

    const ended = await test.app.inject({
      method: 'POST',
      url: '/api/sign-out-everywhere',
      headers: { authorization: `Bearer ${laptop}` },
    });
    expect(ended.statusCode).toBe(204);
    expect(await phoneSocket.waitForClose()).toEqual({ code: 4401, reason: SIGN_IN_END_MESSAGES.everywhere });
    for (const token of [laptop, phone]) {
      expect((await me(token)).statusCode).toBe(401);
      expect((await viewerOverHttp(token)).statusCode).toBe(401);
    }
    expect(await providerSessions.find(`s-${person.id}`)).toBeUndefined();
    expect(await providerSessions.find(`s-${bystander.id}`)).toBeDefined();
    expect((await me(bystander.token)).statusCode).toBe(200);
    bystanderSocket.close();
  });

  it('through the embedded provider: tokens say when the person signed in; renewals and quiet sign-ins end', async () => {
    const email = 'everywhere@example.test';
    const password = 'a long enough passphrase';
    await createAccount(test.database.db, { email, name: 'Everywhere', password, emailVerified: true });
    const browser = createTestBrowser(test.config.publicUrl);
    const tokens = await signInThroughPages(test.config, email, password, browser);
    const identity = await test.app.verifyToken(tokens.id_token);
    expect(identity.authTime).toBeGreaterThan(Date.now() - 60_000);
    // Renewed tokens keep the moment of the sign-in.
    const renewed = await refreshTokens(test.config, tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const next = (await renewed.json()) as { id_token: string; refresh_token: string };
    expect((await test.app.verifyToken(next.id_token)).authTime).toBe(identity.authTime);

    const ended = await test.app.inject({
      method: 'POST',
      url: '/api/sign-out-everywhere',
      headers: { authorization: `Bearer ${next.id_token}` },
    });
    expect(ended.statusCode).toBe(204);
    expect((await me(next.id_token)).statusCode).toBe(401);
    expect((await refreshTokens(test.config, next.refresh_token)).status).toBe(400);
    // The same browser is asked for the password again.
    const { page } = await openSignIn(test.config, browser);
    expect(page.body).toContain('Sign in');
  });

  it('needs a sign-in', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/sign-out-everywhere' });
    expect(response.statusCode).toBe(401);
  });
});

describe('an admin signs a user out of all devices', () => {
  const signOut = (id: string, headers: Record<string, string>) =>
    test.app.inject({ method: 'POST', url: `/api/users/${id}/sign-out-everywhere`, headers });

  it('ends the user’s tokens and open sockets at once', async () => {
    const admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    const user = await newUser();
    const socket = await admittedSocket(user.token);
    const response = await signOut(user.id, admin.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: user.id });
    expect(await socket.waitForClose()).toEqual({ code: 4401, reason: SIGN_IN_END_MESSAGES.admin });
    const refused = await me(user.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(SIGN_IN_END_MESSAGES.admin);
    // The admin is still signed in.
    expect((await me(admin.token)).statusCode).toBe(200);
  });

  it('is refused to anyone else, and answers 404 for an unknown or malformed id', async () => {
    const admin = await createTestUser(test.database.db, test.config, { roles: ['admin'] });
    const user = await newUser();
    const other = await newUser();
    expect((await signOut(user.id, other.headers)).statusCode).toBe(403);
    expect((await signOut(user.id, {})).statusCode).toBe(401);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await signOut('00000000-0000-4000-8000-000000000000', admin.headers)).statusCode).toBe(404);
    const malformed = await signOut('not-a-uuid', admin.headers);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().error).toBe('User not found.');
  });
});
