import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_END_KEY } from './auth-logout.ts';
import { takeSessionEnd } from './session-end.ts';

// Issue 29 §4: the page after a time-out or Sign out of all devices says why, once.

afterEach(() => sessionStorage.clear());

describe('takeSessionEnd', () => {
  it.each([
    [JSON.stringify({ reason: 'idle', returnTo: '/record/1' }), { reason: 'idle', returnTo: '/record/1' }],
    [JSON.stringify({ reason: 'everywhere', returnTo: '/' }), { reason: 'everywhere', returnTo: '/' }],
    [
      JSON.stringify({ reason: 'lifetime', returnTo: '//evil.example' }),
      { reason: 'lifetime', returnTo: null },
    ],
    [JSON.stringify({ reason: 'bored' }), null],
    ['not json', null],
    [null, null],
  ])('%s → %j, and only once', (stored, expected) => {
    if (stored !== null) sessionStorage.setItem(SESSION_END_KEY, stored);
    expect(takeSessionEnd(sessionStorage)).toEqual(expected);
    expect(takeSessionEnd(sessionStorage)).toBeNull();
  });
});
