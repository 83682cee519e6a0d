import { describe, expect, it } from 'vitest';
import { groupDigits } from './group-digits.ts';

describe('groupDigits', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [5000, '5,000'],
    [20000, '20,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [1.5, '1.5'],
  ])('%d → %s', (value, text) => {
    expect(groupDigits(value)).toBe(text);
  });

  it('writes every whole number as en-US does', () => {
    for (const value of [1, 12, 123, 1234, 12345, 123456, 9007199254740991, -987654321])
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
  });
});
