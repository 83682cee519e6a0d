import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import type { lifeRecords, organizations, products, purchases } from '../../db/schema.ts';
import type { RecordWriter } from '../../kernel/record-writes.ts';

export interface PurchaseGrant {
  provider: 'stripe' | 'sandbox';
  /** The provider's id of the payment: unique, so one payment grants its credits once. */
  providerRef: string;
  organizationId: string;
  productId: string;
  amount: string | null;
}

export type GrantOutcome =
  | { outcome: 'granted'; purchaseId: string; credits: number; recordIds: string[] }
  | { outcome: 'already-granted'; purchaseId: string; credits: number }
  | { outcome: 'unknown-product' }
  | { outcome: 'unknown-organization' };

/**
 * DESIGN §4: a purchase of a product with N credits creates N unassigned records (client null) of
 * its inventory type for the organization, in ONE transaction with the purchase row, exactly once
 * per payment. The unique `provider_ref` decides: a duplicate, a retry or a concurrent delivery of
 * the same payment finds the purchase (or waits on its insert and then finds it) and adds nothing.
 */
export async function grantPurchase(writer: RecordWriter, grant: PurchaseGrant): Promise<GrantOutcome> {
  return writer.db.transaction(async (tx) => {
    const existing = async () => {
      const [row] = await queryRows<ColumnsOfRow<typeof purchases, 'id' | 'credits'>>(
        tx,
        sql`select id, credits from purchases where provider_ref = ${grant.providerRef}`,
      );
      return row
        ? ({ outcome: 'already-granted', purchaseId: row.id, credits: row.credits } as const)
        : undefined;
    };
    const before = await existing();
    if (before) return before;

    const [product] = await queryRows<ColumnsOfRow<typeof products, 'credits' | 'inventory_type_id'>>(
      tx,
      sql`select credits, inventory_type_id from products where id = ${grant.productId}`,
    );
    if (!product) return { outcome: 'unknown-product' } as const;
    const [organization] = await queryRows<ColumnsOfRow<typeof organizations, 'id'>>(
      tx,
      sql`select id from organizations where id = ${grant.organizationId}`,
    );
    if (!organization) return { outcome: 'unknown-organization' } as const;

    const [purchase] = await queryRows<ColumnsOfRow<typeof purchases, 'id'>>(
      tx,
      sql`insert into purchases (provider, provider_ref, organization_id, product_id, credits, amount)
          values (${grant.provider}, ${grant.providerRef}, ${grant.organizationId}, ${grant.productId},
                  ${product.credits}, ${grant.amount}::numeric)
          on conflict (provider_ref) do nothing
          returning id`,
    );
    // Another delivery of the same payment committed first.
    if (!purchase) return (await existing()) ?? { outcome: 'unknown-product' };

    const created = await queryRows<ColumnsOfRow<typeof lifeRecords, 'id'>>(
      tx,
      sql`insert into life_records (organization_id, inventory_type_id, purchase_id)
          select ${grant.organizationId}, ${product.inventory_type_id}, ${purchase.id}
          from generate_series(1, ${product.credits}::int)
          returning id`,
    );
    return {
      outcome: 'granted',
      purchaseId: purchase.id,
      credits: product.credits,
      recordIds: created.map((row) => row.id),
    } as const;
  });
}
