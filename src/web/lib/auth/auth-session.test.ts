import { OidcClient, WebStorageStateStore } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeNetwork,
  storeSignedInUser,
  testConfig,
  testIdToken,
  testOrigin,
  userStorageKey,
} from '#web/test-support/fake-identity-provider.ts';
import { createAuthSession } from './auth-session.ts';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  history.replaceState(null, '', '/');
  vi.spyOn(console, 'info').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What `Login` leaves in the browser before the redirect: a pending sign-in with its PKCE verifier. */
async function pendingSignIn(returnTo: string) {
  const client = new OidcClient({
    authority: testConfig.oidc.authority,
    client_id: testConfig.oidc.clientId,
    redirect_uri: `${testOrigin}/`,
    response_type: 'code',
    scope: 'openid profile email',
    stateStore: new WebStorageStateStore({ store: localStorage }),
  });
  const request = await client.createSigninRequest({ request_type: 'si:r', state: { returnTo } });
  return new URL(request.url);
}

describe('returning from the identity provider', () => {
  it('exchanges the code with its PKCE verifier, cleans the URL and keeps the route', async () => {
    const network = fakeNetwork({
      tokenResponse: () => ({
        id_token: testIdToken({ roles: ['customer'] }),
        access_token: 'access',
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    });
    vi.stubGlobal('fetch', network.fetch);
    const authorize = await pendingSignIn('/faq');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    history.replaceState(null, '', `/?code=the-code&state=${authorize.searchParams.get('state')}#/faq`);

    const session = createAuthSession(testConfig);
    // The route to return to is there the moment the session says "signed in", not later.
    const returnToWhenSignedIn: (string | null)[] = [];
    session.subscribe(() => {
      if (session.getSnapshot().status === 'signed-in') returnToWhenSignedIn.push(session.takeReturnTo());
    });
    await session.start();

    expect(returnToWhenSignedIn).toEqual(['/faq']);
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('#/faq');
    expect(session.getSnapshot().status).toBe('signed-in');
    expect(session.takeReturnTo()).toBeNull();
    const tokenRequest = network.requests.find((request) => request.url.endsWith('/oidc/token'));
    const form = new URLSearchParams(tokenRequest?.body);
    expect(form.get('grant_type')).toBe('authorization_code');
    expect(form.get('code')).toBe('the-code');
    expect(form.get('code_verifier')).toMatch(/^[\w-]{43,}$/);
    expect(sessionStorage.getItem(userStorageKey)).toContain('"id_token"');
  });

  it('knows where to return by the time it tells the screen the person is signed in', async () => {
    vi.stubGlobal(
      'fetch',
      fakeNetwork({
        tokenResponse: () => ({
          id_token: testIdToken({}),
          access_token: 'a',
          token_type: 'Bearer',
          expires_in: 3600,
        }),
      }).fetch,
    );
    const authorize = await pendingSignIn('/contact');
    history.replaceState(null, '', `/?code=c&state=${authorize.searchParams.get('state')}#/contact`);
    const session = createAuthSession(testConfig);
    // The shell takes the return route on the first signed-in snapshot; taken later, it would
    // send the person back on their next navigation.
    const seenAtSignIn: (string | null)[] = [];
    session.subscribe(() => {
      if (session.getSnapshot().status === 'signed-in') seenAtSignIn.push(session.takeReturnTo());
    });
    await session.start();
    expect(seenAtSignIn[0]).toBe('/contact');
    expect(session.takeReturnTo()).toBeNull();
  });

  it('cleans the URL and stays signed out when the state matches no pending sign-in', async () => {
    vi.stubGlobal('fetch', fakeNetwork({ provider: false }).fetch);
    history.replaceState(null, '', '/?code=stolen&state=unknown#/contact');

    const session = createAuthSession(testConfig);
    await session.start();

    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/#/contact');
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(console.error).toHaveBeenCalled();
  });

  it('refuses a token from another issuer', async () => {
    const network = fakeNetwork({
      tokenResponse: () => ({
        id_token: testIdToken({ claims: { iss: 'https://evil.example' } }),
        access_token: 'access',
        token_type: 'Bearer',
        expires_in: 3600,
      }),
    });
    vi.stubGlobal('fetch', network.fetch);
    const authorize = await pendingSignIn('/');
    history.replaceState(null, '', `/?code=c&state=${authorize.searchParams.get('state')}`);

    const session = createAuthSession(testConfig);
    await session.start();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(sessionStorage.getItem(userStorageKey)).toBeNull();
  });
});

describe('starting a tab', () => {
  it('is signed in at once from the user kept in this tab', async () => {
    const network = fakeNetwork();
    vi.stubGlobal('fetch', network.fetch);
    const idToken = storeSignedInUser({ roles: ['admin'] });

    const session = createAuthSession(testConfig);
    await session.start();

    expect(session.getSnapshot().status).toBe('signed-in');
    expect(await session.getIdToken()).toBe(idToken);
    expect(network.requests).toEqual([]);
  });

  it('tries a quiet sign-in without a stored user and ends signed out when it fails', async () => {
    const network = fakeNetwork({ provider: false });
    vi.stubGlobal('fetch', network.fetch);

    const session = createAuthSession(testConfig);
    expect(session.getSnapshot().status).toBe('loading');
    await session.start();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(network.requests.map((request) => new URL(request.url).pathname)).toContain(
      '/oidc/.well-known/openid-configuration',
    );
    expect(await session.getIdToken()).toBeNull();
  });

  it('shows the logged-out state after a short wait when the provider does not answer', async () => {
    vi.stubGlobal('fetch', () => new Promise<Response>(() => {}));
    const session = createAuthSession(testConfig);
    // start() settles although the provider never answers (otherwise the test would time out).
    await session.start();
    expect(session.getSnapshot().status).toBe('signed-out');
  });

  it('forgets an expired user it cannot renew', async () => {
    vi.stubGlobal('fetch', fakeNetwork({ provider: false }).fetch);
    storeSignedInUser({ expiresIn: -3600 });

    const session = createAuthSession(testConfig);
    await session.start();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(sessionStorage.getItem(userStorageKey)).toBeNull();
  });
});

describe('the bearer token', () => {
  it('is renewed with the refresh token when it is about to expire', async () => {
    const renewed = testIdToken({ expiresIn: 3600 });
    const network = fakeNetwork({
      tokenResponse: (form) => {
        expect(form.get('grant_type')).toBe('refresh_token');
        expect(form.get('refresh_token')).toBe('refresh-1');
        return { id_token: renewed, access_token: 'a2', token_type: 'Bearer', expires_in: 3600 };
      },
    });
    vi.stubGlobal('fetch', network.fetch);
    storeSignedInUser({ expiresIn: 30, refreshToken: 'refresh-1' });

    const session = createAuthSession(testConfig);
    await session.start();

    expect(await session.getIdToken()).toBe(renewed);
  });
});

describe('logout', () => {
  it('ends the session here and goes home when the provider offers no logout', async () => {
    vi.stubGlobal('fetch', fakeNetwork({ endSession: false }).fetch);
    storeSignedInUser();
    const assign = vi.fn();
    const session = createAuthSession(testConfig, {
      location: { href: window.location.href, origin: testOrigin, hash: '', assign },
      history: window.history,
      sessionStorage,
      localStorage,
    });
    await session.start();

    await session.logout();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(sessionStorage.getItem(userStorageKey)).toBeNull();
    expect(assign).toHaveBeenCalledWith(`${testOrigin}/`);
  });
});
