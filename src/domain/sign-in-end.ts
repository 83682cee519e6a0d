import { ERASED_ACCOUNT_MESSAGE } from './erased-account.ts';

/**
 * Issue 38 §5 (decision 145): why the server refused a sign-in that was ended elsewhere. The server
 * answers 401 (and closes live connections with 4401) with the cause's message; the client maps the
 * message back to the cause, so an open screen names it at once.
 */
export type SignInEndCause = 'everywhere' | 'admin' | 'erased' | 'time-limit' | 'password' | 'logout';

export const SIGN_IN_END_MESSAGES: Readonly<Record<SignInEndCause, string>> = {
  everywhere: 'You signed out of all devices.',
  admin: 'An administrator signed you out.',
  erased: ERASED_ACCOUNT_MESSAGE,
  'time-limit': 'Your sign-in has reached its time limit. Sign in again.',
  password: 'This sign-in has ended because your password was changed. Sign in again.',
  logout: 'You logged out on this device.',
};

/** The cause a refusal's message names, or null for any other refusal (an expired token, say). */
export function signInEndCauseOf(message: unknown): SignInEndCause | null {
  for (const [cause, text] of Object.entries(SIGN_IN_END_MESSAGES))
    if (text === message) return cause as SignInEndCause;
  return null;
}

/** What was stored as `users.sign_in_ended_by`: a cause that ends every sign-in, or null (before it was kept). */
export function storedEndCause(value: string | null): SignInEndCause | null {
  return value === 'everywhere' || value === 'admin' || value === 'erased' || value === 'password'
    ? value
    : null;
}

/** A sign-in ended before its cause was kept (issue 14 §3's wording). */
export const SIGN_IN_ENDED_MESSAGE = 'This sign-in has ended. Sign in again.';
