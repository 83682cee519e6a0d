import { describe, expect, it } from 'vitest';
import { describeLoad, judgeLoad, loadCell } from './machine-load.ts';

const reading = (oneMinute: number) => ({ oneMinute, fiveMinutes: 0.5, fifteenMinutes: 0.25 });

describe('judgeLoad on 2 cores (threshold 1.0)', () => {
  it.each([
    { start: 0.2, end: 0.4, underLoad: false },
    { start: 1.0, end: 1.0, underLoad: false },
    { start: 1.5, end: 0.3, underLoad: true },
    { start: 0.3, end: 3.2, underLoad: true },
  ])('start $start, end $end → under load $underLoad', ({ start, end, underLoad }) => {
    const verdict = judgeLoad(reading(start), reading(end), 2);
    expect(verdict.threshold).toBe(1);
    expect(verdict.underLoad).toBe(underLoad);
  });
});

it('says which it was and by which rule', () => {
  const busy = judgeLoad(reading(2.5), reading(1.25), 2);
  expect(describeLoad(busy)).toBe(
    'Load average (1 / 5 / 15 min) at start 2.50 / 0.50 / 0.25, at end 1.25 / 0.50 / 0.25: ' +
      '**taken under load** (1-min load over 1.00 = 0.5 × 2 cores at start or end).',
  );
  expect(loadCell(busy)).toBe('2.5 → 1.3 (under load)');
  const quiet = judgeLoad(reading(0.1), reading(0.2), 4);
  expect(describeLoad(quiet)).toContain('quiet (not 1-min load over 2.00');
  expect(loadCell(quiet)).toBe('0.1 → 0.2');
});
