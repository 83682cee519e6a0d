import type { FindAccount } from 'oidc-provider';
import { ALLOWED_ROLES_KEY, ISSUED_AT_MS_KEY, SIGN_IN_SESSION_KEY } from '#domain/client-config.ts';
import type { Role } from '#domain/roles.ts';
import type { Db } from '../../db/database.ts';
import type { RecordWriteDeps } from '../../kernel/record-writes.ts';
import { resolveViewer } from '../identity/viewer.ts';
import { findAccountById, type IdpAccount } from './account-repository.ts';

/**
 * The claims the provider puts into ID tokens, read from the database every time one is issued
 * (sign-in and every refresh), so a verified address or a new role shows up at the next refresh.
 * `sub` is the account id. The allowed-roles claim only mirrors the database for the client's
 * role flags (customer-app §6); the server authorizes from the database (DESIGN §6).
 */
export function accountFinder(db: Db, records: RecordWriteDeps, claimsNamespace: string): FindAccount {
  return async (_ctx, id, token) => {
    const account = await findAccountById(db, id);
    // The code or refresh token the ID token is issued for names the provider session (device).
    const sessionUid = (token as { sessionUid?: unknown } | undefined)?.sessionUid;
    if (!account) return undefined;
    return {
      accountId: account.id,
      // Called as each token is issued: `use` is 'id_token' for one, 'userinfo' for the endpoint.
      claims: async (use) => ({
        sub: account.id,
        name: account.name,
        email: account.email,
        email_verified: account.emailVerified,
        [claimsNamespace]: {
          [ALLOWED_ROLES_KEY]: await rolesOfAccount(records, account),
          // Issue 25 §5: when this token was issued, to the millisecond (viewer.ts revocation).
          ...(use === 'id_token' ? { [ISSUED_AT_MS_KEY]: Date.now() } : {}),
          // Issue 38 §4: which device's sign-in this is, so Logout ends that one only.
          ...(use === 'id_token' && typeof sessionUid === 'string'
            ? { [SIGN_IN_SESSION_KEY]: sessionUid }
            : {}),
        },
      }),
    };
  };
}

/**
 * The roles of the account's user row, through the same `resolveViewer` the API uses: on the first
 * sign-in it creates (or, for a verified invited address, links) the row, so even the first token
 * carries the roles the API will see.
 */
async function rolesOfAccount(records: RecordWriteDeps, account: IdpAccount): Promise<Role[]> {
  const viewer = await resolveViewer(records, {
    sub: account.id,
    email: account.email,
    emailVerified: account.emailVerified,
    name: account.name,
    claimedRoles: [],
    expiresAt: Date.now(),
    issuedAt: Date.now(),
    issuedAtMs: null,
    authTime: null,
  });
  return viewer.roles;
}
