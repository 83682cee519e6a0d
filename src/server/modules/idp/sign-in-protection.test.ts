import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestBrowser, errorSummaryText, formAction } from '../../test-support/test-browser.ts';
import { callbackOf, openSignIn, signUpThroughPages } from '../../test-support/test-sign-in.ts';

const PASSWORD = 'the right password';

// TRUST_PROXY lets each test act from its own network (X-Forwarded-For), as behind a proxy.
describe('sign-in protection: same answer for unknown accounts, account lock, per-network limit, forged posts', () => {
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

  it('locks the account after five failures, says so, and lets the right password in once the lock ends', async () => {
    const email = 'locked@example.test';
    const messages: (string | undefined)[] = [];
    for (let i = 0; i < 5; i += 1) {
      messages.push(errorSummaryText((await attempt(newBrowser(), email, `wrong ${i}`)).body));
    }
    expect(messages.slice(0, 4).every((m) => m?.includes('Incorrect e-mail or password.'))).toBe(true);
    expect(messages[4]).toContain('Too many failed sign-in attempts');
    expect(messages[4]).toContain('locked for 1 minute');

    // While locked even the right password is refused, with the same clear message.
    const whileLocked = await attempt(newBrowser(), email, PASSWORD);
    expect(whileLocked.response.status).toBe(429);
    expect(errorSummaryText(whileLocked.body)).toContain('this account is locked');

    // The lock has run out: the right password works and the count starts again.
    await test.database.db
      .update(idpAccounts)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idpAccounts.email, email));
    expect(callbackOf(await attempt(newBrowser(), email, PASSWORD)).code).toBeTruthy();
    const [account] = await test.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    expect(account).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('doubles the lock on the next failure after a lock', async () => {
    const email = 'doubling@example.test';
    await signUpThroughPages(test.config, { name: 'Doubling', email, password: PASSWORD }, newBrowser());
    await test.database.db
      .update(idpAccounts)
      .set({ failedLoginCount: 5, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(idpAccounts.email, email));
    const visit = await attempt(newBrowser(), email, 'wrong again');
    expect(errorSummaryText(visit.body)).toContain('locked for 2 minutes');
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
