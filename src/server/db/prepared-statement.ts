import { Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';

// Split from prepared-query.ts (issue 40 §5): declaring a statement needs no `Database`, so the key
// store, which database.ts opens, declares its statements here without an import cycle.

const dialect = new PgDialect();

/**
 * A hand-written statement (issue 27 §4): a Drizzle `sql` template that names schema.ts's tables
 * and columns (a renamed column fails the type check), compiled once to SQL text and run straight on
 * the driver as a named prepared statement, planned once per connection (STACK-NOTES trap 6: the
 * fastest path on both drivers). Values come only through `sql.placeholder(name)`; a name used
 * twice is one parameter, so a statement lists exactly the values it uses.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** The placeholder names, in parameter order ($1, $2, …). */
  readonly values: readonly string[];
  /** Only carries the row type. */
  readonly row?: Row;
}

const textByName = new Map<string, string>();

export function prepared<Row>(name: string, query: SQL): Statement<Row> {
  const compiled = dialect.sqlToQuery(query);
  const values: string[] = [];
  const numberOf = compiled.params.map((param) => {
    if (!(param instanceof Placeholder))
      throw new Error(`Statement "${name}": a value must be a sql.placeholder, not ${String(param)}.`);
    const known = values.indexOf(param.name);
    return known >= 0 ? known + 1 : values.push(param.name);
  });
  const text = compiled.sql.replace(/\$(\d+)/g, (_match, n: string) => `$${numberOf[Number(n) - 1]}`);
  assertOneTextPerName(name, text);
  return { name, text, values };
}

/** Statements whose shape has a few variants (sort column, filter): each compiled on first use. */
export function preparedOnce<Row>(name: string, build: () => SQL): Statement<Row> {
  const known = statementsByName.get(name);
  if (known) return known as Statement<Row>;
  const statement = prepared<Row>(name, build());
  statementsByName.set(name, statement);
  return statement;
}
const statementsByName = new Map<string, Statement<unknown>>();

export function namedValue(
  statement: Statement<unknown>,
  values: Readonly<Record<string, unknown>>,
  index: number,
) {
  const key = statement.values[index] as string;
  if (!(key in values)) throw new Error(`Statement "${statement.name}" needs the value "${key}".`);
  return values[key];
}

/** A pool or client of node-postgres that no `Database` wraps (the key store's own database). */
export interface PgQueryable {
  query<Row extends QueryResultRow>(config: QueryConfig): Promise<QueryResult<Row>>;
}

/**
 * The same named statement on such a pool or client (decision 130's key database): node-postgres
 * prepares it once per connection, as `runPrepared` does; the whole result, for its rowCount.
 */
export function runPreparedOn<Row extends QueryResultRow>(
  client: PgQueryable,
  statement: Statement<Row>,
  values: Readonly<Record<string, unknown>> = {},
): Promise<QueryResult<Row>> {
  return client.query<Row>({
    name: statement.name,
    text: statement.text,
    values: statement.values.map((_name, index) => namedValue(statement, values, index)),
  });
}

/** A column by its bare name, where SQL allows no table before it (UPDATE … SET, INSERT columns). */
export function column(of: PgColumn): SQL {
  return sql`${sql.identifier(of.name)}`;
}

/** A named value of the statement (`$n` in its text). */
export const value = (name: string) => sql.placeholder(name);

/** Both drivers refuse a statement name reused for other SQL; say which one, at once. */
function assertOneTextPerName(name: string, text: string): void {
  const known = textByName.get(name);
  if (known === undefined) textByName.set(name, text);
  else if (known !== text) throw new Error(`Prepared statement name "${name}" is used for two statements.`);
}
