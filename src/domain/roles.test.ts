import { describe, expect, it } from 'vitest';
import { isRole, roleFlags } from './roles.ts';

describe('roles', () => {
  it.each([
    [[], { isAdmin: false, isCustomer: false, isClient: false, isUser: false, isCustomerOrAdmin: false }],
    [
      ['admin'],
      { isAdmin: true, isCustomer: false, isClient: false, isUser: false, isCustomerOrAdmin: true },
    ],
    [
      ['customer', 'client'],
      { isAdmin: false, isCustomer: true, isClient: true, isUser: false, isCustomerOrAdmin: true },
    ],
    [
      ['user', 'unknown'],
      { isAdmin: false, isCustomer: false, isClient: false, isUser: true, isCustomerOrAdmin: false },
    ],
  ])('flags for %o', (roles, flags) => {
    expect(roleFlags(roles)).toEqual(flags);
  });

  it('knows exactly the four roles', () => {
    expect(['admin', 'customer', 'client', 'user'].every(isRole)).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
