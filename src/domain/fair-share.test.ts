import { describe, expect, it } from 'vitest';
import { admit, overBudgetMessage, pace, refill, retryAfterSeconds } from './fair-share.ts';

const rule = { perSecond: 10, burst: 20 };

describe('refill', () => {
  it.each([
    ['a new bucket is full', undefined, 0, 20],
    ['nothing comes back in no time', { level: 5, at: 1000 }, 1000, 5],
    ['10 a second come back', { level: 5, at: 1000 }, 1500, 10],
    ['never more than the burst', { level: 5, at: 0 }, 60_000, 20],
    ['a debt is paid back first', { level: -10, at: 0 }, 1000, 0],
    ['a clock going back gives nothing', { level: 5, at: 2000 }, 1000, 5],
  ])('%s', (_name, bucket, now, level) => {
    expect(refill(rule, bucket, now).level).toBeCloseTo(level);
  });
});

describe('admit', () => {
  it.each([
    // name, level before, cost, max wait, kind, wait or retry after (ms), level after
    ['within the budget: at once', 20, 1, 1000, 'go', 0, 19],
    ['the last unit: at once', 1, 1, 1000, 'go', 0, 0],
    ['one short: waits 100 ms', 0, 1, 1000, 'go', 100, -1],
    ['in debt but within the wait', -5, 1, 1000, 'go', 600, -6],
    ['wait too long: refused, nothing taken', -9, 1, 500, 'refuse', 500, -9],
    ['no waiting allowed: refused', 0, 1, 0, 'refuse', 100, 0],
    ['a cost above the burst counts as the burst', 20, 500, 0, 'go', 0, 0],
    ['a large cost on a half bucket waits', 10, 500, 1000, 'go', 1000, -10],
    ['nothing costs nothing', 0, 0, 0, 'go', 0, 0],
  ] as const)('%s', (_name, level, cost, maxWait, kind, ms, after) => {
    const admission = admit(rule, { level, at: 0 }, cost, 0, maxWait);
    expect(admission.kind).toBe(kind);
    if (admission.kind === 'go') expect(admission.waitMs).toBeCloseTo(ms);
    else expect(admission.retryAfterMs).toBeCloseTo(ms);
    expect(admission.bucket.level).toBeCloseTo(after);
  });

  it('a steady stream at the rate is let through; twice the rate is refused half the time', () => {
    let bucket = { level: 0, at: 0 };
    let refused = 0;
    for (let t = 0; t < 10_000; t += 50) {
      const admission = admit(rule, bucket, 1, t, 0);
      bucket = admission.bucket;
      if (admission.kind === 'refuse') refused++;
    }
    expect(refused).toBeGreaterThanOrEqual(95);
    expect(refused).toBeLessThanOrEqual(105);
  });
});

describe('pace', () => {
  it.each([
    ['within the budget: no delay', 20, 5, 0, 15],
    ['into debt: wait until paid back', 20, 25, 500, -5],
    ['already in debt', -10, 10, 2000, -20],
  ])('%s', (_name, level, cost, delay, after) => {
    const paced = pace(rule, { level, at: 0 }, cost, 0);
    expect(paced.delayMs).toBeCloseTo(delay);
    expect(paced.bucket.level).toBeCloseTo(after);
  });
});

describe('messages', () => {
  it.each([
    [0, 1],
    [1, 1],
    [1001, 2],
  ])('retry after %i ms is %i s', (ms, seconds) => expect(retryAfterSeconds(ms)).toBe(seconds));

  it('says what and when', () => {
    expect(overBudgetMessage('operations', 1500)).toBe(
      'Your account is sending requests faster than its share of the server allows. Try again in 2 seconds.',
    );
    expect(overBudgetMessage('sentBytes', 200)).toMatch(/sending more data per second.*1 second\.$/);
    expect(overBudgetMessage('receivedBytes', 200)).toMatch(/asking for more data per second.*1 second\.$/);
  });
});
