import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rateLimitHits } from '../../db/identity-schema.ts';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';

/** The counter's hits and the milliseconds its window has left (computed in the statement). */
type CounterRow = ColumnsOfRow<typeof rateLimitHits, 'hits'> & { ttl_ms: number };

export interface HitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

// The statements run through runStatement: the rate-limit store holds a `Db` (a Fastify plugin's).
const WINDOW = sql`make_interval(secs => ${value('windowSeconds')}::float8)`;
const STARTED = sql`${rateLimitHits.windowStartedAt}`;
const TTL_MS = sql`greatest(0, ceil(extract(epoch from (${STARTED} + ${WINDOW} - now())) * 1000))::int as ttl_ms`;

const COUNT_HIT = prepared<CounterRow>(
  'rate-limit-count-hit',
  sql`insert into ${rateLimitHits} as h (${column(rateLimitHits.key)}, ${column(rateLimitHits.windowStartedAt)}, ${column(rateLimitHits.hits)})
      values (${value('key')}, now(), 1)
      on conflict (${column(rateLimitHits.key)}) do update set
        ${column(rateLimitHits.hits)} = case when h.${column(rateLimitHits.windowStartedAt)} + ${WINDOW} <= now() then 1 else h.${column(rateLimitHits.hits)} + 1 end,
        ${column(rateLimitHits.windowStartedAt)} = case when h.${column(rateLimitHits.windowStartedAt)} + ${WINDOW} <= now() then now() else h.${column(rateLimitHits.windowStartedAt)} end
      returning ${column(rateLimitHits.hits)},
        greatest(0, ceil(extract(epoch from (${column(rateLimitHits.windowStartedAt)} + ${WINDOW} - now())) * 1000))::int as ttl_ms`,
);

/**
 * Counts one hit for `key` in a fixed window of `windowMs`, in one statement, so instances sharing
 * the database share the count and two hits never both read the old value (issue 14 §4). A window
 * that has passed starts again at this hit.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const [row] = await runStatement(db, COUNT_HIT, { key, windowSeconds: windowMs / 1000 });
  if (!row) throw new Error('rate-limit counter not written');
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

const READ_HITS = prepared<CounterRow>(
  'rate-limit-read-hits',
  sql`select ${rateLimitHits.hits}, ${TTL_MS}
      from ${rateLimitHits} where ${rateLimitHits.key} = ${value('key')} and ${STARTED} + ${WINDOW} > now()`,
);

/** The hits of `key` in its current window, without counting one. */
export async function readHits(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const [row] = await runStatement(db, READ_HITS, { key, windowSeconds: windowMs / 1000 });
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

const CLEAR_HITS = prepared<never>(
  'rate-limit-clear-hits',
  sql`delete from ${rateLimitHits} where ${rateLimitHits.key} = any(${value('keys')}::text[])`,
);

/** Forgets the counts of these keys (a successful sign-in, a password reset). */
export async function clearHits(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await runStatement(db, CLEAR_HITS, { keys });
}

const DELETE_STALE = prepared<never>(
  'rate-limit-delete-stale',
  sql`delete from ${rateLimitHits} where ${STARTED} < now() - interval '1 day'`,
);

/** Counters whose window ended a day ago are of no use: dropped now and then. */
export async function deleteStaleHits(db: Db): Promise<void> {
  await runStatement(db, DELETE_STALE);
}
