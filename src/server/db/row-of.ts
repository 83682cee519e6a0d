import type { InferSelectModel, Table } from 'drizzle-orm';

type ColumnsOf<T extends Table> = T['_']['columns'];

/**
 * A table's row as a hand-written statement returns it: keyed by the SQL column names (`created_at`,
 * not `createdAt`) and typed from schema.ts, so a column's type or nullability changed there changes
 * every statement's row type with it (issue 16 §1, decision 002). Both drivers parse jsonb to
 * objects, timestamptz to Date and numeric to string, as Drizzle's own types say.
 */
export type RowOf<T extends Table> = {
  [K in keyof ColumnsOf<T> &
    keyof InferSelectModel<T> as ColumnsOf<T>[K]['_']['name']]: InferSelectModel<T>[K];
};

/** Some columns of a table's row (see RowOf). */
export type ColumnsOfRow<T extends Table, C extends keyof RowOf<T>> = Pick<RowOf<T>, C>;
