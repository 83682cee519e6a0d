import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, idpAccountTokens } from '../../db/identity-schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createTestBrowser,
  errorSummaryText,
  formAction,
  hiddenField,
  refreshTokens,
} from '../../test-support/test-browser.ts';
import { linkIn, mailsTo, waitForMail } from '../../test-support/test-mail.ts';
import { openSignIn, signInThroughPages, signUpThroughPages } from '../../test-support/test-sign-in.ts';

const OLD_PASSWORD = 'the old password';
const NEW_PASSWORD = 'a brand new password';

async function requestReset(test: TestApp, email: string) {
  const browser = createTestBrowser(test.config.publicUrl);
  const { page } = await openSignIn(test.config, browser);
  const forgotLink = /href="(\/oidc\/account\/forgot\?uid=[^"]+)"/.exec(page.body)?.[1] ?? '';
  const forgot = await browser.visit(forgotLink);
  expect(forgot.body).toContain('Reset your password');
  expect(hiddenField(forgot.body, 'uid')).toBeTruthy();
  return browser.visit(formAction(forgot.body) ?? '', { email, uid: hiddenField(forgot.body, 'uid') ?? '' });
}

describe('forgot password', () => {
  it('answers alike for known and unknown addresses, and mails only the account', async () => {
    const test = await createTestApp({ listen: true });
    try {
      await signUpThroughPages(test.config, {
        name: 'Known',
        email: 'known@example.test',
        password: OLD_PASSWORD,
      });
      const known = await requestReset(test, 'known@example.test');
      const unknown = await requestReset(test, 'unknown@example.test');
      const text = (body: string) =>
        body
          .replace(/(un)?known@example\.test/g, 'ADDRESS')
          .replace(/interaction\/[\w-]+/g, 'interaction/UID');
      expect(known.response.status).toBe(200);
      expect(unknown.response.status).toBe(200);
      expect(text(known.body)).toBe(text(unknown.body));
      expect(known.body).toContain('If an account exists for');
      expect(known.body).toContain('Back to sign in');
      await test.app.close(); // waits for the mails still being sent
      expect((await mailsTo(test.config, 'known@example.test')).map((m) => m.subject)).toEqual([
        'Reset your Life Record password',
        'Verify your e-mail address for Life Record',
      ]);
      expect(await mailsTo(test.config, 'unknown@example.test')).toEqual([]);
    } finally {
      await test.close();
    }
  });
});

