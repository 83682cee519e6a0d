import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';
import type { ColumnsOfRow, RowOf } from '../../db/row-of.ts';
import type { organizations, products, purchases, supportMessages } from '../../db/schema.ts';

export type PurchaseRow = ColumnsOfRow<
  typeof purchases,
  'id' | 'created_at' | 'provider' | 'provider_ref' | 'organization_id' | 'credits' | 'amount'
> & {
  /** Null once the organization or product was deleted (left joins). */
  organization_name: RowOf<typeof organizations>['name'] | null;
  product_name: RowOf<typeof products>['name'] | null;
};

export function latestPurchases(database: Database, limit: number) {
  return runPrepared<PurchaseRow>(database, {
    name: 'purchases-latest',
    text: `select p.id, p.created_at, p.provider, p.provider_ref, p.organization_id, o.name as organization_name,
                  pr.name as product_name, p.credits, p.amount::text as amount
           from purchases p
           left join organizations o on o.id = p.organization_id
           left join products pr on pr.id = p.product_id
           order by p.created_at desc, p.id desc
           limit $1::int`,
    values: [limit],
  });
}

export type SupportMessageRow = ColumnsOfRow<
  typeof supportMessages,
  'id' | 'created_at' | 'name' | 'email' | 'message'
>;

export function latestSupportMessages(database: Database, limit: number) {
  return runPrepared<SupportMessageRow>(database, {
    name: 'support-messages-latest',
    text: `select id, created_at, name, email, message from support_messages
           order by created_at desc, id desc limit $1::int`,
    values: [limit],
  });
}
