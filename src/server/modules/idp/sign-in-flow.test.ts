import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALLOWED_ROLES_KEY, ISSUED_AT_MS_KEY, SIGN_IN_SESSION_KEY } from '#domain/client-config.ts';
import { idpAccounts } from '../../db/identity-schema.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  authorizeUrl,
  createPkce,
  createTestBrowser,
  errorSummaryText,
  exchangeCode,
  formAction,
  hiddenField,
  jwtClaims,
  refreshTokens,
  type TokenSet,
} from '../../test-support/test-browser.ts';
import { linkIn, waitForMail } from '../../test-support/test-mail.ts';
import {
  callbackOf,
  openSignIn,
  signInThroughPages,
  signUpThroughPages,
} from '../../test-support/test-sign-in.ts';
import { loadOrCreateSigningKeys } from '../identity/signing-keys.ts';

const PASSWORD = 'a long enough password';

describe('embedded OpenID provider: the code flow with PKCE, from sign-up to refresh', () => {
  let test: TestApp;
  // oidc-provider prints "NOTICE"/"WARNING" lines whenever a development default is in use.
  const providerNotices: string[] = [];
  beforeAll(async () => {
    for (const level of ['info', 'warn', 'log'] as const) {
      const original = console[level];
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        if (String(args[0]).includes('oidc-provider')) providerNotices.push(String(args[0]));
        else original(...args);
      });
    }
    test = await createTestApp({ listen: true });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await test.close();
  });

  it('publishes its discovery document under /oidc: RS256 only, PKCE S256, our endpoints', async () => {
    const response = await fetch(`${test.config.oidc.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = await response.json();
    expect(discovery).toMatchObject({
      issuer: test.config.oidc.issuer,
      authorization_endpoint: `${test.config.oidc.issuer}/auth`,
      token_endpoint: `${test.config.oidc.issuer}/token`,
      end_session_endpoint: `${test.config.oidc.issuer}/session/end`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
    const jwks = await (await fetch(discovery.jwks_uri)).json();
    const { keys } = await loadOrCreateSigningKeys(test.database.db);
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(keys.map((k) => k.kid));
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
  });

  it('signs up, signs in unverified, verifies the address by mail, then carries roles and refreshes', async () => {
    const email = 'ada@example.test';
    const { browser, pkce, checkInbox } = await signUpThroughPages(test.config, {
      name: 'Ada Lovelace',
      email,
      password: PASSWORD,
    });
    expect(checkInbox.response.status).toBe(200);
    expect(checkInbox.body).toContain('Check your inbox');
    expect(checkInbox.body).toContain(email);

    const mail = await waitForMail(test.config, email, /Verify your e-mail address for Life Record/);
    const verifyLink = linkIn(mail, `${test.config.publicUrl}/oidc/account/verify?token=`);
    expect(mail.html).toContain(verifyLink.replace(/&/g, '&#38;'));

    // "Continue" after sign-up finishes this sign-in as the new, still unverified account.
    const continueUrl = /<a class="button button--primary" href="([^"]+)">Continue to Life Record/.exec(
      checkInbox.body,
    )?.[1];
    expect(continueUrl).toBeDefined();
    const { code, state } = callbackOf(await browser.visit(continueUrl ?? ''));
    expect(state).toBe(pkce.state);
    const signUpTokens = await exchangeCode(test.config, code, pkce.verifier);
    expect(jwtClaims(signUpTokens.id_token)).toMatchObject({
      email,
      email_verified: false,
      name: 'Ada Lovelace',
    });

    // A separate sign-in with the password, still before verification.
    const unverified = await signInThroughPages(test.config, email, PASSWORD);
    const unverifiedIdentity = await test.app.verifyToken(unverified.id_token);
    expect(unverifiedIdentity).toMatchObject({ email, emailVerified: false, name: 'Ada Lovelace' });
    const [account] = await test.database.db.select().from(idpAccounts).where(eq(idpAccounts.email, email));
    expect(unverifiedIdentity.sub).toBe(account?.id);

    // Opening the mailed link verifies the address.
    const verified = await createTestBrowser(test.config.publicUrl).visit(verifyLink);
    expect(verified.response.status).toBe(200);
    expect(verified.body).toContain('Your e-mail address is verified');
    expect(verified.body).toContain(`href="${test.config.publicUrl}/"`);

    const tokens = await signInThroughPages(test.config, email, PASSWORD);
    const identity = await test.app.verifyToken(tokens.id_token);
    expect(identity).toMatchObject({ sub: account?.id, email, emailVerified: true, name: 'Ada Lovelace' });
    // The first sign-in made the person a registered user (decision 003): the token says so.
    expect(identity.claimedRoles).toEqual(['user']);
    const claims = jwtClaims(tokens.id_token);
    expect(claims.exp as number).toBe((claims.iat as number) + 3600);

    // The user row exists since the first token; an admin then gives it a role.
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${tokens.id_token}` },
    });
    expect(me.statusCode).toBe(200);
    await giveRole(test, account?.id ?? '', 'customer');

    // The refresh-token grant gives a new ID token with the roles read from the database now.
    expect(tokens.refresh_token).toBeDefined();
    const refreshed = await refreshTokens(test.config, tokens.refresh_token ?? '');
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as TokenSet;
    expect(next.id_token).not.toBe(tokens.id_token);
    const nextIdentity = await test.app.verifyToken(next.id_token);
    expect(nextIdentity).toMatchObject({
      sub: account?.id,
      emailVerified: true,
      claimedRoles: ['customer', 'user'],
    });
    expect(jwtClaims(next.id_token)[test.config.oidc.claimsNamespace]).toEqual({
      [ALLOWED_ROLES_KEY]: ['customer', 'user'],
      // Issue 25 §5: when the provider issued it, to the millisecond, within the token's iat second.
      [ISSUED_AT_MS_KEY]: expect.any(Number),
      // Issue 38 §4: the provider session (device) it belongs to, kept by renewals.
      [SIGN_IN_SESSION_KEY]: (
        jwtClaims(tokens.id_token)[test.config.oidc.claimsNamespace] as Record<string, unknown>
      )[SIGN_IN_SESSION_KEY],
    });
    const stamped = jwtClaims(next.id_token)[test.config.oidc.claimsNamespace] as Record<string, number>;
    const iat = jwtClaims(next.id_token).iat as number;
    expect(stamped[ISSUED_AT_MS_KEY]).toBeLessThan((iat + 1) * 1000);
    expect(stamped[ISSUED_AT_MS_KEY]).toBeGreaterThan((iat - 2) * 1000);

    // Refresh tokens rotate: the used one is refused, the new one works.
    expect(next.refresh_token).toBeDefined();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const reused = await refreshTokens(test.config, tokens.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe('invalid_grant');
  });

  it('refreshes an unverified sign-in into a verified one once the link is opened', async () => {
    const email = 'later@example.test';
    await signUpThroughPages(test.config, { name: 'Later', email, password: PASSWORD });
    const tokens = await signInThroughPages(test.config, email, PASSWORD);
    expect(jwtClaims(tokens.id_token).email_verified).toBe(false);
    const mail = await waitForMail(test.config, email, /Verify/);
    await createTestBrowser(test.config.publicUrl).visit(
      linkIn(mail, `${test.config.publicUrl}/oidc/account/verify`),
    );
    const refreshed = (await (
      await refreshTokens(test.config, tokens.refresh_token ?? '')
    ).json()) as TokenSet;
    expect(jwtClaims(refreshed.id_token).email_verified).toBe(true);
  });

  it('shows the login page without the sign-up hint, and reaches sign-up from it', async () => {
    const browser = createTestBrowser(test.config.publicUrl);
    const { page } = await openSignIn(test.config, browser, { login_hint: 'hint@example.test' });
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect(page.body).toContain('value="hint@example.test"');
    const signUpLink = /href="(\/oidc\/interaction\/[^"]+\/signup)"/.exec(page.body)?.[1];
    const signUp = await browser.visit(signUpLink ?? '');
    expect(signUp.body).toContain('Create your account');
  });

  it('consents on its own when a request asks for consent (prompt=consent), and ignores offline_access', async () => {
    const email = 'consent@example.test';
    await signUpThroughPages(test.config, { name: 'Consent', email, password: PASSWORD });
    const browser = createTestBrowser(test.config.publicUrl);
    await signInThroughPages(test.config, email, PASSWORD, browser);
    const { page, pkce } = await openSignIn(test.config, browser, {
      prompt: 'consent',
      scope: 'openid profile email offline_access',
    });
    const tokens = await exchangeCode(test.config, callbackOf(page).code, pkce.verifier);
    expect(tokens.scope).toBe('openid profile email');
    expect(jwtClaims(tokens.id_token).email).toBe(email);
  });

  it('refuses an authorization request without PKCE', async () => {
    const pkce = createPkce();
    const url = new URL(authorizeUrl(test.config, pkce), test.config.publicUrl);
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const visit = await createTestBrowser(test.config.publicUrl).visit(url.toString());
    expect(new URL(visit.leftTo ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a code exchanged with the wrong PKCE verifier', async () => {
    const email = 'pkce@example.test';
    await signUpThroughPages(test.config, { name: 'Pkce', email, password: PASSWORD });
    const browser = createTestBrowser(test.config.publicUrl);
    const { page } = await openSignIn(test.config, browser);
    const { code } = callbackOf(
      await browser.visit(formAction(page.body) ?? '', { email, password: PASSWORD }),
    );
    await expect(exchangeCode(test.config, code, createPkce().verifier)).rejects.toThrow(/invalid_grant/);
  });

  it('explains sign-up mistakes next to the fields and keeps what was typed', async () => {
    const browser = createTestBrowser(test.config.publicUrl);
    const { page } = await openSignIn(test.config, browser, { screen_hint: 'signup' });
    const action = formAction(page.body) ?? '';
    const short = await browser.visit(action, {
      name: 'Bob <b>',
      email: 'bob@example.test',
      password: 'short',
    });
    expect(short.response.status).toBe(400);
    expect(errorSummaryText(short.body)).toContain('Password must be at least 10 characters.');
    expect(short.body).toContain('role="alert"');
    expect(short.body).toContain('value="Bob &#60;b&#62;"');
    expect(short.body).toContain('aria-invalid="true"');

    await signUpThroughPages(test.config, { name: 'Taken', email: 'taken@example.test', password: PASSWORD });
    const taken = await browser.visit(action, {
      name: 'Other',
      email: 'Taken@Example.test',
      password: PASSWORD,
    });
    expect(taken.response.status).toBe(409);
    expect(errorSummaryText(taken.body)).toContain('An account with this e-mail address already exists');
  });

  it('ends the session at /oidc/session/end and returns to the site origin', async () => {
    const email = 'leaving@example.test';
    await signUpThroughPages(test.config, { name: 'Leaving', email, password: PASSWORD });
    const browser = createTestBrowser(test.config.publicUrl);
    const tokens = await signInThroughPages(test.config, email, PASSWORD, browser);

    const params = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: test.config.publicUrl,
    });
    const logout = await browser.visit(`/oidc/session/end?${params}`);
    expect(logout.response.status).toBe(200);
    expect(logout.body).toContain('data-auto-submit');
    expect(logout.body).not.toMatch(/<script>/);
    expect(logout.response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const done = await browser.visit(formAction(logout.body) ?? '', {
      xsrf: hiddenField(logout.body, 'xsrf') ?? '',
      logout: 'yes',
    });
    expect(done.leftTo).toBe(`${test.config.publicUrl}/`);

    // Signed out: the next authorization asks for the password again, and the refresh token is dead.
    const { page } = await openSignIn(test.config, browser);
    expect(page.body).toContain('<h1>Sign in</h1>');
    expect((await refreshTokens(test.config, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('asks before signing out when the request carries no ID token', async () => {
    const browser = createTestBrowser(test.config.publicUrl);
    const email = 'ask@example.test';
    await signUpThroughPages(test.config, { name: 'Ask', email, password: PASSWORD });
    await signInThroughPages(test.config, email, PASSWORD, browser);
    const page = await browser.visit('/oidc/session/end');
    expect(page.body).toContain('Do you want to sign out');
    expect(page.body).not.toContain('data-auto-submit');
    const done = await browser.visit(formAction(page.body) ?? '', {
      xsrf: hiddenField(page.body, 'xsrf') ?? '',
      logout: 'yes',
    });
    expect(done.body).toContain('You have signed out');
  });

  it('shows errors in our own page without details', async () => {
    const response = await fetch(`${test.config.oidc.issuer}/auth?client_id=nobody&response_type=code`, {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('Sign-in could not continue');
    expect(body).toContain('invalid_client');
    expect(body).not.toContain('nobody');
    expect(body).toContain('/static/pages.css');
  });

  it('tells a browser whose sign-in page is gone to start again', async () => {
    const response = await fetch(`${test.config.publicUrl}/oidc/interaction/unknown-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in page has expired');
  });

  it('used no development default of oidc-provider in all of the above', () => {
    expect(providerNotices).toEqual([]);
  });
});

describe('under `npm run dev` (DEV_CLIENT_ORIGIN)', () => {
  const devOrigin = 'http://localhost:5173';
  const devAuthorize = (test: TestApp) => {
    const url = new URL(authorizeUrl(test.config, createPkce()), test.config.publicUrl);
    url.searchParams.set('redirect_uri', `${devOrigin}/`);
    return url.toString();
  };

  it('accepts the Vite origin as redirect URI and for token calls', async () => {
    const test = await createTestApp({ listen: true, env: { DEV_CLIENT_ORIGIN: devOrigin } });
    try {
      const page = await createTestBrowser(test.config.publicUrl).visit(devAuthorize(test));
      expect(page.body).toContain('<h1>Sign in</h1>');
      const preflight = await fetch(`${test.config.oidc.issuer}/token`, {
        method: 'OPTIONS',
        headers: { origin: devOrigin, 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).toBe(devOrigin);
      const token = await fetch(`${test.config.oidc.issuer}/token`, {
        method: 'POST',
        headers: { origin: 'https://elsewhere.example', 'content-type': 'application/x-www-form-urlencoded' },
        body: `client_id=${test.config.oidc.clientId}&grant_type=refresh_token&refresh_token=x`,
      });
      expect(token.headers.get('access-control-allow-origin')).toBeNull();
      // After the sign-in form, the browser is redirected to the Vite origin: CSP must allow it.
      expect(page.response.headers.get('content-security-policy')).toMatch(
        /form-action [^;]*http:\/\/localhost:5173/,
      );
    } finally {
      await test.close();
    }
  });

  it('ignores it in production', async () => {
    const test = await createTestApp({
      listen: true,
      env: { DEV_CLIENT_ORIGIN: devOrigin, NODE_ENV: 'production' },
    });
    try {
      const page = await createTestBrowser(test.config.publicUrl).visit(devAuthorize(test));
      expect(page.body).toContain('Sign-in could not continue');
    } finally {
      await test.close();
    }
  });
});

describe('with an external issuer (OIDC_ISSUER)', () => {
  it('mounts nothing of the embedded provider', async () => {
    const test = await createTestApp({ env: { OIDC_ISSUER: 'https://issuer.example.test' } });
    try {
      for (const url of [
        '/oidc/.well-known/openid-configuration',
        '/oidc/interaction/x',
        '/oidc/account/forgot',
      ]) {
        expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await test.close();
    }
  });
});

async function giveRole(test: TestApp, sub: string, role: string) {
  const [user] = await test.database.db.select().from(users).where(eq(users.federatedId, sub));
  const [roleRow] = await test.database.db.select().from(roles).where(eq(roles.name, role));
  if (!user || !roleRow) throw new Error('user or role missing');
  await test.database.db.insert(userRoles).values({ userId: user.id, roleId: roleRow.id });
}
