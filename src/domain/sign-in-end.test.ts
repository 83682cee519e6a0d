import { describe, expect, it } from 'vitest';
import { SIGN_IN_END_MESSAGES, signInEndCauseOf, storedEndCause } from './sign-in-end.ts';

describe('the cause of an ended sign-in (issue 38 §5)', () => {
  it.each(Object.entries(SIGN_IN_END_MESSAGES))('%s is read back from its message', (cause, message) => {
    expect(signInEndCauseOf(message)).toBe(cause);
  });

  it.each(['The sign-in token has expired.', 'Your sign-in has expired. Sign in again.', undefined, 42])(
    'no cause for %s',
    (message) => {
      expect(signInEndCauseOf(message)).toBeNull();
    },
  );

  it.each([
    ['everywhere', 'everywhere'],
    ['admin', 'admin'],
    ['erased', 'erased'],
    ['password', 'password'],
    [null, null],
    ['something else', null],
  ] as const)('stored %s is %s', (stored, cause) => {
    expect(storedEndCause(stored)).toBe(cause);
  });
});
