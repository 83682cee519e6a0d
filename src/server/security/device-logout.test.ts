import { describe, expect, it } from 'vitest';
import { SIGN_IN_SESSION_KEY } from '#domain/client-config.ts';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { createAccount } from '../modules/idp/account-repository.ts';
import { socketUrl, TestSocket } from '../test-support/graphql-client.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import {
  createTestBrowser,
  jwtClaims,
  refreshTokens,
  type TestBrowser,
} from '../test-support/test-browser.ts';
import { openSignIn, signInThroughPages } from '../test-support/test-sign-in.ts';

// Issue 38 §4: Logout ends this device's sign-in (its tokens, renewals and provider session) and
// no other; Sign out of all devices ends every one, provider sessions included. §5: an open live
// connection is closed with the cause, which the 401s name too.

const test = setUpTestApp({ listen: true });

const PASSWORD = 'a long enough passphrase';
const me = (token: string) =>
  test.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
const post = (url: string, token: string) =>
  test.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
async function admittedSocket(token: string): Promise<TestSocket> {
  const socket = new TestSocket(socketUrl(test.app));
  await socket.init(`Bearer ${token}`);
  await socket.next((message) => message.type === 'connection_ack');
  return socket;
}
/** Whether the browser's provider session signs it in without a password (`prompt=none`). */
async function signsInQuietly(browser: TestBrowser): Promise<boolean> {
  const { page } = await openSignIn(test.config, browser, { prompt: 'none' });
  const back = new URL(page.leftTo ?? 'http://none/');
  if (back.searchParams.get('error') === 'login_required') return false;
  if (back.searchParams.get('code')) return true;
  throw new Error(`unexpected answer to a quiet sign-in: ${page.leftTo}`);
}
/** One person signed in on two devices (two browsers) through the real provider pages. */
async function personOnTwoDevices(email: string) {
  await createAccount(test.database.db, {
    email,
    name: 'Two Devices',
    password: PASSWORD,
    emailVerified: true,
  });
  const laptop = createTestBrowser(test.config.publicUrl);
  const phone = createTestBrowser(test.config.publicUrl);
  return {
    laptop: { browser: laptop, tokens: await signInThroughPages(test.config, email, PASSWORD, laptop) },
    phone: { browser: phone, tokens: await signInThroughPages(test.config, email, PASSWORD, phone) },
  };
}

describe('Logout means this device (issue 38 §4)', () => {
  it('ends this device’s tokens, renewals and provider session; the other device stays signed in', async () => {
    const { laptop, phone } = await personOnTwoDevices('two-devices@example.test');
    const deviceOf = (token: string) =>
      (jwtClaims(token)[test.config.oidc.claimsNamespace] as Record<string, unknown>)[SIGN_IN_SESSION_KEY];
    expect(deviceOf(laptop.tokens.id_token)).toEqual(expect.any(String));
    expect(deviceOf(laptop.tokens.id_token)).not.toBe(deviceOf(phone.tokens.id_token));
    expect(await signsInQuietly(laptop.browser)).toBe(true);
    const phoneSocket = await admittedSocket(phone.tokens.id_token);
    const laptopSocket = await admittedSocket(laptop.tokens.id_token);

    expect((await post('/api/logout', laptop.tokens.id_token)).statusCode).toBe(204);

    const refused = await me(laptop.tokens.id_token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(SIGN_IN_END_MESSAGES.logout);
    expect(await laptopSocket.waitForClose()).toEqual({ code: 4401, reason: SIGN_IN_END_MESSAGES.logout });
    expect((await refreshTokens(test.config, laptop.tokens.refresh_token ?? '')).status).toBe(400);
    // "Sign in again" on this device asks for the password.
    expect(await signsInQuietly(laptop.browser)).toBe(false);

    // The phone: its token, its socket, its renewal and its provider session all still work.
    expect((await me(phone.tokens.id_token)).statusCode).toBe(200);
    // Its socket was checked again with the laptop's (same invalidation) and stays open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(phoneSocket.closed).toBeUndefined();
    const renewed = await refreshTokens(test.config, phone.tokens.refresh_token ?? '');
    expect(renewed.status).toBe(200);
    const { id_token: renewedToken } = (await renewed.json()) as { id_token: string };
    expect((await me(renewedToken)).statusCode).toBe(200);
    expect(await signsInQuietly(phone.browser)).toBe(true);
    phoneSocket.close();
  });

  it('Sign out of all devices ends every device’s provider session too, and says so to open sockets', async () => {
    const { laptop, phone } = await personOnTwoDevices('all-devices@example.test');
    const phoneSocket = await admittedSocket(phone.tokens.id_token);

    expect((await post('/api/sign-out-everywhere', laptop.tokens.id_token)).statusCode).toBe(204);

    expect(await phoneSocket.waitForClose()).toEqual({ code: 4401, reason: SIGN_IN_END_MESSAGES.everywhere });
    const refused = await me(phone.tokens.id_token);
    expect(refused.json().error).toBe(SIGN_IN_END_MESSAGES.everywhere);
    expect((await refreshTokens(test.config, phone.tokens.refresh_token ?? '')).status).toBe(400);
    expect(await signsInQuietly(phone.browser)).toBe(false);
    expect(await signsInQuietly(laptop.browser)).toBe(false);
  });
});
