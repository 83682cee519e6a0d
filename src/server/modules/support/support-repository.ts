import { eq, sql } from 'drizzle-orm';
import type { SupportMessage } from '#domain/support-message.ts';
import type { Db } from '../../db/database.ts';
import { prepared, runStatement, value } from '../../db/prepared-query.ts';
import { supportMessages } from '../../db/schema.ts';

export interface AddressLimit {
  /** Messages one e-mail address may send within the window. */
  max: number;
  windowMinutes: number;
}

export type StoreResult = { stored: true; id: string } | { stored: false; retryAfterSeconds: number };

const LOCK_ADDRESS = prepared<never>(
  'support-message-lock-address',
  sql`select pg_advisory_xact_lock(hashtext(${value('lockKey')}))`,
);
const RECENT_OF_ADDRESS = prepared<{ count: number; retry_after_seconds: number | null }>(
  'support-message-recent-of-address',
  sql`select count(*)::int as count,
             ceil(extract(epoch from min(${supportMessages.createdAt})
               + make_interval(mins => ${value('windowMinutes')}) - now()))::int as retry_after_seconds
        from ${supportMessages}
       where lower(${supportMessages.email}) = lower(${value('email')})
         and ${supportMessages.createdAt} > now() - make_interval(mins => ${value('windowMinutes')})`,
);

/**
 * Stores a message unless its sender address already sent `limit.max` within the window.
 * Counted in the database (and in database time) so the limit holds across server instances; a
 * transaction-scoped advisory lock per address makes the count and the insert one step, so two
 * messages arriving together cannot both slip under the limit.
 */
export async function storeSupportMessageWithinLimit(
  db: Db,
  message: SupportMessage,
  limit: AddressLimit,
): Promise<StoreResult> {
  return db.transaction(async (tx) => {
    await runStatement(tx, LOCK_ADDRESS, { lockKey: `support-message:${message.email.toLowerCase()}` });
    const [recent] = await runStatement(tx, RECENT_OF_ADDRESS, {
      email: message.email,
      windowMinutes: limit.windowMinutes,
    });
    if (recent && recent.count >= limit.max) {
      return { stored: false, retryAfterSeconds: Math.max(1, recent.retry_after_seconds ?? 60) };
    }
    const [row] = await tx
      .insert(supportMessages)
      .values({
        name: message.name,
        email: message.email,
        message: message.message,
        type: message.type,
        clientTimestamp: message.timestamp,
      })
      .returning({ id: supportMessages.id });
    if (!row) throw new Error('Storing the support message returned no row.');
    return { stored: true, id: row.id };
  });
}

export async function deleteSupportMessage(db: Db, id: string): Promise<void> {
  await db.delete(supportMessages).where(eq(supportMessages.id, id));
}
