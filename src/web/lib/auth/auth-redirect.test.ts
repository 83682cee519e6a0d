import { describe, expect, it } from 'vitest';
import { currentHashRoute, readAuthRedirect, safeReturnTo } from './auth-redirect.ts';

describe('readAuthRedirect', () => {
  it.each([
    ['https://app.test/', { kind: 'none' }],
    ['https://app.test/#/faq', { kind: 'none' }],
    ['https://app.test/?code=c', { kind: 'none' }],
    ['https://app.test/?code=c&state=s', { kind: 'signin', cleanUrl: '/' }],
    ['https://app.test/?code=c&state=s#/record/1', { kind: 'signin', cleanUrl: '/#/record/1' }],
    ['https://app.test/?error=login_required&state=s', { kind: 'signin', cleanUrl: '/' }],
    ['https://app.test/?state=s', { kind: 'signout', cleanUrl: '/' }],
  ])('%s', (href, expected) => {
    expect(readAuthRedirect(href)).toMatchObject(expected);
  });
});

describe('safeReturnTo', () => {
  it.each([
    ['/record/1', '/record/1'],
    ['/checkout?stripeId=x', '/checkout?stripeId=x'],
    ['//evil.example', null],
    ['https://evil.example', null],
    [42, null],
  ])('%j → %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it('reads the hash route', () => {
    expect(currentHashRoute('#/faq')).toBe('/faq');
    expect(currentHashRoute('')).toBe('/');
  });
});
