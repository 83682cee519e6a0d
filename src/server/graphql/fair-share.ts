import { admit, type Bucket, overBudgetMessage, pace, type RateRule, refill } from '#domain/fair-share.ts';

/** Issue 39 §4: an account's budgets (config.ts FAIR_SHARE_*; docs/decisions/150-fair-share.md). */
export interface FairShareSettings {
  /** GraphQL operations (HTTP and WebSocket, subscriptions started too) per second. */
  operations: RateRule;
  /** Bytes of the operations the account sends (saves' answers) per second. */
  sentBytes: RateRule;
  /**
   * Bytes the account is sent per second: answers to its operations and live updates to its
   * subscriptions. Charged once sent (their size is known only then); while the account is in
   * debt its next operations wait or are refused and its next live updates wait.
   */
  receivedBytes: RateRule;
  /** Messages per second on one WebSocket, whatever they are. */
  socketMessages: RateRule;
  /** How long a request over its account's budget may wait before it is refused instead. */
  maxWaitMs: number;
}

export type FairShareVerdict =
  | { ok: true; waitMs: number }
  | { ok: false; retryAfterMs: number; message: string };

export const RATE_LIMITED_CODE = 'RATE_LIMITED';

export interface FairShare {
  /** Takes one operation of `bytes` from the account's budgets, or refuses it (taking nothing). */
  take(account: string, bytes: number): FairShareVerdict;
  /** `bytes` were sent to the account (an answer or a live update): how long its next ones should wait. */
  paceLive(account: string, bytes: number): number;
  /** How long the account's next live update should wait (its debt of bytes sent, paid back). */
  liveDelayMs(account: string): number;
  /** A fresh per-connection message budget: false once the connection floods. */
  socketMessages(): () => boolean;
}

interface AccountBuckets {
  operations?: Bucket;
  sentBytes?: Bucket;
  receivedBytes?: Bucket;
}

const SWEEP_EVERY = 1_000;

export function createFairShare(settings: FairShareSettings, now: () => number = Date.now): FairShare {
  const accounts = new Map<string, AccountBuckets>();
  let calls = 0;

  // A bucket that has filled up again says nothing: dropped, so the map holds only recent accounts.
  const sweep = () => {
    if (++calls % SWEEP_EVERY !== 0) return;
    const at = now();
    const full = (rule: RateRule, bucket: Bucket | undefined) =>
      !bucket || refill(rule, bucket, at).level >= rule.burst;
    for (const [account, buckets] of accounts) {
      if (
        full(settings.operations, buckets.operations) &&
        full(settings.sentBytes, buckets.sentBytes) &&
        full(settings.receivedBytes, buckets.receivedBytes)
      )
        accounts.delete(account);
    }
  };
  const bucketsOf = (account: string) => {
    sweep();
    let buckets = accounts.get(account);
    if (!buckets) {
      buckets = {};
      accounts.set(account, buckets);
    }
    return buckets;
  };

  return {
    take(account, bytes) {
      const buckets = bucketsOf(account);
      const at = now();
      const operation = admit(settings.operations, buckets.operations, 1, at, settings.maxWaitMs);
      if (operation.kind === 'refuse')
        return {
          ok: false,
          retryAfterMs: operation.retryAfterMs,
          message: overBudgetMessage('operations', operation.retryAfterMs),
        };
      const sent = admit(settings.sentBytes, buckets.sentBytes, bytes, at, settings.maxWaitMs);
      if (sent.kind === 'refuse')
        return {
          ok: false,
          retryAfterMs: sent.retryAfterMs,
          message: overBudgetMessage('sentBytes', sent.retryAfterMs),
        };
      // What the account was sent and has not paid back yet holds its next operation too.
      const owed = admit(settings.receivedBytes, buckets.receivedBytes, 0, at, settings.maxWaitMs);
      if (owed.kind === 'refuse')
        return {
          ok: false,
          retryAfterMs: owed.retryAfterMs,
          message: overBudgetMessage('receivedBytes', owed.retryAfterMs),
        };
      buckets.operations = operation.bucket;
      buckets.sentBytes = sent.bucket;
      return { ok: true, waitMs: Math.max(operation.waitMs, sent.waitMs, owed.waitMs) };
    },
    paceLive(account, bytes) {
      const buckets = bucketsOf(account);
      const paced = pace(settings.receivedBytes, buckets.receivedBytes, bytes, now());
      buckets.receivedBytes = paced.bucket;
      return paced.delayMs;
    },
    liveDelayMs(account) {
      const bucket = accounts.get(account)?.receivedBytes;
      return pace(settings.receivedBytes, bucket, 0, now()).delayMs;
    },
    socketMessages() {
      let bucket: Bucket | undefined;
      return () => {
        const admission = admit(settings.socketMessages, bucket, 1, now(), 0);
        bucket = admission.bucket;
        return admission.kind === 'go';
      };
    },
  };
}

/** Waits `ms` (nothing at all for 0). */
export function waitFor(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}
