import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { idpAccounts } from '../../db/identity-schema.ts';
import type { NewAccount } from '../identity/account-rules.ts';
import { hashPassword } from '../identity/password-hash.ts';

export type IdpAccount = typeof idpAccounts.$inferSelect;

export class AccountExistsError extends Error {
  constructor(email: string) {
    super(`An account with the e-mail address ${email} already exists.`);
    this.name = 'AccountExistsError';
  }
}

/** Creates an account of the embedded OpenID provider. Its id is the `sub` of every token it gets. */
export async function createAccount(
  db: Db,
  account: NewAccount & { emailVerified?: boolean },
): Promise<IdpAccount> {
  const passwordHash = await hashPassword(account.password);
  const [created] = await db
    .insert(idpAccounts)
    .values({
      email: account.email,
      name: account.name,
      passwordHash,
      emailVerified: account.emailVerified ?? false,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AccountExistsError(account.email);
  return created;
}

export async function findAccountByEmail(db: Db, email: string): Promise<IdpAccount | undefined> {
  const [account] = await db
    .select()
    .from(idpAccounts)
    .where(sql`lower(${idpAccounts.email}) = lower(${email})`);
  return account;
}

export async function findAccountById(db: Db, id: string): Promise<IdpAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [account] = await db.select().from(idpAccounts).where(eq(idpAccounts.id, id));
  return account;
}

export async function markEmailVerified(db: Db, id: string): Promise<void> {
  await db
    .update(idpAccounts)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(eq(idpAccounts.id, id));
}

/**
 * A new password, set through a mailed reset link: the link proved the address, so it is verified,
 * and the lock of failed sign-ins is lifted.
 */
export async function replacePassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .update(idpAccounts)
    .set({ passwordHash, emailVerified: true, failedLoginCount: 0, lockedUntil: null, updatedAt: new Date() })
    .where(eq(idpAccounts.id, id));
}

/** Issue 30 §6: the account is erased; its mailed-link tokens go with it (on delete cascade). */
export async function deleteAccount(db: Db, id: string): Promise<IdpAccount | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [deleted] = await db.delete(idpAccounts).where(eq(idpAccounts.id, id)).returning();
  return deleted;
}
