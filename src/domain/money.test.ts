import { describe, expect, it } from 'vitest';
import { formatCost } from './money.ts';

describe('formatCost', () => {
  it.each([
    ['49.00', '$49.00'],
    ['199', '$199.00'],
    ['1234.5', '$1,234.50'],
    [0, '$0.00'],
    ['', 'N/A'],
    [null, 'N/A'],
    ['call us', 'call us'],
  ])('%j → %s', (cost, expected) => {
    expect(formatCost(cost)).toBe(expected);
  });
});
