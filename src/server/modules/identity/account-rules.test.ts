import { describe, expect, it } from 'vitest';
import { PASSWORD_BLANK_MESSAGE, PASSWORD_COMMON_MESSAGE, passwordSchema } from './account-rules.ts';

const problem = (password: string) => passwordSchema.safeParse(password).error?.issues[0]?.message ?? null;

describe('passwordSchema (issue 14 §7)', () => {
  it.each([
    ['password123', PASSWORD_COMMON_MESSAGE],
    ['PASSWORD1234', PASSWORD_COMMON_MESSAGE],
    ['qwertyuiop', PASSWORD_COMMON_MESSAGE],
    ['1234567890', PASSWORD_COMMON_MESSAGE],
    ['            ', PASSWORD_BLANK_MESSAGE],
    ['\t\t\t\t\t\t\t\t\t\t\t', PASSWORD_BLANK_MESSAGE],
    ['short', 'Password must be at least 10 characters.'],
  ])('refuses %j', (password, message) => {
    expect(problem(password)).toBe(message);
  });

  it.each(['correct horse battery staple', 'a long and unusual passphrase', '  spaces around are fine  '])(
    'accepts %j',
    (password) => {
      expect(problem(password)).toBeNull();
    },
  );
});
