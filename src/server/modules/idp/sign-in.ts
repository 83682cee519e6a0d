import type { Db } from '../../db/database.ts';
import {
  clearFailedSignIns,
  findAccountByEmail,
  type IdpAccount,
  lockAccountUntil,
  recordFailedSignIn,
} from '../identity/account-repository.ts';
import { decoyPasswordHash, verifyPassword } from '../identity/password-hash.ts';
import { lockDurationMs } from './login-lockout.ts';

export type SignInResult =
  | { ok: true; account: IdpAccount }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'locked'; lockedUntil: Date };

/**
 * Checks an e-mail and password. An unknown e-mail is checked against a decoy hash, so it takes
 * as long as a wrong password and gets the same answer. Consecutive failures lock the account
 * for a growing time (login-lockout.ts); while it is locked no password is even tried.
 */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  now = new Date(),
): Promise<SignInResult> {
  const account = await findAccountByEmail(db, email);
  if (!account) {
    await verifyPassword(password, await decoyPasswordHash());
    return { ok: false, reason: 'invalid' };
  }
  if (account.lockedUntil && account.lockedUntil > now) {
    return { ok: false, reason: 'locked', lockedUntil: account.lockedUntil };
  }
  if (!(await verifyPassword(password, account.passwordHash))) {
    const lockMs = lockDurationMs(await recordFailedSignIn(db, account.id));
    if (lockMs === 0) return { ok: false, reason: 'invalid' };
    const lockedUntil = new Date(now.getTime() + lockMs);
    await lockAccountUntil(db, account.id, lockedUntil);
    return { ok: false, reason: 'locked', lockedUntil };
  }
  if (account.failedLoginCount > 0 || account.lockedUntil) await clearFailedSignIns(db, account.id);
  return { ok: true, account };
}
