import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { inventoryTypes } from '../../db/schema.ts';
import type { InventoryTypeModel } from './inventory-type-model.ts';

type InventoryTypeRow = ColumnsOfRow<
  typeof inventoryTypes,
  'id' | 'name' | 'description' | 'model' | 'report_query'
> &
  Partial<ColumnsOfRow<typeof inventoryTypes, 'form'>>;

export function toInventoryType(row: InventoryTypeRow): InventoryTypeModel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    model: row.model,
    reportQuery: row.report_query,
    ...(row.form === undefined ? {} : { form: row.form }),
    reachedThroughRecord: false,
  };
}

const COLUMNS = 'id, name, description, model, report_query';

/** Without the templates: lists show names; a template is read when a field asks for it. */
export async function listInventoryTypes(database: Database) {
  const rows = await runPrepared<InventoryTypeRow>(database, {
    name: 'inventory-types-all',
    text: `select ${COLUMNS} from inventory_types order by lower(name), id`,
    values: [],
  });
  return rows.map(toInventoryType);
}

export async function findInventoryType(database: Database, id: string) {
  const [row] = await runPrepared<InventoryTypeRow>(database, {
    name: 'inventory-type-by-id',
    text: `select ${COLUMNS}, form from inventory_types where id = $1::uuid`,
    values: [id],
  });
  return row ? toInventoryType(row) : undefined;
}

/** Several types without their templates, in one statement (records name their type). */
export async function inventoryTypesByIds(database: Database, ids: readonly string[]) {
  const rows = await runPrepared<InventoryTypeRow>(database, {
    name: 'inventory-types-by-ids',
    text: `select ${COLUMNS} from inventory_types where id = any($1::uuid[])`,
    values: [ids],
  });
  return new Map(rows.map((row) => [row.id, toInventoryType(row)]));
}

/** The templates of several types in one statement (a list of records asks once per record). */
export async function formsOf(database: Database, ids: readonly string[]) {
  const rows = await runPrepared<ColumnsOfRow<typeof inventoryTypes, 'id' | 'form'>>(database, {
    name: 'inventory-type-forms',
    text: 'select id, form from inventory_types where id = any($1::uuid[])',
    values: [ids],
  });
  return new Map(rows.map((row) => [row.id, row.form]));
}

export interface InventoryTypeValues {
  name: string;
  description: string;
  form: unknown;
  reportQuery: string | null;
  model: string | null;
}

export async function insertInventoryType(database: Database, values: InventoryTypeValues) {
  const [row] = await runPrepared<InventoryTypeRow>(database, {
    name: 'inventory-type-insert',
    text: `insert into inventory_types (name, description, form, report_query, model)
           values ($1, $2, $3::jsonb, $4, $5) returning ${COLUMNS}, form`,
    values: [values.name, values.description, JSON.stringify(values.form), values.reportQuery, values.model],
  });
  if (!row) throw new Error('inventory type not inserted');
  return toInventoryType(row);
}

export async function updateInventoryType(database: Database, id: string, values: InventoryTypeValues) {
  const [row] = await runPrepared<InventoryTypeRow>(database, {
    name: 'inventory-type-update',
    text: `update inventory_types set name = $2, description = $3, form = $4::jsonb, report_query = $5,
             model = $6, updated_at = now()
           where id = $1::uuid returning ${COLUMNS}, form`,
    values: [
      id,
      values.name,
      values.description,
      JSON.stringify(values.form),
      values.reportQuery,
      values.model,
    ],
  });
  return row ? toInventoryType(row) : undefined;
}

/** Names already used, compared without case (issue 10: inventory type names are unique). */
export async function takenInventoryTypeNames(
  database: Database,
  names: readonly string[],
  exceptId?: string,
) {
  const rows = await runPrepared<ColumnsOfRow<typeof inventoryTypes, 'name'>>(database, {
    name: 'inventory-type-names-taken',
    text: `select lower(name) as name from inventory_types
           where lower(name) = any($1::text[]) and ($2::uuid is null or id <> $2::uuid)`,
    values: [names.map((name) => name.toLowerCase()), exceptId ?? null],
  });
  return new Set(rows.map((row) => row.name));
}
