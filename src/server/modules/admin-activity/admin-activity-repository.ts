import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { prepared, runPrepared, value } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import { organizations, products, purchases, supportMessages } from '../../db/schema.ts';

export type PurchaseRow = ColumnsOfRow<
  typeof purchases,
  'id' | 'created_at' | 'provider' | 'provider_ref' | 'organization_id' | 'credits' | 'amount'
> & {
  /** Null once the organization or product was deleted (left joins). */
  organization_name: RowOf<typeof organizations>['name'] | null;
  product_name: RowOf<typeof products>['name'] | null;
};

const LATEST_PURCHASES = prepared<PurchaseRow>(
  'purchases-latest',
  sql`select ${purchases.id}, ${purchases.createdAt}, ${purchases.provider}, ${purchases.providerRef},
        ${purchases.organizationId}, ${organizations.name} as organization_name,
        ${products.name} as product_name, ${purchases.credits}, ${purchases.amount}::text as amount
      from ${purchases}
      left join ${organizations} on ${organizations.id} = ${purchases.organizationId}
      left join ${products} on ${products.id} = ${purchases.productId}
      order by ${purchases.createdAt} desc, ${purchases.id} desc
      limit ${value('limit')}::int`,
);

export function latestPurchases(database: Database, limit: number) {
  return runPrepared(database, LATEST_PURCHASES, { limit });
}

export type SupportMessageRow = ColumnsOfRow<
  typeof supportMessages,
  'id' | 'created_at' | 'name' | 'email' | 'message'
>;

const LATEST_SUPPORT_MESSAGES = prepared<SupportMessageRow>(
  'support-messages-latest',
  sql`select ${supportMessages.id}, ${supportMessages.createdAt}, ${supportMessages.name},
        ${supportMessages.email}, ${supportMessages.message}
      from ${supportMessages}
      order by ${supportMessages.createdAt} desc, ${supportMessages.id} desc limit ${value('limit')}::int`,
);

export function latestSupportMessages(database: Database, limit: number) {
  return runPrepared(database, LATEST_SUPPORT_MESSAGES, { limit });
}
