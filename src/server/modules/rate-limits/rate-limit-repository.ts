import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import { rateLimitHits } from '../../db/identity-schema.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';

/** The counter's hits and the milliseconds its window has left (computed in the statement). */
type CounterRow = ColumnsOfRow<typeof rateLimitHits, 'hits'> & { ttl_ms: number };

export interface HitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * Counts one hit for `key` in a fixed window of `windowMs`, in one statement, so instances sharing
 * the database share the count and two hits never both read the old value (issue 14 §4). A window
 * that has passed starts again at this hit.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const window = sql`make_interval(secs => ${windowMs / 1000}::float8)`;
  const [row] = await queryRows<CounterRow>(
    db,
    sql`insert into ${rateLimitHits} as h (key, window_started_at, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when h.window_started_at + ${window} <= now() then 1 else h.hits + 1 end,
          window_started_at = case when h.window_started_at + ${window} <= now() then now() else h.window_started_at end
        returning hits,
          greatest(0, ceil(extract(epoch from (window_started_at + ${window} - now())) * 1000))::int as ttl_ms`,
  );
  if (!row) throw new Error('rate-limit counter not written');
  return { hits: row.hits, ttlMs: row.ttl_ms };
}

/** The hits of `key` in its current window, without counting one. */
export async function readHits(db: Db, key: string, windowMs: number): Promise<HitCount> {
  const window = sql`make_interval(secs => ${windowMs / 1000}::float8)`;
  const [row] = await queryRows<CounterRow>(
    db,
    sql`select hits, greatest(0, ceil(extract(epoch from (window_started_at + ${window} - now())) * 1000))::int as ttl_ms
        from ${rateLimitHits} where key = ${key} and window_started_at + ${window} > now()`,
  );
  return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
}

/** Forgets the counts of these keys (a successful sign-in, a password reset). */
export async function clearHits(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from ${rateLimitHits} where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/** Counters whose window ended a day ago are of no use: dropped now and then. */
export async function deleteStaleHits(db: Db): Promise<void> {
  await db.execute(sql`delete from ${rateLimitHits} where window_started_at < now() - interval '1 day'`);
}
