import { expect, it } from 'vitest';
import { summarize } from './stats.ts';

it('gives nearest-rank percentiles', () => {
  const samples = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(summarize(samples)).toEqual({ count: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  expect(summarize([7])).toEqual({ count: 1, p50: 7, p95: 7, p99: 7, max: 7 });
  expect(summarize([]).count).toBe(0);
});
