/** Percentiles of a sample (nearest rank), in the unit the samples are in. */
export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0)
    return { count: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** The middle of a few figures (rounds of a before/after run) and how far they spread. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  count: number;
}

/** Median (mean of the two middle values for an even count) and range; NaN figures are left out. */
export function spread(values: readonly number[]): Spread {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, count: 0 };
  const middle = Math.floor(n / 2);
  const median =
    n % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median, min: sorted[0] ?? 0, max: sorted[n - 1] ?? 0, count: n };
}

/** after ÷ before; NaN when either is missing or before is 0 (no ratio to speak of). */
export function ratio(after: number, before: number): number {
  if (Number.isNaN(after) || Number.isNaN(before) || before === 0) return Number.NaN;
  return after / before;
}
