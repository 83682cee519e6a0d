import { describe, expect, it } from 'vitest';
import { ratio, spread, summarize } from './stats.ts';

it('gives nearest-rank percentiles', () => {
  const samples = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(summarize(samples)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  expect(summarize([7])).toEqual({ count: 1, p50: 7, p95: 7, p99: 7, max: 7 });
  expect(summarize([]).count).toBe(0);
});

describe('spread of a few rounds', () => {
  it.each([
    { values: [3, 1, 2], median: 2, min: 1, max: 3, count: 3 },
    { values: [4, 1, 3, 2], median: 2.5, min: 1, max: 4, count: 4 },
    { values: [5, Number.NaN], median: 5, min: 5, max: 5, count: 1 },
  ])('$values → median $median in $min–$max', ({ values, ...expected }) => {
    expect(spread(values)).toEqual(expected);
  });

  it('has no median without figures', () => {
    expect(spread([]).median).toBeNaN();
    expect(spread([Number.NaN]).count).toBe(0);
  });
});

describe('ratio after ÷ before', () => {
  it.each([
    { after: 150, before: 100, expected: 1.5 },
    { after: 50, before: 100, expected: 0.5 },
  ])('$after ÷ $before = $expected', ({ after, before, expected }) => {
    expect(ratio(after, before)).toBe(expected);
  });

  it('is not a number when a side is missing or zero', () => {
    expect(ratio(1, 0)).toBeNaN();
    expect(ratio(Number.NaN, 1)).toBeNaN();
    expect(ratio(1, Number.NaN)).toBeNaN();
  });
});
