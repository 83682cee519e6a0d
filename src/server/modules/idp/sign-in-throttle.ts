import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rateLimitHits } from '../../db/identity-schema.ts';
import { prepared, runStatement, value } from '../../db/prepared-query.ts';
import { clearHits, countHit, readHits } from '../rate-limits/rate-limit-service.ts';

/**
 * Issue 14 §6: failed sign-ins slow down further attempts on the same e-mail address, whether an
 * account has it or not, so the answer never tells who has an account; and nobody can lock another
 * person out. The tight limit counts per address AND network, so a stranger guessing from their
 * network does not block the owner on theirs; a looser one per address alone bounds guessing from
 * many networks. Counted in the database, so every instance sees the same counts.
 */
export const FAILURES_PER_ADDRESS_AND_NETWORK = 5;
export const ADDRESS_AND_NETWORK_WINDOW_MS = 15 * 60_000;
export const FAILURES_PER_ADDRESS = 50;
export const ADDRESS_WINDOW_MS = 60 * 60_000;

export function signInThrottledMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many sign-in attempts for this e-mail address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or reset your password.`;
}

const FORGET_FAILURES = prepared<never>(
  'sign-in-throttle-forget-failures',
  sql`delete from ${rateLimitHits} where ${rateLimitHits.key} = ${value('anywhere')}
      or (${rateLimitHits.key} like 'sign-in-address-network:%'
          and right(${rateLimitHits.key}, ${value('suffixLength')}) = ${value('suffix')})`,
);

const keys = (network: string, email: string) => ({
  fromNetwork: `sign-in-address-network:${network}:${email.toLowerCase()}`,
  anywhere: `sign-in-address:${email.toLowerCase()}`,
});

/** How long to wait before another attempt on this address from this network; 0 when allowed. */
export async function signInWaitMs(db: Db, network: string, email: string): Promise<number> {
  const key = keys(network, email);
  const [fromNetwork, anywhere] = await Promise.all([
    readHits(db, key.fromNetwork, ADDRESS_AND_NETWORK_WINDOW_MS),
    readHits(db, key.anywhere, ADDRESS_WINDOW_MS),
  ]);
  let wait = 0;
  if (fromNetwork.hits >= FAILURES_PER_ADDRESS_AND_NETWORK) wait = Math.max(wait, fromNetwork.ttlMs);
  if (anywhere.hits >= FAILURES_PER_ADDRESS) wait = Math.max(wait, anywhere.ttlMs);
  return wait;
}

/** Counts a failed attempt (wrong password or unknown address alike). */
export async function noteFailedSignIn(db: Db, network: string, email: string): Promise<void> {
  const key = keys(network, email);
  await countHit(db, key.fromNetwork, ADDRESS_AND_NETWORK_WINDOW_MS);
  await countHit(db, key.anywhere, ADDRESS_WINDOW_MS);
}

/** The right password from this network: its count starts again. */
export async function noteSignedIn(db: Db, network: string, email: string): Promise<void> {
  await clearHits(db, [keys(network, email).fromNetwork]);
}

/** After a password reset: every count on this address starts again. */
export async function forgetSignInFailures(db: Db, email: string): Promise<void> {
  const address = email.toLowerCase();
  await runStatement(db, FORGET_FAILURES, {
    anywhere: `sign-in-address:${address}`,
    suffixLength: address.length + 1,
    suffix: `:${address}`,
  });
}
