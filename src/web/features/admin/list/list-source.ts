import type { UseQueryResult } from '@tanstack/react-query';
import { nameMatches, pageOf, type SortOrder, sortRows } from '#domain/admin-lists.ts';
import { type AdminColumn, sortValueOf } from './admin-columns.ts';

/** One page of a console list, however it was found: by the server or in the browser. */
export interface ListPage<TRow> {
  rows: readonly TRow[];
  page: number;
  pageCount: number;
  total: number;
}

/**
 * What a console tab shows (issue 10): a spinner until the first answer, the failure if there is
 * nothing to show, otherwise the page, dimmed while the next one loads, with a failure above it if
 * the latest request failed.
 */
export type ListState<TRow> =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'shown'; page: ListPage<TRow>; busy: boolean; error: string | null };

function stateOf<TData, TRow>(
  query: UseQueryResult<TData>,
  pageOfData: (data: TData) => ListPage<TRow>,
  busy: boolean,
): ListState<TRow> {
  if (query.data === undefined) {
    return query.isError ? { status: 'failed', error: query.error.message } : { status: 'loading' };
  }
  return {
    status: 'shown',
    page: pageOfData(query.data),
    busy,
    error: query.isError ? query.error.message : null,
  };
}

/** A list the server searched, sorted and paged (Records, Users: tens of thousands of rows). */
export function serverList<TData extends { page: number; pageCount: number; totalCount: number }, TRow>(
  query: UseQueryResult<TData>,
  rowsOf: (data: TData) => readonly TRow[],
): ListState<TRow> {
  return stateOf(
    query,
    (data) => ({ rows: rowsOf(data), page: data.page, pageCount: data.pageCount, total: data.totalCount }),
    query.isFetching,
  );
}

/**
 * A short list the server sends whole (organizations, types, products, the latest purchases and
 * messages), searched by `searched` (admin-app §5: a case-insensitive part of the name), sorted by
 * the columns' values and paged here by the table-tested rules of #domain/admin-lists.ts
 * (decision 090).
 */
export function clientList<TData, TRow>(
  query: UseQueryResult<TData>,
  rowsOf: (data: TData) => readonly TRow[],
  view: { query: string; sort: SortOrder<string> | null; page: number },
  columns: readonly AdminColumn<TRow>[],
  searched: (row: TRow) => string | null | undefined,
): ListState<TRow> {
  return stateOf(
    query,
    (data) => {
      const found = rowsOf(data).filter((row) => nameMatches(searched(row), view.query));
      const sorted = sortRows(found, view.sort, (row, column) => sortValueOf(columns, row, column));
      const shown = pageOf(sorted, view.page);
      return { rows: shown.rows, page: shown.page, pageCount: shown.pageCount, total: found.length };
    },
    false,
  );
}
