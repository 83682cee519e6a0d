import type { Db } from '../../db/database.ts';
import { decoyPasswordHash, verifyPassword } from '../identity/password-hash.ts';
import { findAccountByEmail, type IdpAccount } from './account-repository.ts';
import { noteFailedSignIn, noteSignedIn, signInWaitMs } from './sign-in-throttle.ts';

export type SignInResult =
  | { ok: true; account: IdpAccount }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; waitMs: number };

/**
 * Checks an e-mail and password. An unknown e-mail is checked against a decoy hash, so it takes
 * as long as a wrong password and gets the same answer. Failures slow further attempts on the same
 * address (sign-in-throttle.ts), known or not; no account is ever locked (issue 14 §6).
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  network: string,
): Promise<SignInResult> {
  const waitMs = await signInWaitMs(db, network, email);
  if (waitMs > 0) return { ok: false, reason: 'throttled', waitMs };
  const account = await findAccountByEmail(db, email);
  const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyPasswordHash()));
  if (!account || !matches) {
    await noteFailedSignIn(db, network, email);
    return { ok: false, reason: 'invalid' };
  }
  await noteSignedIn(db, network, email);
  return { ok: true, account };
}
