import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { inventoryTypes } from '../../db/schema.ts';
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

const t = inventoryTypes;
const COLUMNS = sql`${t.id}, ${t.name}, ${t.description}, ${t.model}, ${t.reportQuery}`;

const ALL_TYPES = prepared<InventoryTypeRow>(
  'inventory-types-all',
  sql`select ${COLUMNS} from ${t} order by lower(${t.name}), ${t.id}`,
);

/** Without the templates: lists show names; a template is read when a field asks for it. */
export async function listInventoryTypes(database: Database) {
  const rows = await runPrepared(database, ALL_TYPES);
  return rows.map(toInventoryType);
}

const TYPE_BY_ID = prepared<InventoryTypeRow>(
  'inventory-type-by-id',
  sql`select ${COLUMNS}, ${t.form} from ${t} where ${t.id} = ${value('id')}::uuid`,
);

export async function findInventoryType(database: Database, id: string) {
  const [row] = await runPrepared(database, TYPE_BY_ID, { id });
  return row ? toInventoryType(row) : undefined;
}

const TYPES_BY_IDS = prepared<InventoryTypeRow>(
  'inventory-types-by-ids',
  sql`select ${COLUMNS} from ${t} where ${t.id} = any(${value('ids')}::uuid[])`,
);

/** Several types without their templates, in one statement (records name their type). */
export async function inventoryTypesByIds(database: Database, ids: readonly string[]) {
  const rows = await runPrepared(database, TYPES_BY_IDS, { ids });
  return new Map(rows.map((row) => [row.id, toInventoryType(row)]));
}

const FORMS = prepared<ColumnsOfRow<typeof inventoryTypes, 'id' | 'form'>>(
  'inventory-type-forms',
  sql`select ${t.id}, ${t.form} from ${t} where ${t.id} = any(${value('ids')}::uuid[])`,
);

/** The templates of several types in one statement (a list of records asks once per record). */
export async function formsOf(database: Database, ids: readonly string[]) {
  const rows = await runPrepared(database, FORMS, { ids });
  return new Map(rows.map((row) => [row.id, row.form]));
}

export interface InventoryTypeValues {
  name: string;
  description: string;
  form: unknown;
  reportQuery: string | null;
  model: string | null;
}
const valuesOf = (values: InventoryTypeValues) => ({ ...values, form: JSON.stringify(values.form) });

const INSERT_TYPE = prepared<InventoryTypeRow>(
  'inventory-type-insert',
  sql`insert into ${t} (${column(t.name)}, ${column(t.description)}, ${column(t.form)}, ${column(t.reportQuery)},
        ${column(t.model)})
      values (${value('name')}, ${value('description')}, ${value('form')}::jsonb, ${value('reportQuery')},
        ${value('model')})
      returning ${COLUMNS}, ${t.form}`,
);

export async function insertInventoryType(database: Database, values: InventoryTypeValues) {
  const [row] = await runPrepared(database, INSERT_TYPE, valuesOf(values));
  if (!row) throw new Error('inventory type not inserted');
  return toInventoryType(row);
}

const UPDATE_TYPE = prepared<InventoryTypeRow>(
  'inventory-type-update',
  sql`update ${t} set ${column(t.name)} = ${value('name')}, ${column(t.description)} = ${value('description')},
        ${column(t.form)} = ${value('form')}::jsonb, ${column(t.reportQuery)} = ${value('reportQuery')},
        ${column(t.model)} = ${value('model')}, ${column(t.updatedAt)} = now()
      where ${t.id} = ${value('id')}::uuid returning ${COLUMNS}, ${t.form}`,
);

export async function updateInventoryType(database: Database, id: string, values: InventoryTypeValues) {
  const [row] = await runPrepared(database, UPDATE_TYPE, { ...valuesOf(values), id });
  return row ? toInventoryType(row) : undefined;
}

const NAMES_TAKEN = prepared<ColumnsOfRow<typeof inventoryTypes, 'name'>>(
  'inventory-type-names-taken',
  sql`select lower(${t.name}) as name from ${t}
      where lower(${t.name}) = any(${value('names')}::text[])
        and (${value('exceptId')}::uuid is null or ${t.id} <> ${value('exceptId')}::uuid)`,
);

/** Names already used, compared without case (issue 10: inventory type names are unique). */
export async function takenInventoryTypeNames(
  database: Database,
  names: readonly string[],
  exceptId?: string,
) {
  const rows = await runPrepared(database, NAMES_TAKEN, {
    names: names.map((name) => name.toLowerCase()),
    exceptId: exceptId ?? null,
  });
  return new Set(rows.map((row) => row.name));
}
