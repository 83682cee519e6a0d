/** The four roles of both specs (customer-app §6, admin-app §6), in badge order. */
export const ROLES = ['admin', 'client', 'customer', 'user'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Role flags of the session (customer-app §4: set from the allowed-roles list after login). */
export interface RoleFlags {
  isAdmin: boolean;
  isCustomer: boolean;
  isClient: boolean;
  isUser: boolean;
  /** customer-app §6: Account, Products and the inventory wizard are for customers and admins. */
  isCustomerOrAdmin: boolean;
}

/** customer-app §6 "customers and admins": the one statement of that rule, for client and server. */
export function isCustomerOrAdmin(roles: readonly string[]): boolean {
  return roles.includes('customer') || roles.includes('admin');
}

export function roleFlags(roles: readonly string[]): RoleFlags {
  return {
    isAdmin: roles.includes('admin'),
    isCustomer: roles.includes('customer'),
    isClient: roles.includes('client'),
    isUser: roles.includes('user'),
    isCustomerOrAdmin: isCustomerOrAdmin(roles),
  };
}
