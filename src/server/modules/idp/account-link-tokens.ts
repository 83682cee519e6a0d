import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { idpAccountTokens } from '../../db/identity-schema.ts';

/**
 * Single-use links mailed by the embedded provider (e-mail verification, password reset). The
 * token itself only travels in the mail; the database keeps its SHA-256, so a leaked table
 * opens nothing.
 */
export type LinkPurpose = 'verify-email' | 'reset-password';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  'verify-email': 24 * 60 * 60_000,
  'reset-password': 60 * 60_000,
};

export type LinkState =
  | { status: 'valid'; accountId: string }
  | { status: 'used'; accountId: string }
  | { status: 'expired'; accountId: string }
  | { status: 'unknown' };

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueLinkToken(db: Db, accountId: string, purpose: LinkPurpose): Promise<string> {
  // Only the newest reset link works (issue 14 §13): a mailbox read later cannot use an older one.
  if (purpose === 'reset-password') await retireLinkTokens(db, accountId, purpose);
  const token = randomBytes(32).toString('base64url');
  await db.insert(idpAccountTokens).values({
    accountId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LINK_LIFETIME_MS[purpose]),
  });
  return token;
}

/** What a link is now, without using it up. */
export async function inspectLinkToken(db: Db, token: string, purpose: LinkPurpose): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const [row] = await db
    .select()
    .from(idpAccountTokens)
    .where(and(eq(idpAccountTokens.tokenHash, hashToken(token)), eq(idpAccountTokens.purpose, purpose)));
  if (!row) return { status: 'unknown' };
  if (row.usedAt) return { status: 'used', accountId: row.accountId };
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired', accountId: row.accountId };
  return { status: 'valid', accountId: row.accountId };
}

/**
 * Uses a link up, atomically: of two requests with the same link only one gets `valid`; the
 * other learns it was used. Runs inside the caller's transaction when given one.
 */
export async function consumeLinkToken(db: Db, token: string, purpose: LinkPurpose): Promise<LinkState> {
  if (!TOKEN_PATTERN.test(token)) return { status: 'unknown' };
  const [used] = await db
    .update(idpAccountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(idpAccountTokens.tokenHash, hashToken(token)),
        eq(idpAccountTokens.purpose, purpose),
        isNull(idpAccountTokens.usedAt),
        gt(idpAccountTokens.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: idpAccountTokens.accountId });
  if (used) return { status: 'valid', accountId: used.accountId };
  return inspectLinkToken(db, token, purpose);
}

/** After a password reset, the other reset links of the account stop working. */
export async function retireLinkTokens(db: Db, accountId: string, purpose: LinkPurpose): Promise<void> {
  await db
    .update(idpAccountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(idpAccountTokens.accountId, accountId),
        eq(idpAccountTokens.purpose, purpose),
        isNull(idpAccountTokens.usedAt),
      ),
    );
}

/** Links are kept a week past their expiry, so an old link still gets "expired" rather than "not valid". */
export async function deleteOldLinkTokens(db: Db): Promise<void> {
  await db
    .delete(idpAccountTokens)
    .where(lt(idpAccountTokens.expiresAt, new Date(Date.now() - 7 * 24 * 60 * 60_000)));
}
