import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatLocalDateTime } from './display-date.ts';

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

describe('formatLocalDateTime', () => {
  it.each([null, undefined, '', 'not a date'])('%j → N/A', (value) => {
    expect(formatLocalDateTime(value, 'en-US')).toBe('N/A');
  });
  it.each(['en-US', 'de-DE', 'ja-JP'])('writes date and time as the %s locale does', (locale) => {
    const value = '2025-03-09T17:45:00.000Z';
    const expected = new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatLocalDateTime(value, locale)).toBe(expected);
    expect(formatLocalDateTime(new Date(value), locale)).toBe(expected);
  });
});
