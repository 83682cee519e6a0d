import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { queryRows } from '../db/database.ts';
import type { ColumnsOfRow } from '../db/row-of.ts';
import { products, type purchases } from '../db/schema.ts';

export async function createTestProduct(
  db: Db,
  values: {
    inventoryTypeId: string;
    credits?: number;
    cost?: string;
    name?: string;
    stripeId?: string | null;
    stripePaylink?: string | null;
  },
): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      name: values.name ?? `${values.credits ?? 5} records`,
      description: 'Records to invite people with',
      cost: values.cost ?? '199.00',
      credits: values.credits ?? 5,
      inventoryTypeId: values.inventoryTypeId,
      stripeId: values.stripeId ?? null,
      stripePaylink: values.stripePaylink ?? null,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('product not created');
  return row.id;
}

/** Unassigned records (credits) of an organization, optionally of one inventory type. */
export async function creditCount(database: Database, organizationId: string, inventoryTypeId?: string) {
  const [row] = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from life_records
        where organization_id = ${organizationId} and client is null
          and (${inventoryTypeId ?? null}::uuid is null or inventory_type_id = ${inventoryTypeId ?? null}::uuid)`,
  );
  return row?.count ?? 0;
}

export async function purchasesOf(database: Database, organizationId: string) {
  return queryRows<
    ColumnsOfRow<typeof purchases, 'provider' | 'provider_ref' | 'credits' | 'amount' | 'product_id'>
  >(
    database.db,
    sql`select provider, provider_ref, credits, amount::text as amount, product_id from purchases
        where organization_id = ${organizationId} order by created_at`,
  );
}
