import type { Database } from '../../db/database.ts';
import { runPrepared } from '../../db/prepared-query.ts';

export interface PurchaseRow {
  id: string;
  created_at: Date;
  provider: string;
  provider_ref: string;
  organization_id: string;
  organization_name: string | null;
  product_name: string | null;
  credits: number;
  amount: string | null;
}

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

export interface SupportMessageRow {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  message: string;
}

export function latestSupportMessages(database: Database, limit: number) {
  return runPrepared<SupportMessageRow>(database, {
    name: 'support-messages-latest',
    text: `select id, created_at, name, email, message from support_messages
           order by created_at desc, id desc limit $1::int`,
    values: [limit],
  });
}
