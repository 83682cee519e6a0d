import { formatCost } from '#domain/money.ts';
import type { AdminPurchasesQuery } from '#web/gql/graphql.ts';
import { useAdminPurchases } from './api/whole-lists.ts';
import { type AdminColumn, createdColumn, textColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { clientList } from './list/list-source.ts';
import type { AdminUrl } from './use-admin-url.ts';

type Purchase = AdminPurchasesQuery['purchases'][number];

const WORDS = { table: 'Purchases', noun: 'purchases', search: 'Search by organization' };
const byOrganization = (purchase: Purchase) => purchase.organization?.name;

const COLUMNS: readonly AdminColumn<Purchase>[] = [
  createdColumn(),
  textColumn('organization', 'Organization', (purchase) => purchase.organization?.name),
  textColumn('product', 'Product', (purchase) => purchase.productName),
  {
    id: 'credits',
    label: 'Credits',
    sortBy: (purchase) => purchase.credits,
    cell: (purchase) => purchase.credits,
  },
  {
    id: 'amount',
    label: 'Amount',
    sortBy: (purchase) => (purchase.amount === null ? null : Number(purchase.amount)),
    cell: (purchase) => formatCost(purchase.amount),
  },
  {
    id: 'provider',
    label: 'Paid through',
    sortBy: (purchase) => purchase.provider,
    cell: (purchase) => (purchase.provider === 'sandbox' ? 'Sandbox (no payment)' : 'Stripe'),
  },
  {
    id: 'reference',
    label: 'Reference',
    className: 'admin-table__code',
    cell: (purchase) => purchase.providerRef,
  },
];

/** Issue 10: who bought how many records, and when (the latest 200), searched by organization. */
export function PurchasesTab({ url }: { url: AdminUrl }) {
  const purchases = clientList(useAdminPurchases(), (data) => data.purchases, url, COLUMNS, byOrganization);
  return <AdminList words={WORDS} url={url} state={purchases} columns={COLUMNS} />;
}
