import { nameMatches, pageOf, sortRows } from '#domain/admin-lists.ts';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { formatCost } from '#domain/money.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { AdminPurchasesQuery } from '#web/gql/graphql.ts';
import { fetchFailedMessage, NOT_AVAILABLE } from './admin-messages.ts';
import { useAdminPurchases } from './api/activity.ts';
import { ListPager } from './list/list-pager.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';

type Purchase = AdminPurchasesQuery['purchases'][number];

function sortValue(purchase: Purchase, column: string) {
  const values: Record<string, string | number | null | undefined> = {
    date: purchase.createdAt,
    organization: purchase.organization?.name,
    product: purchase.productName,
    credits: purchase.credits,
    amount: purchase.amount === null ? null : Number(purchase.amount),
    provider: purchase.provider,
  };
  return values[column];
}

/** Issue 10: who bought how many records, and when (the latest 200), searched by organization. */
export function PurchasesTab({ url }: { url: AdminUrl }) {
  const purchases = useAdminPurchases();
  const rows = (purchases.data?.purchases ?? []).filter((p) => nameMatches(p.organization?.name, url.query));
  const shown = pageOf(sortRows(rows, url.sort, sortValue), url.page);
  const header = (column: string, label: string) => (
    <SortableHeader column={column} label={label} sort={url.sort} onSort={url.setSort} />
  );

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by organization" value={url.query} onChange={url.setQuery} />
      </div>
      {purchases.isPending ? (
        <Spinner label="Loading purchases..." showLabel />
      ) : purchases.isError ? (
        <Alert tone="error">{fetchFailedMessage('purchases', purchases.error.message)}</Alert>
      ) : rows.length === 0 ? (
        <p className="admin-empty">No purchases match.</p>
      ) : (
        <>
          <TableRegion label="Purchases">
            <thead>
              <tr>
                {header('date', 'Date')}
                {header('organization', 'Organization')}
                {header('product', 'Product')}
                {header('credits', 'Credits')}
                {header('amount', 'Amount')}
                {header('provider', 'Paid through')}
                <th scope="col">Reference</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.map((purchase) => (
                <tr key={purchase.id}>
                  <th scope="row">{formatLocalDateTime(purchase.createdAt)}</th>
                  <td>{purchase.organization?.name ?? NOT_AVAILABLE}</td>
                  <td>{purchase.productName ?? NOT_AVAILABLE}</td>
                  <td>{purchase.credits}</td>
                  <td>{formatCost(purchase.amount)}</td>
                  <td>{purchase.provider === 'sandbox' ? 'Sandbox (no payment)' : 'Stripe'}</td>
                  <td className="admin-table__code">{purchase.providerRef}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            noun="purchases"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}
