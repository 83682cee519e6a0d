import { describe, expect, it } from 'vitest';
import {
  COST_FORMAT_MESSAGE,
  CREDITS_FORMAT_MESSAGE,
  ORGANIZATION_NAME_REQUIRED,
  organizationInputSchema,
  PRODUCT_REQUIRED,
  parseCost,
  productInputSchema,
  USER_REQUIRED,
  userInputSchema,
} from './admin-inputs.ts';

describe('parseCost (admin-app §5: cost parsed as a decimal, currency formatting stripped)', () => {
  it.each([
    ['49', '49'],
    ['49.5', '49.5'],
    ['49.00', '49.00'],
    ['$49.00', '49.00'],
    ['$ 1,250.00', '1250.00'],
    ['12,345,678', '12345678'],
    [' 7 ', '7'],
  ])('%j → %j', (text, cost) => expect(parseCost(text)).toBe(cost));

  it.each([
    '1,5',
    '1e309',
    '0x10',
    '-5',
    '1.234',
    '12,34',
    'Infinity',
    'NaN',
    '',
    '$',
    '1 000',
    '99999999999',
  ])('refuses %j', (text) => expect(parseCost(text)).toBeNull());
});

const product = {
  name: 'Starter',
  description: 'Two records',
  cost: '$1,250.00',
  credits: '5',
  inventoryTypeId: 'type-1',
  stripeId: 'price_1',
  stripePaylink: '',
};

describe('productInputSchema', () => {
  it('reads a currency-formatted cost and typed credits; an empty paylink is null', () => {
    expect(productInputSchema.parse(product)).toEqual({
      ...product,
      cost: '1250.00',
      credits: 5,
      stripePaylink: null,
    });
  });

  it.each([
    [{ ...product, name: '  ' }, PRODUCT_REQUIRED],
    [{ ...product, stripeId: '' }, PRODUCT_REQUIRED],
    [{ ...product, cost: '' }, PRODUCT_REQUIRED],
    [{ ...product, credits: '' }, PRODUCT_REQUIRED],
    [{ ...product, cost: '1,5' }, COST_FORMAT_MESSAGE],
    [{ ...product, cost: '1e309' }, COST_FORMAT_MESSAGE],
    [{ ...product, cost: '0x10' }, COST_FORMAT_MESSAGE],
    [{ ...product, credits: '2.5' }, CREDITS_FORMAT_MESSAGE],
    [{ ...product, credits: 0 }, CREDITS_FORMAT_MESSAGE],
    [{ ...product, credits: 1.5 }, CREDITS_FORMAT_MESSAGE],
  ])('%j is refused with %j', (input, message) => {
    const result = productInputSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('organizationInputSchema and userInputSchema', () => {
  it('sends an empty phone or website as null and requires a name', () => {
    expect(organizationInputSchema.parse({ name: ' Acme ', phone: ' ', website: '' })).toEqual({
      name: 'Acme',
      phone: null,
      website: null,
    });
    expect(organizationInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      ORGANIZATION_NAME_REQUIRED,
    );
  });

  it.each([
    [{ name: 'Acme', website: 'https://acme.example/\u202Egpj.exe' }, 'The website may not contain'],
    [{ name: 'Acme', website: '\u202Ahttps://acme.example' }, 'The website may not contain'],
    [{ name: 'Acme', phone: '555\u2067 0100' }, 'The phone number may not contain'],
    [{ name: 'Ac\u200Eme' }, 'The name may not contain'],
    [
      { name: 'Acme', supportText: 'Help', supportUrl: 'https://x.example/\u2068a' },
      'The support link may not',
    ],
  ])('refuses direction controls in what others read or follow: %j (issue 38 §5)', (input, message) => {
    expect(organizationInputSchema.safeParse(input).error?.issues[0]?.message).toMatch(
      new RegExp(`^${message}`),
    );
  });

  it('requires a user name and an organization', () => {
    expect(userInputSchema.safeParse({ name: 'Ada', organizationId: '' }).error?.issues[0]?.message).toBe(
      USER_REQUIRED,
    );
    expect(userInputSchema.parse({ name: ' Ada ', organizationId: 'org-1' })).toEqual({
      name: 'Ada',
      organizationId: 'org-1',
    });
  });
});
