import { describe, expect, it } from 'vitest';
import { countdownText, idleWarningMs, type SessionClock, sessionPhase } from './session-timing.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const base: SessionClock = { lastActivity: 0, signedInAt: 0, idleMs: 30 * MIN, maxMs: 12 * HOUR, now: 0 };

describe('sessionPhase', () => {
  it.each([
    ['just active', {}, { phase: 'active', nextCheckInMs: 28 * MIN }],
    ['a minute before the warning', { now: 27 * MIN }, { phase: 'active', nextCheckInMs: MIN }],
    ['the warning begins 2 minutes before', { now: 28 * MIN }, { phase: 'warning', endsInMs: 2 * MIN }],
    ['during the warning', { now: 29 * MIN + 30_000 }, { phase: 'warning', endsInMs: 30_000 }],
    ['idle time over', { now: 30 * MIN }, { phase: 'ended', reason: 'idle' }],
    [
      'input moves the idle end',
      { lastActivity: 20 * MIN, now: 30 * MIN },
      { phase: 'active', nextCheckInMs: 18 * MIN },
    ],
    [
      'the lifetime ends even while active',
      { lastActivity: 12 * HOUR, now: 12 * HOUR },
      { phase: 'ended', reason: 'lifetime' },
    ],
    [
      'the next check comes at the lifetime when sooner',
      { lastActivity: 12 * HOUR - MIN, now: 12 * HOUR - MIN },
      { phase: 'active', nextCheckInMs: MIN },
    ],
    [
      'no sign-in time: idle only',
      { signedInAt: null, lastActivity: 20 * HOUR, now: 20 * HOUR },
      { phase: 'active', nextCheckInMs: 28 * MIN },
    ],
    [
      'a short idle time warns at half of it',
      { idleMs: 10_000, now: 5_000 },
      { phase: 'warning', endsInMs: 5_000 },
    ],
  ] as const)('%s', (_name, change, expected) => {
    expect(sessionPhase({ ...base, ...change })).toEqual(expected);
  });
});

describe('idleWarningMs and countdownText', () => {
  it.each([
    [30 * MIN, 2 * MIN],
    [3 * MIN, 90_000],
    [12_000, 6_000],
  ])('idle %d ms warns %d ms before', (idle, warning) => {
    expect(idleWarningMs(idle)).toBe(warning);
  });
  it.each([
    [120_000, '2:00'],
    [65_000, '1:05'],
    [4_001, '0:05'],
    [0, '0:00'],
    [-5, '0:00'],
  ])('%d ms reads %s', (ms, text) => {
    expect(countdownText(ms)).toBe(text);
  });
});
