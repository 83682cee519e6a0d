import type { Role } from '#domain/roles.ts';
import { ROLES } from '#domain/roles.ts';

export const ROLE_LABELS = { admin: 'Admin', client: 'Client', customer: 'Customer', user: 'User' } as const;

/** What the account menu offers (issue 44 §1), in its order; Account only where the route serves the person. */
export type AccountAction = 'account' | 'sign-out-everywhere' | 'logout';

export const ACCOUNT_ACTION_LABELS: Record<AccountAction, string> = {
  account: 'Account',
  'sign-out-everywhere': 'Sign out of all devices',
  logout: 'Logout',
};

export function accountActions(isCustomerOrAdmin: boolean): AccountAction[] {
  return isCustomerOrAdmin ? ['account', 'sign-out-everywhere', 'logout'] : ['sign-out-everywhere', 'logout'];
}

/** "Admin, Customer": the person's roles in words, in the spec's order. */
export function rolesInWords(roles: readonly Role[]): string {
  return ROLES.filter((role) => roles.includes(role))
    .map((role) => ROLE_LABELS[role])
    .join(', ');
}
