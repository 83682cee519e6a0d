import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../../db/identity-schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestBrowser, errorSummaryText, formAction } from '../../test-support/test-browser.ts';
import { callbackOf, openSignIn, signUpThroughPages } from '../../test-support/test-sign-in.ts';
import {
  FAILURES_PER_ADDRESS,
  FAILURES_PER_ADDRESS_AND_NETWORK,
  forgetSignInFailures,
  noteFailedSignIn,
} from './sign-in-throttle.ts';

const PASSWORD = 'the right password';

// TRUST_PROXY lets each test act from its own network (X-Forwarded-For), as behind a proxy.
describe('sign-in protection: same answer for unknown accounts, per-address slow-down, per-network limit, forged posts', () => {
  let test: TestApp;
  let ipCounter = 0;
  const newBrowser = () => createTestBrowser(test.config.publicUrl, { ip: `203.0.113.${++ipCounter}` });

  async function attempt(browser: ReturnType<typeof newBrowser>, email: string, password: string) {
    const { page } = await openSignIn(test.config, browser);
    return browser.visit(formAction(page.body) ?? '', { email, password });
  }

  beforeAll(async () => {
    test = await createTestApp({ listen: true, env: { TRUST_PROXY: '1' } });
    for (const email of ['known@example.test', 'locked@example.test']) {
      await signUpThroughPages(test.config, { name: 'Someone', email, password: PASSWORD }, newBrowser());
    }
  });
  afterAll(async () => test.close());

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrongPassword = await attempt(newBrowser(), 'known@example.test', 'not the password');
    const unknownEmail = await attempt(newBrowser(), 'nobody@example.test', 'not the password');
    for (const visit of [wrongPassword, unknownEmail]) {
      expect(visit.response.status).toBe(401);
      expect(errorSummaryText(visit.body)).toBe('There is a problem Incorrect e-mail or password.');
    }
    // The typed address stays; the password never comes back.
    expect(wrongPassword.body).toContain('value="known@example.test"');
    expect(wrongPassword.body).not.toContain('not the password');
  });

  it('slows down an address after five failures from one network, known or not, alike (issue 14 §6)', async () => {
    const messages = new Map<string, string | undefined>();
    for (const email of ['locked@example.test', 'nobody-here@example.test']) {
      const network = newBrowser();
      for (let i = 0; i < FAILURES_PER_ADDRESS_AND_NETWORK; i += 1) {
        const visit = await attempt(network, email, `wrong ${i}`);
        expect(errorSummaryText(visit.body)).toBe('There is a problem Incorrect e-mail or password.');
      }
      // Even the right password waits now, and the answer does not say whether the account exists.
      const slowed = await attempt(network, email, PASSWORD);
      expect(slowed.response.status).toBe(429);
      messages.set(email, errorSummaryText(slowed.body)?.replace(email, 'ADDRESS'));
    }
    expect(messages.get('locked@example.test')).toMatch(
      /Too many sign-in attempts for this e-mail address\. Please wait 1[45] minutes and try again, or reset your password\./,
    );
    expect(messages.get('nobody-here@example.test')).toBe(messages.get('locked@example.test'));

    // Nobody can lock the owner out: on their own network the right password works at once.
    expect(callbackOf(await attempt(newBrowser(), 'locked@example.test', PASSWORD)).code).toBeTruthy();
    const [account] = await test.database.db
      .select()
      .from(idpAccounts)
      .where(eq(idpAccounts.email, 'locked@example.test'));
    expect(account?.lockedUntil).toBeNull();
  });

  it('slows down an address guessed at from many networks', async () => {
    const email = 'many-networks@example.test';
    await signUpThroughPages(test.config, { name: 'Many', email, password: PASSWORD }, newBrowser());
    for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1)
      await noteFailedSignIn(test.database.db, `198.51.100.${i}`, email);
    const visit = await attempt(newBrowser(), email, PASSWORD);
    expect(visit.response.status).toBe(429);
    expect(errorSummaryText(visit.body)).toContain('Too many sign-in attempts for this e-mail address.');
    // A password reset ends the slow-down.
    await forgetSignInFailures(test.database.db, email);
    expect(callbackOf(await attempt(newBrowser(), email, PASSWORD)).code).toBeTruthy();
  });

  it('limits sign-in posts per network with a clear message, without touching other networks', async () => {
    const browser = newBrowser();
    const { page } = await openSignIn(test.config, browser);
    const action = formAction(page.body) ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      statuses.push(
        (await browser.visit(action, { email: `guess${i}@example.test`, password: 'guess' })).response.status,
      );
    }
    expect(statuses.every((status) => status === 401)).toBe(true);
    const limited = await browser.visit(action, { email: 'known@example.test', password: PASSWORD });
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorSummaryText(limited.body)).toMatch(
      /Too many attempts from your network\. Please wait \d+ minutes? and try again\./,
    );

    // Another network signs in as usual.
    expect(callbackOf(await attempt(newBrowser(), 'known@example.test', PASSWORD)).code).toBeTruthy();
  });

  it('limits "forgot password" posts per network too', async () => {
    const browser = newBrowser();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await browser.visit('/oidc/account/forgot', { email: 'known@example.test' })).response.status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a form posted from another site', async () => {
    const browser = newBrowser();
    const { page } = await openSignIn(test.config, browser);
    const response = await browser.request(formAction(page.body) ?? '', {
      form: { email: 'known@example.test', password: PASSWORD },
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain('This form came from another site');
  });

  it('refuses a post a browser marks as cross-site, even without an Origin', async () => {
    const response = await fetch(`${test.config.publicUrl}/oidc/account/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'email=known%40example.test',
    });
    expect(response.status).toBe(403);
  });

  it('refuses a sign-in post from a browser that did not start that sign-in', async () => {
    const { page } = await openSignIn(test.config, newBrowser());
    // Same uid in the path, but not the interaction cookie: a forged post gets nowhere.
    const stranger = await newBrowser().visit(formAction(page.body) ?? '', {
      email: 'known@example.test',
      password: PASSWORD,
    });
    expect(stranger.response.status).toBe(400);
    expect(stranger.body).toContain('This sign-in page has expired');
    expect(stranger.leftTo).toBeUndefined();
  });
});
