import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { column, prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import { inventoryTypes, products } from '../../db/schema.ts';
import type { ProductModel } from './product-model.ts';

type InventoryTypeRow = RowOf<typeof inventoryTypes>;
/** A product with its inventory type's columns, prefixed `type_`. */
type ProductRow = ColumnsOfRow<
  typeof products,
  'id' | 'name' | 'description' | 'cost' | 'credits' | 'stripe_id' | 'stripe_paylink'
> & {
  type_id: InventoryTypeRow['id'];
  type_name: InventoryTypeRow['name'];
  type_description: InventoryTypeRow['description'];
  type_model: InventoryTypeRow['model'];
  type_report_query: InventoryTypeRow['report_query'];
};

const p = products;
const t = inventoryTypes;
const productsWhere = (name: string, rest: SQL) =>
  prepared<ProductRow>(
    name,
    sql`select ${p.id}, ${p.name}, ${p.description}, ${p.cost}::text as cost, ${p.credits}, ${p.stripeId},
        ${p.stripePaylink}, ${t.id} as type_id, ${t.name} as type_name, ${t.description} as type_description,
        ${t.model} as type_model, ${t.reportQuery} as type_report_query
      from ${p} join ${t} on ${t.id} = ${p.inventoryTypeId} ${rest}`,
  );
const ALL_PRODUCTS = productsWhere('products-all', sql`order by lower(${t.name}), ${p.credits}, ${p.id}`);
const PRODUCT_BY_ID = productsWhere('product-by-id', sql`where ${p.id} = ${value('id')}::uuid`);
const PRODUCT_BY_PRICE = productsWhere(
  'product-by-price',
  sql`where ${p.stripeId} = ${value('priceId')} order by ${p.createdAt}, ${p.id} limit 1`,
);

function toProduct(row: ProductRow): ProductModel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    cost: row.cost,
    credits: row.credits,
    stripeId: row.stripe_id,
    stripePaylink: row.stripe_paylink,
    inventoryType: {
      id: row.type_id,
      name: row.type_name,
      description: row.type_description,
      model: row.type_model,
      reportQuery: row.type_report_query,
      reachedThroughRecord: false,
    },
  };
}

/** customer-app §7 call 3: ordered by inventory type name, then credits. */
export async function listProducts(database: Database) {
  const rows = await runPrepared(database, ALL_PRODUCTS);
  return rows.map(toProduct);
}

export async function findProduct(database: Database, id: string) {
  const [row] = await runPrepared(database, PRODUCT_BY_ID, { id });
  return row ? toProduct(row) : undefined;
}

/**
 * The product sold at a Stripe price (`stripe_id`). Should two products share a price, the oldest
 * is the one: a payment is granted once, never for both.
 */
export async function findProductByPrice(database: Database, priceId: string) {
  const [row] = await runPrepared(database, PRODUCT_BY_PRICE, { priceId });
  return row ? toProduct(row) : undefined;
}

export interface ProductValues {
  name: string;
  description: string;
  cost: string;
  credits: number;
  inventoryTypeId: string;
  stripeId: string;
  stripePaylink: string | null;
}

const INSERT_PRODUCT = prepared<ColumnsOfRow<typeof products, 'id'>>(
  'product-insert',
  sql`insert into ${p} (${column(p.name)}, ${column(p.description)}, ${column(p.cost)}, ${column(p.credits)},
        ${column(p.inventoryTypeId)}, ${column(p.stripeId)}, ${column(p.stripePaylink)})
      select ${value('name')}, ${value('description')}, ${value('cost')}::numeric, ${value('credits')}::int,
        ${t.id}, ${value('stripeId')}, ${value('stripePaylink')}
      from ${t} where ${t.id} = ${value('inventoryTypeId')}::uuid
      returning ${p.id}`,
);

const UPDATE_PRODUCT = prepared<{ id: RowOf<typeof products>['id'] | null; type_exists: boolean }>(
  'product-update',
  sql`with type as (select ${t.id} from ${t} where ${t.id} = ${value('inventoryTypeId')}::uuid),
      updated as (
        update ${p} set ${column(p.name)} = ${value('name')}, ${column(p.description)} = ${value('description')},
          ${column(p.cost)} = ${value('cost')}::numeric, ${column(p.credits)} = ${value('credits')}::int,
          ${column(p.inventoryTypeId)} = (select id from type), ${column(p.stripeId)} = ${value('stripeId')},
          ${column(p.stripePaylink)} = ${value('stripePaylink')}
        where ${p.id} = ${value('id')}::uuid and exists (select 1 from type)
        returning ${p.id})
      select (select id from updated) as id, exists (select 1 from type) as type_exists`,
);

/** Inserts unless the inventory type does not exist (then undefined). */
export async function insertProduct(database: Database, values: ProductValues) {
  const [row] = await runPrepared(database, INSERT_PRODUCT, { ...values });
  return row ? findProduct(database, row.id) : undefined;
}

export async function updateProduct(database: Database, id: string, values: ProductValues) {
  const [row] = await runPrepared(database, UPDATE_PRODUCT, { ...values, id });
  if (!row?.type_exists) return 'no-inventory-type' as const;
  return row.id ? findProduct(database, row.id) : ('no-product' as const);
}
