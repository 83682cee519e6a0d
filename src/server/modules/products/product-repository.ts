import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import type { inventoryTypes, products } from '../../db/schema.ts';
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

const SELECT_PRODUCTS = `
  select p.id, p.name, p.description, p.cost::text as cost, p.credits, p.stripe_id, p.stripe_paylink,
         t.id as type_id, t.name as type_name, t.description as type_description, t.model as type_model,
         t.report_query as type_report_query
  from products p join inventory_types t on t.id = p.inventory_type_id`;

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
  const rows = await runPrepared<ProductRow>(database, {
    name: 'products-all',
    text: `${SELECT_PRODUCTS} order by lower(t.name), p.credits, p.id`,
    values: [],
  });
  return rows.map(toProduct);
}

export async function findProduct(database: Database, id: string) {
  const [row] = await runPrepared<ProductRow>(database, {
    name: 'product-by-id',
    text: `${SELECT_PRODUCTS} where p.id = $1::uuid`,
    values: [id],
  });
  return row ? toProduct(row) : undefined;
}

/**
 * The product sold at a Stripe price (`stripe_id`). Should two products share a price, the oldest
 * is the one: a payment is granted once, never for both.
 */
export async function findProductByPrice(database: Database, priceId: string) {
  const [row] = await runPrepared<ProductRow>(database, {
    name: 'product-by-price',
    text: `${SELECT_PRODUCTS} where p.stripe_id = $1 order by p.created_at, p.id limit 1`,
    values: [priceId],
  });
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

const valuesOf = (v: ProductValues) => [
  v.name,
  v.description,
  v.cost,
  v.credits,
  v.inventoryTypeId,
  v.stripeId,
  v.stripePaylink,
];

/** Inserts unless the inventory type does not exist (then undefined). */
export async function insertProduct(database: Database, values: ProductValues) {
  const [row] = await runPrepared<ColumnsOfRow<typeof products, 'id'>>(database, {
    name: 'product-insert',
    text: `insert into products (name, description, cost, credits, inventory_type_id, stripe_id, stripe_paylink)
           select $1, $2, $3::numeric, $4, t.id, $6, $7 from inventory_types t where t.id = $5::uuid
           returning id`,
    values: valuesOf(values),
  });
  return row ? findProduct(database, row.id) : undefined;
}

export type UpdateOutcome = 'updated' | 'no-product' | 'no-inventory-type';

export async function updateProduct(database: Database, id: string, values: ProductValues) {
  const [row] = await runPrepared<{ id: RowOf<typeof products>['id'] | null; type_exists: boolean }>(
    database,
    {
      name: 'product-update',
      text: `with type as (select id from inventory_types where id = $5::uuid),
           updated as (
             update products set name = $1, description = $2, cost = $3::numeric, credits = $4,
               inventory_type_id = (select id from type), stripe_id = $6, stripe_paylink = $7
             where id = $8::uuid and exists (select 1 from type)
             returning id)
           select (select id from updated) as id, exists (select 1 from type) as type_exists`,
      values: [...valuesOf(values), id],
    },
  );
  if (!row?.type_exists) return 'no-inventory-type' as const;
  return row.id ? findProduct(database, row.id) : ('no-product' as const);
}
