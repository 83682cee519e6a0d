import type { ReactNode } from 'react';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { NOT_AVAILABLE } from '../admin-messages.ts';

export type SortValue = string | number | boolean | null | undefined;

/** A column of a console list: its header, how it sorts, and what its cell shows for a row. */
export interface AdminColumn<TRow> {
  id: string;
  label: string;
  /**
   * How the column sorts, if it does: `'server'` in a list the server sorts (issue 10), otherwise
   * the value it is sorted by here (decision 090); missing values go last either way.
   */
  sortBy?: 'server' | ((row: TRow) => SortValue);
  className?: string;
  cell: (row: TRow) => ReactNode;
}

/** A column of text sorted here by that text, "N/A" when there is none (admin-app §2). */
export function textColumn<TRow>(
  id: string,
  label: string,
  text: (row: TRow) => string | null | undefined,
  className?: string,
): AdminColumn<TRow> {
  return { id, label, sortBy: text, className, cell: (row) => text(row) || NOT_AVAILABLE };
}

/** The value a row sorts by in the column `id`, when the list is sorted here. */
export function sortValueOf<TRow>(columns: readonly AdminColumn<TRow>[], row: TRow, id: string): SortValue {
  const sortBy = columns.find((column) => column.id === id)?.sortBy;
  return typeof sortBy === 'function' ? sortBy(row) : undefined;
}

/** When the row was made (a purchase, a message), in the viewer's own time, sorted by that time. */
export function createdColumn<TRow extends { createdAt: string }>(): AdminColumn<TRow> {
  return {
    id: 'date',
    label: 'Date',
    sortBy: (row) => row.createdAt,
    cell: (row) => formatLocalDateTime(row.createdAt),
  };
}
