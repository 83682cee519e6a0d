import { z } from 'zod';

/**
 * Issue 30 §6 (decision 131): what a person types to erase their own account and story, and what an
 * admin types to erase someone. Shared by the dialogs (which say exactly what to type) and the
 * server (which checks it again). A word rather than the e-mail address: it reads the same for an
 * invited person without one, and a password manager never fills it in by itself.
 */
export const OWN_ERASURE_WORD = 'DELETE';
export const ADMIN_ERASURE_WORD = 'ERASE';

/** How recently a person must have signed in at an outside provider to erase their account there. */
export const FRESH_SIGN_IN_MS = 5 * 60_000;

export { ERASED_PERSON_NAME } from './erased-person.ts';

export const wrongWordMessage = (word: string) => `Type ${word} in capital letters to confirm.`;
export const PASSWORD_REQUIRED_MESSAGE = 'Please enter your password.';
export const WRONG_PASSWORD_MESSAGE = 'That password is not correct.';

const confirmation = (word: string) =>
  z
    .string({ error: wrongWordMessage(word) })
    .trim()
    .refine((typed) => typed === word, { message: wrongWordMessage(word) });

export const ownErasureInputSchema = z.object({
  password: z.string().max(1024).optional(),
  confirmation: confirmation(OWN_ERASURE_WORD),
});

export const adminErasureInputSchema = z.object({ confirmation: confirmation(ADMIN_ERASURE_WORD) });
