import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * A browser as far as the sign-in pages can tell, for tests over a real socket: real HTTP with
 * fetch, cookies kept by name and path, redirects followed by hand, an Origin header on posts.
 * `ip` is sent as X-Forwarded-For (for servers started with TRUST_PROXY=1), so tests can act
 * as different networks.
 */
export interface TestBrowser {
  readonly baseUrl: string;
  request(
    url: string,
    init?: { method?: string; form?: Record<string, string>; origin?: string },
  ): Promise<Response>;
  /** GET (or POST a form), then follow redirects on our own site until a page answers. */
  visit(url: string, form?: Record<string, string>): Promise<Visit>;
  cookieNames(): string[];
}

export interface Visit {
  response: Response;
  /** Where the last request went. */
  url: string;
  body: string;
  /** Set when the redirects ended at an address outside the server (the client's redirect URI). */
  leftTo?: string;
}

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

export function createTestBrowser(baseUrl: string, options: { ip?: string } = {}): TestBrowser {
  const cookies = new Map<string, StoredCookie>();

  function cookieHeader(url: URL): string {
    return [...cookies.values()]
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  function store(url: URL, response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = url.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) expired = true;
      }
      const key = `${name}|${path}`;
      if (expired) cookies.delete(key);
      else cookies.set(key, { name, value, path });
    }
  }

  async function request(
    target: string,
    init: { method?: string; form?: Record<string, string>; origin?: string } = {},
  ): Promise<Response> {
    const url = new URL(target, baseUrl);
    const headers: Record<string, string> = { accept: 'text/html' };
    const cookie = cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    const method = init.method ?? (init.form ? 'POST' : 'GET');
    if (method === 'POST') headers.origin = init.origin ?? new URL(baseUrl).origin;
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method,
      headers,
      redirect: 'manual',
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    store(url, response);
    return response;
  }

  return {
    baseUrl,
    request,
    async visit(target, form) {
      let url = new URL(target, baseUrl).toString();
      let response = await request(url, form ? { form } : {});
      for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops += 1) {
        const location = response.headers.get('location');
        if (!location) break;
        const next = new URL(location, url);
        // The client's redirect URI is the web app: stop there, as the code belongs to the client.
        if (next.origin !== new URL(baseUrl).origin || next.pathname === '/') {
          await response.arrayBuffer();
          return { response, url, body: '', leftTo: next.toString() };
        }
        await response.arrayBuffer();
        url = next.toString();
        response = await request(url);
      }
      return { response, url, body: await response.text() };
    },
    cookieNames: () => [...cookies.values()].map((c) => c.name),
  };
}

export interface Pkce {
  verifier: string;
  challenge: string;
  state: string;
  nonce: string;
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return {
    verifier,
    challenge: createHash('sha256').update(verifier).digest('base64url'),
    state: randomBytes(12).toString('base64url'),
    nonce: randomBytes(12).toString('base64url'),
  };
}

/** The authorization request our web client makes (customer-app §7), with an optional sign-up hint. */
export function authorizeUrl(config: Config, pkce: Pkce, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: config.oidc.clientId,
    redirect_uri: `${config.publicUrl}/`,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
    state: pkce.state,
    nonce: pkce.nonce,
    ...extra,
  });
  return `/oidc/auth?${params}`;
}

export interface TokenSet {
  id_token: string;
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  token_type: string;
  scope: string;
}

/** A POST to the token endpoint; `issuer` names another instance of the same provider. */
export async function postToken(
  config: Config,
  form: Record<string, string>,
  issuer = config.oidc.issuer,
): Promise<Response> {
  return fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: config.oidc.clientId, ...form }).toString(),
  });
}

export async function exchangeCode(config: Config, code: string, verifier: string): Promise<TokenSet> {
  const response = await postToken(config, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: `${config.publicUrl}/`,
  });
  if (!response.ok) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenSet;
}

export async function refreshTokens(
  config: Config,
  refreshToken: string,
  issuer?: string,
): Promise<Response> {
  return postToken(config, { grant_type: 'refresh_token', refresh_token: refreshToken }, issuer);
}

/** The claims of a JWT, unverified (tests verify through the server's own check). */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

/** The value of a hidden input of a page. */
export function hiddenField(html: string, name: string): string | undefined {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

/** The action of a page's first form with this method (what a browser would post to). */
export function formAction(html: string): string | undefined {
  const match = /<form[^>]*\saction="([^"]+)"/.exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

/** The text of the error summary, if the page shows one. */
export function errorSummaryText(html: string): string | undefined {
  const match = /<div class="error-summary"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return match?.[1]
    ?.replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ')
    .trim();
}
