import { describe, expect, it } from 'vitest';
import { createLiveLedger, LIVE_EVENT_OVERHEAD_BYTES } from './live-ledger.ts';

describe('createLiveLedger (issue 25 §3)', () => {
  const MB = 1024 * 1024;

  it('holds each subscription’s payload per person and refuses what would pass the limit', () => {
    const ledger = createLiveLedger(10 * MB);
    const holds = Array.from({ length: 6 }, () => ledger.hold('ada', 1.5 * MB));
    expect(holds.filter((hold) => hold !== null)).toHaveLength(6);
    expect(ledger.hold('ada', 1.5 * MB)).toBeNull();
    // Another person has a ledger of their own.
    expect(ledger.hold('grace', 1.5 * MB)).not.toBeNull();
    holds[0]?.release();
    holds[0]?.release();
    expect(ledger.heldBy('ada')).toBe(5 * (1.5 * MB + LIVE_EVENT_OVERHEAD_BYTES));
    expect(ledger.hold('ada', 1.5 * MB)).not.toBeNull();
  });

  it('refuses a record grown past the limit, and keeps the size it had', () => {
    const ledger = createLiveLedger(4 * MB);
    const hold = ledger.hold('ada', MB);
    expect(hold?.resize(2 * MB)).toBe(true);
    expect(hold?.resize(5 * MB)).toBe(false);
    expect(ledger.heldBy('ada')).toBe(2 * MB + LIVE_EVENT_OVERHEAD_BYTES);
    hold?.release();
    expect(ledger.heldBy('ada')).toBe(0);
  });
});
