import { createContext, type ReactNode, use, useMemo, useSyncExternalStore } from 'react';
import { type Role, type RoleFlags, roleFlags } from '#domain/roles.ts';
import type { SignInEndCause } from '#domain/sign-in-end.ts';
import type { AuthSession, LogoutOptions } from './auth-session.ts';
import type { SessionUser } from './stored-user.ts';

const AuthSessionContext = createContext<AuthSession | null>(null);

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthSessionContext value={session}>{children}</AuthSessionContext>;
}

export function useAuthSession(): AuthSession {
  const session = use(AuthSessionContext);
  if (!session) throw new Error('useAuth() needs an <AuthProvider> above it.');
  return session;
}

export interface Auth extends RoleFlags {
  user: SessionUser | null;
  idToken: string | null;
  isAuthenticated: boolean;
  /** True until the start-up check (callback, stored user, quiet sign-in) has finished. */
  isLoading: boolean;
  /** Issue 38 §5: the sign-in was ended elsewhere (the cause); the screen stays, signed out. */
  signInEnded: SignInEndCause | null;
  roles: Role[];
  name: string | null;
  email: string | null;
  /** False when the provider says the e-mail address is not verified yet. */
  emailVerified: boolean;
  login: () => Promise<void>;
  signup: () => Promise<void>;
  /** False when nothing happened because answers are unsent (issue 26): the caller asks the person. */
  logout: (options?: LogoutOptions) => Promise<boolean>;
  getIdToken: () => Promise<string | null>;
}

export function useAuth(): Auth {
  const session = useAuthSession();
  const { status, user, roles, ended } = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return useMemo(() => {
    const profile = user?.profile;
    return {
      user,
      idToken: user?.id_token ?? null,
      isAuthenticated: status === 'signed-in',
      isLoading: status === 'loading',
      signInEnded: ended ?? null,
      roles,
      ...roleFlags(roles),
      name: stringOrNull(profile?.name) ?? stringOrNull(profile?.email),
      email: stringOrNull(profile?.email),
      emailVerified: profile?.email_verified !== false,
      login: session.login,
      signup: session.signup,
      logout: session.logout,
      getIdToken: session.getIdToken,
    };
  }, [session, status, user, roles, ended]);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
