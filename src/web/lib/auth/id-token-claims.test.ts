import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig, testIdToken } from '#web/test-support/fake-identity-provider.ts';
import { idTokenProblem, isExpiringSoon, rolesFromClaims } from './id-token-claims.ts';

const namespace = testConfig.oidc.claimsNamespace;

afterEach(() => vi.restoreAllMocks());

describe('rolesFromClaims', () => {
  it.each([
    [{ [namespace]: { 'allowed-roles': ['admin', 'customer'] } }, ['admin', 'customer']],
    [{ [namespace]: { 'allowed-roles': ['client', 'superuser', 7] } }, ['client']],
    [{ [namespace]: { 'allowed-roles': 'admin' } }, []],
    [{ [namespace]: {} }, []],
  ])('reads %j as %j', (claims, roles) => {
    expect(rolesFromClaims(claims, namespace)).toEqual(roles);
  });

  it('gives no roles, and only logs, when the claims object is missing (customer-app §8)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(rolesFromClaims({ 'allowed-roles': ['admin'] }, namespace)).toEqual([]);
    expect(log).toHaveBeenCalledOnce();
  });
});

describe('idTokenProblem (customer-app §5)', () => {
  const now = Math.floor(Date.now() / 1000);
  const expected = { issuer: testConfig.oidc.authority, clientId: testConfig.oidc.clientId, now };

  it.each([
    ['an acceptable token', testIdToken(), null],
    ['a trailing slash on the issuer', testIdToken({ claims: { iss: `${expected.issuer}/` } }), null],
    ['the audience in a list', testIdToken({ claims: { aud: ['other', expected.clientId] } }), null],
    ['expired 59 s ago (within the 60 s leeway)', testIdToken({ expiresIn: -59 }), null],
    ['expired 61 s ago', testIdToken({ expiresIn: -61 }), 'The ID token has expired.'],
    ['HS256', testIdToken({ alg: 'HS256' }), 'Unexpected signature algorithm "HS256".'],
    ['another issuer', testIdToken({ claims: { iss: 'https://evil.example' } }), 'Issuer does not match.'],
    ['another audience', testIdToken({ claims: { aud: 'someone-else' } }), 'Audience does not match.'],
    ['no subject', testIdToken({ claims: { sub: '' } }), 'User ID (sub) not found in token.'],
    ['a text exp', testIdToken({ claims: { exp: 'tomorrow' } }), 'exp and iat must be numbers.'],
    [
      'issued in the future',
      testIdToken({ claims: { iat: now + 120 } }),
      'The ID token was issued in the future.',
    ],
    ['no payload', 'header-only', 'Invalid token format. Missing payload.'],
  ])('%s', (_case, token, problem) => {
    expect(idTokenProblem(token, expected)).toBe(problem);
  });
});

describe('isExpiringSoon', () => {
  it.each([
    [1000 + 61, false],
    [1000 + 60, true],
    [999, true],
    [undefined, true],
  ])('exp %s at now 1000 → %s', (exp, expiring) => {
    expect(isExpiringSoon(exp, 1000)).toBe(expiring);
  });
});
