/**
 * Issue 39 §4 (docs/decisions/150-fair-share.md): each account's share of the server. A budget is
 * a token bucket: `perSecond` units come back every second, at most `burst` are kept. A request
 * that finds too few waits until its units are back, if that is within the time it may wait, and
 * is refused otherwise with the time after which it would be let through. Pure: the caller keeps
 * the buckets and the clock.
 */
export interface RateRule {
  perSecond: number;
  burst: number;
}

/** Units at hand at `at` (ms); below zero when earlier requests were let through on credit. */
export interface Bucket {
  level: number;
  at: number;
}

export type Admission =
  /** Go after `waitMs` (0: at once); the units are taken from `bucket`. */
  | { kind: 'go'; waitMs: number; bucket: Bucket }
  /** Too many: nothing taken; worth trying again after `retryAfterMs`. */
  | { kind: 'refuse'; retryAfterMs: number; bucket: Bucket };

/** The bucket at `now`: what came back since it was last seen, never more than the burst. */
export function refill(rule: RateRule, bucket: Bucket | undefined, now: number): Bucket {
  if (!bucket) return { level: rule.burst, at: now };
  const elapsed = Math.max(0, now - bucket.at);
  return { level: Math.min(rule.burst, bucket.level + (elapsed * rule.perSecond) / 1000), at: now };
}

/**
 * Takes `cost` units (a cost above the burst counts as the burst: one large request is let through
 * on a full bucket, never refused for ever). Waits of up to `maxWaitMs` are given, longer ones refused.
 */
export function admit(
  rule: RateRule,
  bucket: Bucket | undefined,
  cost: number,
  now: number,
  maxWaitMs: number,
): Admission {
  const current = refill(rule, bucket, now);
  const units = Math.min(Math.max(0, cost), rule.burst);
  const waitMs = current.level >= units ? 0 : ((units - current.level) * 1000) / rule.perSecond;
  if (waitMs > maxWaitMs) return { kind: 'refuse', retryAfterMs: waitMs - maxWaitMs, bucket: current };
  return { kind: 'go', waitMs, bucket: { level: current.level - units, at: now } };
}

/**
 * For what is sent rather than asked for (live updates): the units are always taken, and the
 * answer is how long the next one should wait until the bucket is no longer in debt.
 */
export function pace(
  rule: RateRule,
  bucket: Bucket | undefined,
  cost: number,
  now: number,
): { delayMs: number; bucket: Bucket } {
  const current = refill(rule, bucket, now);
  const level = current.level - Math.max(0, cost);
  return { delayMs: level >= 0 ? 0 : (-level * 1000) / rule.perSecond, bucket: { level, at: now } };
}

/** Whole seconds for a Retry-After header: at least 1. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

export type BudgetKind = 'operations' | 'sentBytes' | 'receivedBytes';

export function overBudgetMessage(kind: BudgetKind, retryAfterMs: number): string {
  const seconds = retryAfterSeconds(retryAfterMs);
  const what = {
    operations: 'Your account is sending requests faster than its share of the server allows.',
    sentBytes: 'Your account is sending more data per second than its share of the server allows.',
    receivedBytes: 'Your account is asking for more data per second than its share of the server allows.',
  }[kind];
  return `${what} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

export const SOCKET_FLOOD_REASON = 'Too many messages on this connection; it was closed.';
