/**
 * Issue 29 §4 (OWASP ASVS V7.3): when a sign-in ends in the browser. After `idleMs` without the
 * person's input it ends ("idle"); at `maxMs` after the sign-in it ends whatever they do
 * ("lifetime"). A warning comes two minutes before the idle end (half the idle time when that is
 * shorter, as tests make it), so the person can stay signed in.
 */
export interface SessionClock {
  /** The last input of the person (ms since the epoch). */
  lastActivity: number;
  /** When the person signed in (the ID token's auth_time in ms), null when unknown. */
  signedInAt: number | null;
  idleMs: number;
  maxMs: number;
  now: number;
}

export type SessionPhase =
  | { phase: 'active'; nextCheckInMs: number }
  | { phase: 'warning'; endsInMs: number }
  | { phase: 'ended'; reason: 'idle' | 'lifetime' };

export const IDLE_WARNING_MS = 2 * 60_000;

export function idleWarningMs(idleMs: number): number {
  return Math.min(IDLE_WARNING_MS, idleMs / 2);
}

export function sessionPhase({ lastActivity, signedInAt, idleMs, maxMs, now }: SessionClock): SessionPhase {
  const lifetimeEnd = signedInAt === null ? Number.POSITIVE_INFINITY : signedInAt + maxMs;
  const idleEnd = lastActivity + idleMs;
  if (now >= lifetimeEnd) return { phase: 'ended', reason: 'lifetime' };
  if (now >= idleEnd) return { phase: 'ended', reason: 'idle' };
  const warnAt = idleEnd - idleWarningMs(idleMs);
  if (now >= warnAt) return { phase: 'warning', endsInMs: idleEnd - now };
  return { phase: 'active', nextCheckInMs: Math.min(warnAt, lifetimeEnd) - now };
}

/** "1:05", as the warning counts down (whole seconds, rounded up). */
export function countdownText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
