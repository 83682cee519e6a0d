// Web unit tests talk to the network only through `fetch`; this stands in for the identity provider
// and the GraphQL endpoint at that boundary (the browser tests in e2e/ use the real server).
import type { ClientConfig } from '#domain/client-config.ts';

export const testOrigin = window.location.origin;
export const testClaimsNamespace = 'https://life-record.app/claims';

export const testConfig: ClientConfig = {
  productName: 'Life Record',
  oidc: {
    authority: `${testOrigin}/oidc`,
    clientId: 'life-record-web',
    claimsNamespace: testClaimsNamespace,
  },
  session: { idleMinutes: 30, maxHours: 12 },
  quickExitUrl: 'https://www.bbc.co.uk/weather',
  supportLine: { text: 'Talk to someone you trust.', phone: null, url: null },
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

function base64Url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface TestIdentity {
  sub?: string;
  name?: string;
  email?: string;
  emailVerified?: boolean;
  roles?: string[];
  /** Seconds from now until the token expires. */
  expiresIn?: number;
  claims?: Record<string, unknown>;
  alg?: string;
}

/** An ID token shaped as the provider issues it (the signature is the server's concern, not the browser's). */
export function testIdToken(identity: TestIdentity = {}): string {
  const iat = nowSeconds();
  const claims = {
    iss: testConfig.oidc.authority,
    aud: testConfig.oidc.clientId,
    sub: identity.sub ?? 'subject-1',
    iat,
    exp: iat + (identity.expiresIn ?? 3600),
    name: identity.name ?? 'Ada Lovelace',
    email: identity.email ?? 'ada@example.com',
    email_verified: identity.emailVerified ?? true,
    [testClaimsNamespace]: { 'allowed-roles': identity.roles ?? [] },
    ...identity.claims,
  };
  return `${base64Url({ alg: identity.alg ?? 'RS256', typ: 'JWT' })}.${base64Url(claims)}.c2lnbmF0dXJl`;
}

export const userStorageKey = `oidc.user:${testConfig.oidc.authority}:${testConfig.oidc.clientId}`;

/** A signed-in tab: oidc-client-ts keeps the user in sessionStorage under this key. */
export function storeSignedInUser(identity: TestIdentity & { refreshToken?: string } = {}): string {
  const idToken = testIdToken(identity);
  const [, payload] = idToken.split('.');
  const profile = JSON.parse(atob((payload ?? '').replace(/-/g, '+').replace(/_/g, '/')));
  sessionStorage.setItem(
    userStorageKey,
    JSON.stringify({
      id_token: idToken,
      access_token: 'access-token',
      token_type: 'Bearer',
      scope: 'openid profile email',
      refresh_token: identity.refreshToken,
      profile,
      expires_at: profile.exp,
    }),
  );
  return idToken;
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

export interface FakeNetworkOptions {
  /** Whether the provider publishes its discovery document (false: 404, as with no provider). */
  provider?: boolean;
  endSession?: boolean;
  tokenResponse?: (form: URLSearchParams) => Record<string, unknown>;
  graphql?: (body: { query: string; variables: unknown }) => Response | Promise<Response>;
  /** Answers for the /api services (invite, resend, checkout, sandbox), by path. */
  api?: (request: {
    path: string;
    search: string;
    method: string;
    body: unknown;
  }) => Response | Promise<Response>;
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A `fetch` answering for the provider, /graphql and /api, recording every request. */
export function fakeNetwork(options: FakeNetworkOptions = {}) {
  const requests: RecordedRequest[] = [];
  const authority = testConfig.oidc.authority;
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const body = typeof init.body === 'string' ? init.body : init.body ? String(init.body) : '';
    requests.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body });
    const path = new URL(url, testOrigin).pathname;
    if (path === '/oidc/.well-known/openid-configuration') {
      if (options.provider === false) return new Response('Not Found', { status: 404 });
      return jsonResponse({
        issuer: authority,
        authorization_endpoint: `${authority}/auth`,
        token_endpoint: `${authority}/token`,
        jwks_uri: `${authority}/jwks`,
        ...(options.endSession === false ? {} : { end_session_endpoint: `${authority}/session/end` }),
      });
    }
    if (path === '/oidc/token' && options.tokenResponse) {
      return jsonResponse(options.tokenResponse(new URLSearchParams(body)));
    }
    if (path === '/graphql' && options.graphql) return options.graphql(JSON.parse(body));
    if (path.startsWith('/api/') && options.api) {
      const { search } = new URL(url, testOrigin);
      return options.api({
        path,
        search,
        method: init.method ?? 'GET',
        body: body ? JSON.parse(body) : undefined,
      });
    }
    return new Response('Not Found', { status: 404 });
  };
  return { fetch, requests };
}
