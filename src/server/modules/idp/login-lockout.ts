/**
 * How long an account of the embedded provider stays locked after consecutive failed sign-ins
 * (DESIGN §8: rate limits on sign-in). Five failures lock it for a minute; each further failure
 * doubles the lock, up to half an hour, so guessing a password takes years while the owner is
 * never locked out for long (and a password reset unlocks at once).
 */
export const FAILURES_BEFORE_LOCK = 5;
export const FIRST_LOCK_MS = 60_000;
export const LONGEST_LOCK_MS = 30 * 60_000;

/** The lock that follows the given number of consecutive failures, or 0 for none. */
export function lockDurationMs(consecutiveFailures: number): number {
  if (consecutiveFailures < FAILURES_BEFORE_LOCK) return 0;
  const doublings = Math.min(consecutiveFailures - FAILURES_BEFORE_LOCK, 20);
  return Math.min(FIRST_LOCK_MS * 2 ** doublings, LONGEST_LOCK_MS);
}

/** Whole minutes left, rounded up, for the message ("locked for 2 minutes"). */
export function minutesLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}
