import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, importJWK, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey, loadOrCreateSigningKeys } from '../modules/identity/signing-keys.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { signTestIdToken } from '../test-support/test-tokens.ts';

describe('token check on protected calls (embedded issuer)', () => {
  const test = setUpTestApp();

  const me = (authorization?: string) =>
    test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('accepts a valid ID token and creates the user row on first sign-in', async () => {
    const sub = randomUUID();
    const token = await signTestIdToken(test.database.db, test.config, {
      sub,
      email: 'new@example.test',
      name: 'New Person',
    });
    const response = await me(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      federatedId: sub,
      email: 'new@example.test',
      name: 'New Person',
      // A person who signs in is a registered user (customer-app §6 role `user`).
      roles: ['user'],
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a call without a token with the spec message', async () => {
    const response = await me();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Failed to retrieve JWT token. User is not authenticated.' });
  });

  it.each(['Basic abc', 'Bearer', 'Bearer a b', 'bearer', 'Token xyz', 'Bearer <script>'])(
    'refuses the malformed header %j',
    async (header) => {
      const response = await me(header);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatch(/Malformed Authorization header|Failed to retrieve JWT token/);
    },
  );

  const forged: [string, () => Promise<string>, RegExp][] = [
    [
      'a wrong issuer',
      () =>
        signTestIdToken(test.database.db, test.config, { sub: randomUUID(), issuer: 'https://evil.example' }),
      /unknown issuer/,
    ],
    [
      'a wrong audience',
      () => signTestIdToken(test.database.db, test.config, { sub: randomUUID(), audience: 'someone-else' }),
      /not meant for this application/,
    ],
    [
      'an expired token (beyond the 60 s leeway)',
      () => signTestIdToken(test.database.db, test.config, { sub: randomUUID(), expiresIn: -120 }),
      /expired/,
    ],
    [
      'HS256 signed with the public key as secret',
      async () => {
        const { keys } = await loadOrCreateSigningKeys(test.database.db);
        const secret = new TextEncoder().encode(
          JSON.stringify({ kty: keys[0]?.kty, n: keys[0]?.n, e: keys[0]?.e }),
        );
        return new SignJWT({})
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(randomUUID())
          .setIssuer(test.config.oidc.issuer)
          .setAudience(test.config.oidc.clientId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(secret);
      },
      /not signed with RS256/,
    ],
    [
      'alg none',
      async () =>
        new UnsecuredJWT({})
          .setSubject(randomUUID())
          .setIssuer(test.config.oidc.issuer)
          .setAudience(test.config.oidc.clientId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .encode(),
      /not signed with RS256|malformed/,
    ],
    [
      'a bad signature (payload altered after signing)',
      async () => {
        const token = await signTestIdToken(test.database.db, test.config, { sub: randomUUID() });
        const [header, payload, signature] = token.split('.');
        const altered = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
        altered.sub = 'someone-else';
        return [header, Buffer.from(JSON.stringify(altered)).toString('base64url'), signature].join('.');
      },
      /signature is invalid/,
    ],
    [
      'a key that is not the issuer’s (same kid)',
      async () => {
        const { keys } = await loadOrCreateSigningKeys(test.database.db);
        const other = await importJWK(await generateSigningKey(), 'RS256');
        return new SignJWT({})
          .setProtectedHeader({ alg: 'RS256', kid: keys[0]?.kid ?? '' })
          .setSubject(randomUUID())
          .setIssuer(test.config.oidc.issuer)
          .setAudience(test.config.oidc.clientId)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(other);
      },
      /signature is invalid/,
    ],
    [
      'a token without exp',
      () => signTestIdToken(test.database.db, test.config, { sub: randomUUID(), extra: { exp: undefined } }),
      /invalid|expired/,
    ],
    [
      'a token issued in the future',
      () =>
        signTestIdToken(test.database.db, test.config, {
          sub: randomUUID(),
          extra: { iat: Math.floor(Date.now() / 1000) + 600 },
        }),
      /future|invalid/,
    ],
    ['plain garbage', async () => 'abc.def.ghi', /malformed|could not be verified/],
  ];

  it.each(forged)('refuses %s with a 401 and a clear error', async (_name, makeToken, message) => {
    const response = await me(`Bearer ${await makeToken()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toMatch(message);
    // The server keeps serving.
    expect((await test.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('accepts a token up to 60 s past its expiry (leeway), not later', async () => {
    const within = await signTestIdToken(test.database.db, test.config, {
      sub: randomUUID(),
      expiresIn: -30,
    });
    expect((await me(`Bearer ${within}`)).statusCode).toBe(200);
  });
});

describe('token check with an external issuer (OIDC_ISSUER)', () => {
  let issuerServer: http.Server;
  let issuer: string;
  let test: TestApp;
  let sign: (claims: Record<string, unknown>) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'RS256', use: 'sig' };
    issuerServer = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/.well-known/openid-configuration') {
        response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }));
      } else if (request.url === '/jwks') {
        response.end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(issuerServer.address() as { port: number }).port}`;
    test = await createTestApp({ env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'external-client' } });
    sign = (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'external-1' })
        .setIssuer(issuer)
        .setAudience('external-client')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
  });
  afterAll(async () => {
    await test.close();
    await new Promise((resolve) => issuerServer.close(resolve));
  });

  it('verifies tokens against the keys the issuer publishes', async () => {
    const token = await sign({
      sub: 'auth0|123',
      email: 'ext@example.test',
      email_verified: true,
      name: 'External',
    });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ federatedId: 'auth0|123', email: 'ext@example.test' });
  });

  it('refuses a token of the embedded issuer when an external one is configured', async () => {
    const token = await signTestIdToken(test.database.db, test.config, {
      sub: randomUUID(),
      issuer: `${test.config.publicUrl}/oidc`,
    });
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
