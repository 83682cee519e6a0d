import { sql } from 'drizzle-orm';
import { column, prepared, runStatement, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow } from '../../db/row-of.ts';
import { lifeRecords, organizations, products, purchases } from '../../db/schema.ts';
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

// The grant's statements, run inside its transaction (runStatement).
const PURCHASE_OF_PAYMENT = prepared<ColumnsOfRow<typeof purchases, 'id' | 'credits'>>(
  'purchase-of-payment',
  sql`select ${purchases.id}, ${purchases.credits} from ${purchases} where ${purchases.providerRef} = ${value('providerRef')}`,
);
const PRODUCT = prepared<ColumnsOfRow<typeof products, 'credits' | 'inventory_type_id'>>(
  'purchase-product',
  sql`select ${products.credits}, ${products.inventoryTypeId} from ${products} where ${products.id} = ${value('productId')}`,
);
const ORGANIZATION = prepared<ColumnsOfRow<typeof organizations, 'id'>>(
  'purchase-organization',
  sql`select ${organizations.id} from ${organizations} where ${organizations.id} = ${value('organizationId')}`,
);
const INSERT_PURCHASE = prepared<ColumnsOfRow<typeof purchases, 'id'>>(
  'purchase-insert',
  sql`insert into ${purchases} (${column(purchases.provider)}, ${column(purchases.providerRef)}, ${column(purchases.organizationId)},
        ${column(purchases.productId)}, ${column(purchases.credits)}, ${column(purchases.amount)})
      values (${value('provider')}, ${value('providerRef')}, ${value('organizationId')}, ${value('productId')},
              ${value('credits')}, ${value('amount')}::numeric)
      on conflict (${column(purchases.providerRef)}) do nothing
      returning ${purchases.id}`,
);
const CREATE_CREDITS = prepared<ColumnsOfRow<typeof lifeRecords, 'id'>>(
  'purchase-create-credits',
  sql`insert into ${lifeRecords} (${column(lifeRecords.organizationId)}, ${column(lifeRecords.inventoryTypeId)}, ${column(lifeRecords.purchaseId)})
      select ${value('organizationId')}, ${value('inventoryTypeId')}, ${value('purchaseId')}
      from generate_series(1, ${value('credits')}::int)
      returning ${lifeRecords.id}`,
);

/**
 * DESIGN §4: a purchase of a product with N credits creates N unassigned records (client null) of
 * its inventory type for the organization, in ONE transaction with the purchase row, exactly once
 * per payment. The unique `provider_ref` decides: a duplicate, a retry or a concurrent delivery of
 * the same payment finds the purchase (or waits on its insert and then finds it) and adds nothing.
 */
export async function grantPurchase(writer: RecordWriter, grant: PurchaseGrant): Promise<GrantOutcome> {
  return writer.db.transaction(async (tx) => {
    const existing = async () => {
      const [row] = await runStatement(tx, PURCHASE_OF_PAYMENT, { providerRef: grant.providerRef });
      return row
        ? ({ outcome: 'already-granted', purchaseId: row.id, credits: row.credits } as const)
        : undefined;
    };
    const before = await existing();
    if (before) return before;

    const [product] = await runStatement(tx, PRODUCT, { productId: grant.productId });
    if (!product) return { outcome: 'unknown-product' } as const;
    const [organization] = await runStatement(tx, ORGANIZATION, { organizationId: grant.organizationId });
    if (!organization) return { outcome: 'unknown-organization' } as const;

    const [purchase] = await runStatement(tx, INSERT_PURCHASE, { ...grant, credits: product.credits });
    // Another delivery of the same payment committed first.
    if (!purchase) return (await existing()) ?? { outcome: 'unknown-product' };

    const created = await runStatement(tx, CREATE_CREDITS, {
      organizationId: grant.organizationId,
      inventoryTypeId: product.inventory_type_id,
      purchaseId: purchase.id,
      credits: product.credits,
    });
    return {
      outcome: 'granted',
      purchaseId: purchase.id,
      credits: product.credits,
      recordIds: created.map((row) => row.id),
    } as const;
  });
}
