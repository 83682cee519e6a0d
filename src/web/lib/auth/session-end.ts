import type { SessionEndReason } from './auth-logout.ts';
import { SESSION_END_KEY } from './auth-logout.ts';
import { safeReturnTo } from './auth-redirect.ts';

// Only the page after a time-out reads this (session-ended-notice.tsx, loaded then): kept out of
// the script every screen loads.
const REASONS: readonly string[] = ['idle', 'lifetime', 'everywhere', 'logout'];

/** What the page after the provider's sign-out tells, and the route to return to after signing in. */
export interface SessionEnd {
  reason: SessionEndReason;
  returnTo: string | null;
}

/** How the last sign-in in this tab ended keeping answers, told once on the page after it. */
export function takeSessionEnd(storage: Storage): SessionEnd | null {
  const text = storage.getItem(SESSION_END_KEY);
  storage.removeItem(SESSION_END_KEY);
  return parseSessionEnd(text);
}

/** The stored record, read without side effects (React may render a component more than once). */
export function parseSessionEnd(text: string | null): SessionEnd | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<SessionEnd> | null;
    if (!value || typeof value.reason !== 'string' || !REASONS.includes(value.reason)) return null;
    return { reason: value.reason as SessionEndReason, returnTo: safeReturnTo(value.returnTo) };
  } catch {
    return null;
  }
}
