/**
 * The admin console's list rules (admin-app §5 "Admin search"), written once and table-tested:
 * searching by name, the Records tab's unassigned rule, sorting by a column and paging.
 */

/** admin-app §5: a case-insensitive substring match on the name. */
export function nameMatches(name: string | null | undefined, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return (name ?? '').toLowerCase().includes(needle);
}

export type SortDirection = 'ascending' | 'descending';
export interface SortOrder<TKey extends string> {
  column: TKey;
  direction: SortDirection;
}

type SortValue = string | number | boolean | null | undefined;
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compareValues(a: SortValue, b: SortValue): number {
  // Missing values (shown as N/A) always go last, whichever the direction.
  const aMissing = a === null || a === undefined || a === '';
  const bMissing = b === null || b === undefined || b === '';
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** Rows sorted by one column, stable, missing values last. */
export function sortRows<TRow, TKey extends string>(
  rows: readonly TRow[],
  order: SortOrder<TKey> | null,
  columnValue: (row: TRow, column: TKey) => SortValue,
): TRow[] {
  if (!order) return [...rows];
  const sign = order.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: columnValue(row, order.column) }))
    .sort((a, b) => {
      const missing = [a.value, b.value].map((v) => v === null || v === undefined || v === '');
      const byValue = compareValues(a.value, b.value);
      const signed = missing[0] || missing[1] ? byValue : sign * byValue;
      return signed || a.index - b.index;
    })
    .map(({ row }) => row);
}

export const ADMIN_PAGE_SIZE = 25;

/** One page of rows (1-based), the page number actually shown and how many pages there are. */
export function pageOf<TRow>(rows: readonly TRow[], page: number, size = ADMIN_PAGE_SIZE) {
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const shown = Number.isInteger(page) ? Math.min(Math.max(page, 1), pageCount) : 1;
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, pageCount };
}

/** The most rows one page of a server-paged list may ask for (a request's cost stays bounded). */
export const MAX_ADMIN_PAGE_SIZE = 100;

/**
 * Where a page of a server-paged list starts (issue 10): the page asked for kept within the pages
 * there are, so a bookmarked `page=9` of a list that shrank shows its last page rather than nothing.
 */
export function pageWindow(total: number, page: number | null | undefined, size: number | null | undefined) {
  const pageSize = Math.min(
    Math.max(Math.trunc(size ?? ADMIN_PAGE_SIZE) || ADMIN_PAGE_SIZE, 1),
    MAX_ADMIN_PAGE_SIZE,
  );
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const asked = Number.isInteger(page) ? (page as number) : 1;
  const shown = Math.min(Math.max(asked, 1), pageCount);
  return { page: shown, pageCount, pageSize, offset: (shown - 1) * pageSize };
}
