import { type PGlite, parse as pglite, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite. PGlite's `query()` makes six calls into WebAssembly per
 * statement (parse, describe, bind, describe, execute, sync) and plans the SQL every time; here
 * the messages go in one call, with Parse only the first time a statement name is used, so
 * PostgreSQL keeps the plan. Measured on the save and record read: 2–3 times less time per
 * statement (docs/decisions/017-pglite-prepared-statements.md).
 *
 * Only public PGlite API: `runExclusive()` (the query lock), `isInTransaction()` (PostgreSQL's own
 * transaction state) and `execProtocolStream`. It never interleaves with another query and never
 * lands inside someone else's transaction (docs/decisions/002-database-layer.md). It must not
 * be called from inside a PGlite transaction callback (it would wait for that transaction to end).
 */
/** One hand-written statement, named so PostgreSQL plans it once per connection (either driver). */
export interface PreparedStatement {
  /** Unique per SQL text: the driver prepares the statement under this name. */
  name: string;
  text: string;
  values: readonly unknown[];
}

const parsedByClient = new WeakMap<PGlite, Set<string>>();
const { serialize } = protocol;

export async function runPglitePrepared<T>(client: PGlite, statement: PreparedStatement): Promise<T[]> {
  let parsed = parsedByClient.get(client);
  if (!parsed) {
    parsed = new Set();
    parsedByClient.set(client, parsed);
  }
  const known = parsed;
  const execute = async (): Promise<T[]> => {
    const needsParse = !known.has(statement.name);
    const messages = [
      ...(needsParse ? [serialize.parse({ name: statement.name, text: statement.text })] : []),
      serialize.bind({ statement: statement.name, values: statement.values.map(toText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    try {
      const replies = await client.execProtocolStream(concat(messages), {});
      if (needsParse) known.add(statement.name);
      return (pglite.parseResults(replies, client.parsers)[0]?.rows ?? []) as T[];
    } catch (error) {
      // Parse may have succeeded before Bind failed: close the name so the next call parses it
      // again (closing a statement that does not exist is not an error).
      if (needsParse) {
        await client
          .execProtocolStream(
            concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]),
            {},
          )
          .catch(() => {});
      }
      throw error;
    }
  };
  // Under the query lock no statement and no BEGIN can run, so if PostgreSQL itself is outside a
  // transaction block, ours runs as its own transaction. Inside one (another caller's transaction is
  // open between two of its statements) it waits for that transaction, in a transaction of its own.
  const ran = await client.runExclusive(async () =>
    client.isInTransaction() ? undefined : { rows: await execute() },
  );
  if (ran) return ran.rows;
  return client.transaction(() => client.runExclusive(execute));
}

/**
 * Every parameter but bytes goes as text; the statements cast each one, so PostgreSQL knows its
 * type. Bytes go as they are: PGlite's Bind sends them in the binary format (pglite-bytea.ts).
 */
function toText(value: unknown): string | Uint8Array | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayLiteral(value);
  if (value instanceof Uint8Array) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A PostgreSQL array literal: every element quoted, quotes and backslashes escaped. */
export function arrayLiteral(items: readonly unknown[]): string {
  const quoted = items.map((item) =>
    item === null || item === undefined ? 'NULL' : `"${String(item).replace(/[\\"]/g, (c) => `\\${c}`)}"`,
  );
  return `{${quoted.join(',')}}`;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
