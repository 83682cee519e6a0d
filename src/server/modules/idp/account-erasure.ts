import type { Db } from '../../db/database.ts';
import { verifyPassword } from '../identity/password-hash.ts';
import { deleteAccount, findAccountById } from './account-repository.ts';
import { deleteProviderStateOfAccount } from './oidc-adapter.ts';
import { forgetSignInFailures, noteFailedSignIn, signInWaitMs } from './sign-in-throttle.ts';

export type PasswordCheck =
  | { status: 'right' }
  | { status: 'wrong' }
  | { status: 'throttled'; waitMs: number };

/**
 * Issue 30 §6: the person proves it is them before their account is erased. Someone holding an
 * unlocked device must not guess the password here faster than at the sign-in page (issue 14 §6),
 * so a wrong one counts as a failed sign-in on the same address, and the same waits apply.
 */
export async function checkAccountPassword(
  db: Db,
  accountId: string,
  password: string,
  network: string,
): Promise<PasswordCheck> {
  const account = await findAccountById(db, accountId);
  if (!account) return { status: 'wrong' };
  const waitMs = await signInWaitMs(db, network, account.email);
  if (waitMs > 0) return { status: 'throttled', waitMs };
  if (await verifyPassword(password, account.passwordHash)) return { status: 'right' };
  await noteFailedSignIn(db, network, account.email);
  return { status: 'wrong' };
}

/**
 * Issue 30 §6: the embedded sign-in account goes, with everything the provider keeps of it (sessions,
 * grants, codes, tokens), its mailed links, and the counts of failed sign-ins naming its address.
 * Nothing happens for an account already gone (an erasure that runs again).
 */
export async function eraseSignInAccount(db: Db, accountId: string): Promise<void> {
  await deleteProviderStateOfAccount(db, accountId);
  const account = await deleteAccount(db, accountId);
  if (account) await forgetSignInFailures(db, account.email);
}
