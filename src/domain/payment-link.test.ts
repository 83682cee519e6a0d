import { describe, expect, it } from 'vitest';
import { checkoutScreenLink, sandboxCheckoutLink, withClientReference } from './payment-link.ts';

const ORG = '9b2f6a4e-3f7e-4a8c-9a60-0d3f0b1e2c11';

describe('withClientReference', () => {
  it.each([
    ['https://buy.stripe.com/test_abc', `https://buy.stripe.com/test_abc?client_reference_id=${ORG}`],
    [
      'https://buy.stripe.com/test_abc?prefilled_email=a%40b.c',
      `https://buy.stripe.com/test_abc?prefilled_email=a%40b.c&client_reference_id=${ORG}`,
    ],
    // Hash routes: the query belongs to the route, where the sandbox page reads it.
    ['/#/sandbox-checkout/p1', `/#/sandbox-checkout/p1?client_reference_id=${ORG}`],
  ])('%s', (link, expected) => {
    expect(withClientReference(link, ORG)).toBe(expected);
  });
  it('encodes a reference that is not URL-safe', () => {
    expect(withClientReference('https://x.test/p', 'a b&c')).toBe(
      'https://x.test/p?client_reference_id=a%20b%26c',
    );
  });
});

describe('local links', () => {
  it('leads to the sandbox page and the checkout screen by hash route', () => {
    expect(sandboxCheckoutLink('p1')).toBe('/#/sandbox-checkout/p1');
    expect(checkoutScreenLink('price_123')).toBe('/#/checkout/price_123');
    expect(checkoutScreenLink('a/b')).toBe('/#/checkout/a%2Fb');
  });
});
