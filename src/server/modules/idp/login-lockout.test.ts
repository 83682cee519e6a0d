import { describe, expect, it } from 'vitest';
import { lockDurationMs, minutesLeft } from './login-lockout.ts';

describe('lockDurationMs', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 60_000],
    [6, 120_000],
    [7, 240_000],
    [9, 960_000],
    [10, 1_800_000],
    [11, 1_800_000],
    [500, 1_800_000],
  ])('after %i consecutive failures locks for %i ms', (failures, expected) => {
    expect(lockDurationMs(failures)).toBe(expected);
  });
});

describe('minutesLeft', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  it.each([
    [1, 1],
    [60_000, 1],
    [60_001, 2],
    [-5_000, 1],
  ])('%i ms left reads as %i minute(s)', (ms, minutes) => {
    expect(minutesLeft(new Date(now.getTime() + ms), now)).toBe(minutes);
  });
});
