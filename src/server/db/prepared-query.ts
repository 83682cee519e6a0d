import type { Database } from './database.ts';
import type { PreparedStatement } from './pglite-prepared.ts';

/**
 * Runs a hand-written statement straight on the driver (STACK-NOTES trap 6: raw SQL is the fastest
 * path on both), as a named prepared statement, planned once per connection. Both drivers parse
 * jsonb to objects, timestamptz to Date, numeric to string and arrays to arrays.
 */
export async function runPrepared<T>(database: Database, query: PreparedStatement): Promise<T[]> {
  assertOneTextPerName(query);
  return database.prepared<T>(query);
}

const textByName = new Map<string, string>();

/** Both drivers refuse a statement name reused for other SQL; say which one, at once. */
function assertOneTextPerName(query: PreparedStatement): void {
  const known = textByName.get(query.name);
  if (known === undefined) textByName.set(query.name, query.text);
  else if (known !== query.text)
    throw new Error(`Prepared statement name "${query.name}" is used for two statements.`);
}
