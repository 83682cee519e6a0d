import type { ClientConfig } from '#domain/client-config.ts';
import type { Role } from '#domain/roles.ts';
import type { SignInEndCause } from '#domain/sign-in-end.ts';
import { idTokenProblem, rolesFromClaims } from './id-token-claims.ts';
import type { SessionUser } from './stored-user.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthSnapshot {
  status: AuthStatus;
  user: SessionUser | null;
  /** customer-app §4: set from the ID token's allowed-roles list after login; empty once logged out. */
  roles: Role[];
  /**
   * Issue 38 §5: the server refused this sign-in because it was ended elsewhere (its live
   * connection closed, or a call was refused, naming why). The screen stays, the header shows the
   * signed-out state, nothing is retried; the person signs in again or logs out.
   */
  ended?: SignInEndCause;
}

export const SIGNED_OUT: AuthSnapshot = { status: 'signed-out', user: null, roles: [] };

/** What React reads of the session (useSyncExternalStore): the snapshot and its listeners. */
export interface AuthStore {
  getSnapshot(): AuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** A new state; listeners hear of it only when the status or the ID token changed. */
  publish(next: AuthSnapshot): void;
}

export function createAuthStore(initial: AuthSnapshot): AuthStore {
  const listeners = new Set<() => void>();
  let snapshot = initial;
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(next) {
      if (
        next.status === snapshot.status &&
        next.user?.id_token === snapshot.user?.id_token &&
        next.ended === snapshot.ended
      )
        return;
      snapshot = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * The signed-in state of a user whose ID token passes the customer-app §5 checks, or the problem
 * that refuses it.
 */
export function signedInState(
  user: SessionUser,
  idToken: string,
  config: ClientConfig,
  now: number,
): { state: AuthSnapshot } | { problem: string } {
  const problem = idTokenProblem(idToken, {
    issuer: config.oidc.authority,
    clientId: config.oidc.clientId,
    now,
  });
  if (problem) return { problem };
  return {
    state: { status: 'signed-in', user, roles: rolesFromClaims(user.profile, config.oidc.claimsNamespace) },
  };
}

export function isExpired(exp: unknown, now: number): boolean {
  return typeof exp !== 'number' || exp <= now;
}