describe('mailed links: password reset and e-mail verification', () => {
  let test: TestApp;
  const browser = () => createTestBrowser(test.config.publicUrl);
  const resetPrefix = () => `${test.config.publicUrl}/oidc/account/reset?token=`;
  const verifyPrefix = () => `${test.config.publicUrl}/oidc/account/verify?token=`;

  beforeAll(async () => {
    test = await createTestApp({ listen: true });
  });
  afterAll(async () => test.close());

  it('resets the password by the mailed link, once, and signs the account out everywhere', async () => {
    const email = 'reset@example.test';
    await signUpThroughPages(test.config, { name: 'Reset Me', email, password: OLD_PASSWORD });
    const before = await signInThroughPages(test.config, email, OLD_PASSWORD);
    await test.database.db
      .update(idpAccounts)
      .set({ failedLoginCount: 7, lockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(idpAccounts.email, email));

    await requestReset(test, email);
    const link = linkIn(await waitForMail(test.config, email, /Reset your/), resetPrefix());
    const form = await browser().visit(link);
    expect(form.response.status).toBe(200);
    expect(form.body).toContain('Choose a new password');
    expect(form.body).toContain(email);

    // The password rules apply here too.
    const tooShort = await browser().visit(formAction(form.body) ?? '', {
      token: hiddenField(form.body, 'token') ?? '',
      password: 'short',
    });
    expect(tooShort.response.status).toBe(400);
    expect(errorSummaryText(tooShort.body)).toContain('Password must be at least 10 characters.');

    const done = await browser().visit(formAction(form.body) ?? '', {
      token: hiddenField(form.body, 'token') ?? '',
      password: NEW_PASSWORD,
    });
    expect(done.response.status).toBe(200);
    expect(done.body).toContain('Your password has been changed');

    // Old password out, new one in, the lock lifted, the old session's refresh token dead.
    const oldBrowser = browser();
    const old = await openSignIn(test.config, oldBrowser);
    const refused = await oldBrowser.visit(formAction(old.page.body) ?? '', {
      email,
      password: OLD_PASSWORD,
    });
    expect(errorSummaryText(refused.body)).toContain('Incorrect e-mail or password.');
    const after = await signInThroughPages(test.config, email, NEW_PASSWORD);
    expect((await test.app.verifyToken(after.id_token)).emailVerified).toBe(true);
    expect((await refreshTokens(test.config, before.refresh_token ?? '')).status).toBe(400);

    // The link worked once.
    const again = await browser().visit(link);
    expect(again.response.status).toBe(410);
    expect(again.body).toContain('This link has already been used');
    const repost = await browser().visit('/oidc/account/reset', {
      token: hiddenField(form.body, 'token') ?? '',
      password: 'another new password',
    });
    expect(repost.response.status).toBe(410);
    expect(repost.body).toContain('This link has already been used');
  });

  it('refuses an expired or made-up reset link clearly', async () => {
    const email = 'late@example.test';
    await signUpThroughPages(test.config, { name: 'Late', email, password: OLD_PASSWORD });
    await requestReset(test, email);
    const link = linkIn(await waitForMail(test.config, email, /Reset your/), resetPrefix());
    await test.database.db
      .update(idpAccountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpAccountTokens.purpose, 'reset-password'));
    const expired = await browser().visit(link);
    expect(expired.response.status).toBe(410);
    expect(expired.body).toContain('This link has expired');
    expect(expired.body).toContain('valid for 1 hour');
    expect(expired.body).toContain('href="/oidc/account/forgot"');

    const madeUp = await browser().visit(`${resetPrefix()}${'x'.repeat(43)}`);
    expect(madeUp.body).toContain('This link is not valid');
    const garbage = await browser().visit(`${resetPrefix()}<script>`);
    expect(garbage.body).toContain('This link is not valid');
  });

  it('stores only a hash of each mailed token', async () => {
    const email = 'hash@example.test';
    await signUpThroughPages(test.config, { name: 'Hash', email, password: OLD_PASSWORD });
    const token = new URL(
      linkIn(await waitForMail(test.config, email, /Verify/), verifyPrefix()),
    ).searchParams.get('token');
    const rows = await test.database.db.select().from(idpAccountTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('verifies once and says so again for the same link; offers a new link when one expired', async () => {
    const email = 'twice@example.test';
    await signUpThroughPages(test.config, { name: 'Twice', email, password: OLD_PASSWORD });
    const link = linkIn(await waitForMail(test.config, email, /Verify/), verifyPrefix());
    expect((await browser().visit(link)).body).toContain('Your e-mail address is verified');
    // A mail scanner may have opened it first: the person still reads that the address is verified.
    expect((await browser().visit(link)).body).toContain('Your e-mail address is verified');

    const other = 'expired-verify@example.test';
    const { checkInbox, browser: signUpBrowser } = await signUpThroughPages(test.config, {
      name: 'Expired',
      email: other,
      password: OLD_PASSWORD,
    });
    const expiredLink = linkIn(await waitForMail(test.config, other, /Verify/), verifyPrefix());
    const [account] = await test.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, other));
    await test.database.db
      .update(idpAccountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idpAccountTokens.accountId, account?.id ?? ''));
    const expired = await browser().visit(expiredLink);
    expect(expired.response.status).toBe(410);
    expect(expired.body).toContain('This link has expired');
    const resent = await browser().visit(formAction(expired.body) ?? '', {
      token: hiddenField(expired.body, 'token') ?? '',
    });
    expect(resent.body).toContain('Check your inbox');
    await expect.poll(async () => (await mailsTo(test.config, other)).length).toBe(2);

    // "Send it again" on the check-your-inbox page sends a third.
    const resendAction =
      /<form class="form-footer" method="post" action="([^"]+)"/.exec(checkInbox.body)?.[1] ?? '';
    const page = await signUpBrowser.visit(resendAction, {});
    expect(page.body).toContain('We have sent the link again.');
    await expect.poll(async () => (await mailsTo(test.config, other)).length).toBe(3);
    const newest = (await mailsTo(test.config, other))[0];
    expect((await browser().visit(linkIn(newest ?? (undefined as never), verifyPrefix()))).body).toContain(
      'Your e-mail address is verified',
    );
  });
});
