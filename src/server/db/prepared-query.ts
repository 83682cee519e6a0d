import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from './database.ts';

/** One hand-written statement of a hot path, named so PostgreSQL plans it once per connection. */
export interface PreparedQuery {
  /** Unique per SQL text: node-postgres prepares the statement under this name. */
  name: string;
  text: string;
  values: unknown[];
}

/**
 * Runs a hot-path statement straight on the driver (STACK-NOTES trap 6: raw SQL is the fastest
 * path on both). PostgreSQL gets a named prepared statement; PGlite, in-process, takes it as is.
 * Both drivers parse jsonb to objects, timestamptz to Date and numeric to string.
 */
export async function runPrepared<T>(database: Database, query: PreparedQuery): Promise<T[]> {
  if (database.kind === 'postgres') {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const result = await pool.query<T & pg.QueryResultRow>({
      name: query.name,
      text: query.text,
      values: query.values,
    });
    return result.rows;
  }
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const result = await client.query<T>(query.text, query.values);
  return result.rows;
}
