import { describe, expect, it } from 'vitest';
import { formatLocalDate } from './display-date.ts';

describe('formatLocalDate', () => {
  it.each([
    [null, 'N/A'],
    [undefined, 'N/A'],
    ['', 'N/A'],
    ['not a date', 'N/A'],
    [new Date(Number.NaN), 'N/A'],
  ])('%j → N/A', (value, expected) => {
    expect(formatLocalDate(value, 'en-US')).toBe(expected);
  });
  it('writes a valid date in the given locale’s format', () => {
    const noonUtc = '2025-03-09T12:00:00.000Z';
    expect(formatLocalDate(noonUtc, 'en-US')).toBe(new Date(noonUtc).toLocaleDateString('en-US'));
    expect(formatLocalDate(new Date(noonUtc), 'de-DE')).toBe(new Date(noonUtc).toLocaleDateString('de-DE'));
  });
});
