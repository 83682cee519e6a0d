import { z } from 'zod';
import { isCommonPassword } from './common-passwords.ts';

/** Sign-up and password rules of the embedded provider, shared by its pages and the CLI. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long.')
  .pipe(z.email('Enter a valid e-mail address.'));

export const PASSWORD_BLANK_MESSAGE = 'A password cannot be made of spaces only.';
export const PASSWORD_COMMON_MESSAGE =
  'This password is one of the most common ones and easy to guess. Choose another.';

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  // Issue 14 §7: whitespace-only and the most common passwords are refused.
  .refine((password) => password.trim() !== '', PASSWORD_BLANK_MESSAGE)
  .refine((password) => !isCommonPassword(password), PASSWORD_COMMON_MESSAGE);

export const displayNameSchema = z.string().trim().min(1, 'Enter your name.').max(120, 'Name is too long.');

export const newAccountSchema = z.object({
  email: emailSchema,
  name: displayNameSchema,
  password: passwordSchema,
});
export type NewAccount = z.infer<typeof newAccountSchema>;
