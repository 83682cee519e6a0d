import { describe, expect, it } from 'vitest';
import { ESCAPE_WINDOW_MS, escapePressesWithin, listenForTripleEscape } from './quick-exit.ts';

describe('escapePressesWithin (issue 28 §5: Escape three times within 2 s)', () => {
  it.each([
    { earlier: [], now: 100, expected: [100] },
    { earlier: [0, 500], now: 1900, expected: [0, 500, 1900] },
    { earlier: [0, 500], now: ESCAPE_WINDOW_MS, expected: [500, ESCAPE_WINDOW_MS] },
    { earlier: [0, 100, 200], now: 300, expected: [100, 200, 300] },
    { earlier: [0, 5000], now: 5100, expected: [5000, 5100] },
  ])('$earlier then $now → $expected', ({ earlier, now, expected }) => {
    expect(escapePressesWithin(earlier, now)).toEqual(expected);
  });
});

describe('listenForTripleEscape', () => {
  const press = (key: string, repeat = false, used = false) => {
    const event = new KeyboardEvent('keydown', { key, repeat, bubbles: true, cancelable: true });
    if (used) event.preventDefault();
    window.dispatchEvent(event);
  };

  it('calls back on the third press, not for other keys, a held key or one a control used', () => {
    let left = 0;
    const stop = listenForTripleEscape(
      () => {
        left += 1;
      },
      { untrustedToo: true },
    );
    press('Escape');
    press('Escape', true);
    press('Escape', false, true); // used by a control (closed a popup)
    press('Enter');
    press('Escape');
    expect(left).toBe(0);
    press('Escape');
    expect(left).toBe(1);
    stop();
    press('Escape');
    press('Escape');
    press('Escape');
    expect(left).toBe(1);
  });
});

it('counts no untrusted press unless told to (React Aria re-sends keys)', () => {
  let left = 0;
  const stop = listenForTripleEscape(() => {
    left += 1;
  });
  for (let i = 0; i < 3; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(left).toBe(0);
  stop();
});
