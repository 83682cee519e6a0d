import { sql } from 'drizzle-orm';
import { type Database, type Db, type Executed, queryRows } from './database.ts';
import { namedValue, type Statement } from './prepared-statement.ts';

// Statements are declared in prepared-statement.ts; one import for the modules that run them.
export {
  column,
  type PgQueryable,
  prepared,
  preparedOnce,
  runPreparedOn,
  type Statement,
  value,
} from './prepared-statement.ts';

/** Both drivers parse jsonb to objects, timestamptz to Date, numeric to string and arrays to arrays. */
export async function runPrepared<Row>(
  database: Database,
  statement: Statement<Row>,
  values: Readonly<Record<string, unknown>> = {},
): Promise<Row[]> {
  return database.prepared<Row>({
    name: statement.name,
    text: statement.text,
    values: statement.values.map((_name, index) => namedValue(statement, values, index)),
  });
}

/**
 * The same statement where the named path cannot go: inside a Drizzle transaction, or for a caller
 * that holds only a `Db`. Its text, its values bound as parameters, run through Drizzle's `execute`
 * (so timestamps come back as text, see Executed), never as a named statement.
 */
export function runStatement<Row>(
  db: Pick<Db, 'execute'>,
  statement: Statement<Row>,
  values: Readonly<Record<string, unknown>> = {},
): Promise<Executed<Row>[]> {
  const pieces = statement.text.split(/\$(\d+)/);
  const chunks = pieces.map((piece, i) =>
    i % 2 === 0 ? sql.raw(piece) : sql.param(namedValue(statement, values, Number(piece) - 1)),
  );
  return queryRows<Row>(db, sql.join(chunks));
}
