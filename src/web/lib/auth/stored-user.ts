import type { ClientConfig } from '#domain/client-config.ts';

/**
 * The signed-in person as the app uses them: the ID token and its claims. oidc-client-ts's `User`
 * has this shape too; this one can be read without loading that library (issue 15 §3: only what
 * signing in needs is loaded up front, and a returning person needs nothing of it at start-up).
 */
export interface SessionUser {
  id_token?: string;
  profile: { sub: string; exp?: number; [claim: string]: unknown };
  /** Seconds since the epoch, as oidc-client-ts stores it. */
  expires_at?: number;
}

/** Where oidc-client-ts (WebStorageStateStore, prefix "oidc.") keeps the signed-in user. */
export function userStorageKeyOf(config: Pick<ClientConfig, 'oidc'>): string {
  return `oidc.user:${config.oidc.authority}:${config.oidc.clientId}`;
}

/**
 * The user oidc-client-ts stored in this tab, read as that library would read it; null when there
 * is none or it cannot be understood (the library then decides, once loaded).
 */
export function readStoredUser(storage: Storage, config: Pick<ClientConfig, 'oidc'>): SessionUser | null {
  let text: string | null;
  try {
    text = storage.getItem(userStorageKeyOf(config));
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Partial<SessionUser> | null;
    const profile = stored?.profile;
    if (typeof stored?.id_token !== 'string' || typeof profile?.sub !== 'string') return null;
    return {
      id_token: stored.id_token,
      profile,
      ...(typeof stored.expires_at === 'number' ? { expires_at: stored.expires_at } : {}),
    };
  } catch {
    return null;
  }
}
