import { expect } from 'vitest';
import type { Config } from '../config.ts';
import {
  authorizeUrl,
  createPkce,
  createTestBrowser,
  exchangeCode,
  formAction,
  type TestBrowser,
  type TokenSet,
  type Visit,
} from './test-browser.ts';

/**
 * Sign-in steps through the embedded provider's real pages, for server tests over a socket
 * (STYLE §9: fixtures that sign in through the real provider).
 */

/** The code and state the provider sent back to the client's redirect URI. */
export function callbackOf(visit: Visit): { code: string; state: string | null } {
  if (!visit.leftTo)
    throw new Error(`expected a redirect to the client, got ${visit.response.status} at ${visit.url}`);
  const url = new URL(visit.leftTo);
  const error = url.searchParams.get('error');
  if (error) throw new Error(`the provider answered ${error}: ${url.searchParams.get('error_description')}`);
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`no code in ${visit.leftTo}`);
  return { code, state: url.searchParams.get('state') };
}

/** Opens the authorization request and lands on the provider's first page. */
export async function openSignIn(
  config: Config,
  browser: TestBrowser,
  extra: Record<string, string> = {},
): Promise<{ page: Visit; pkce: ReturnType<typeof createPkce> }> {
  const pkce = createPkce();
  const page = await browser.visit(authorizeUrl(config, pkce, extra));
  return { page, pkce };
}

/** Signs up on the sign-up page (`screen_hint=signup`) and returns the "check your inbox" page. */
export async function signUpThroughPages(
  config: Config,
  account: { name: string; email: string; password: string },
  browser: TestBrowser = createTestBrowser(config.publicUrl),
) {
  const { page, pkce } = await openSignIn(config, browser, { screen_hint: 'signup' });
  expect(page.body).toContain('Create your account');
  const checkInbox = await browser.visit(formAction(page.body) ?? '', account);
  return { browser, pkce, checkInbox };
}

/** Signs in with e-mail and password and exchanges the code (with its PKCE verifier) for tokens. */
export async function signInThroughPages(
  config: Config,
  email: string,
  password: string,
  browser: TestBrowser = createTestBrowser(config.publicUrl),
): Promise<TokenSet> {
  const { page, pkce } = await openSignIn(config, browser);
  expect(page.body).toContain('Sign in');
  const done = await browser.visit(formAction(page.body) ?? '', { email, password });
  const { code, state } = callbackOf(done);
  expect(state).toBe(pkce.state);
  return exchangeCode(config, code, pkce.verifier);
}
