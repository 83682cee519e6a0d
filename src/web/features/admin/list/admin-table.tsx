import { Fragment, type ReactNode, useContext, useEffect } from 'react';
import {
  Cell,
  Column,
  Row,
  type SortDirection,
  Table,
  TableBody,
  TableHeader,
  TableStateContext,
} from 'react-aria-components';
import type { SortOrder } from '#domain/admin-lists.ts';
import type { AdminColumn } from './admin-columns.ts';

export interface AdminTableProps<TRow extends { id: string }> {
  label: string;
  columns: readonly AdminColumn<TRow>[];
  rows: readonly TRow[];
  sort: SortOrder<string> | null;
  onSort: (order: SortOrder<string>) => void;
  /** A row drawn otherwise (a row being edited), or undefined for the columns' cells. */
  renderRow?: (row: TRow) => ReactNode | undefined;
  /** Rows above the list (the add row). */
  leadingRows?: ReactNode;
  busy?: boolean;
  /** A row is being edited: its fields take the keys (Tab, arrows) instead of the grid. */
  editing?: boolean;
}

/**
 * A console list as React Aria's Table (issue 27 §5): the first column names the row, sortable
 * headers carry aria-sort and are named by their label alone (the arrow is hidden from screen
 * readers), arrows move between cells. Issue 44 §2: at 1280 px it fits its panel (cells wrap,
 * actions wrap); on a narrow screen each row is a card, its cells labelled by their column
 * (`data-label`, admin-list.css); the scroll container stays for an edited row's wide fields.
 */
export function AdminTable<TRow extends { id: string }>({
  label,
  columns,
  rows,
  sort,
  onSort,
  renderRow,
  leadingRows,
  busy = false,
  editing = false,
}: AdminTableProps<TRow>) {
  return (
    <section
      className={busy ? 'table-scroll table-scroll--busy' : 'table-scroll'}
      aria-label={`${label} (scrolls sideways)`}
      aria-busy={busy || undefined}
    >
      <Table
        aria-label={label}
        className="data-table admin-table"
        sortDescriptor={sort ? { column: sort.column, direction: sort.direction } : undefined}
        onSortChange={({ column, direction }) => onSort({ column: String(column), direction })}
      >
        <TableHeader>
          {columns.map((column, index) => (
            <Column
              key={column.id}
              id={column.id}
              isRowHeader={index === 0}
              allowsSorting={column.sortBy !== undefined}
            >
              {({ sortDirection }) => (
                <>
                  {index === 0 ? <FieldKeys enabled={editing} /> : null}
                  {column.label}
                  {column.sortBy ? <SortArrow direction={sortDirection} /> : null}
                </>
              )}
            </Column>
          ))}
        </TableHeader>
        <TableBody>
          {leadingRows}
          {rows.map((row) => (
            <Fragment key={row.id}>
              {renderRow?.(row) ?? (
                <Row id={row.id}>
                  {columns.map((column) => (
                    <Cell key={column.id} className={column.className} data-label={column.label}>
                      {column.cell(row)}
                    </Cell>
                  ))}
                </Row>
              )}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** Shows which way a column sorts; screen readers hear aria-sort instead. */
function SortArrow({ direction }: { direction: SortDirection | undefined }) {
  return (
    <span aria-hidden="true" className="sort-arrow">
      {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : '↕'}
    </span>
  );
}

/**
 * While a row is edited, its text fields and selects need the arrow keys and Tab for themselves
 * (moving the caret, going from field to field), so the grid's own key handling pauses.
 */
function FieldKeys({ enabled }: { enabled: boolean }) {
  const setDisabled = useContext(TableStateContext)?.setKeyboardNavigationDisabled;
  useEffect(() => setDisabled?.(enabled), [setDisabled, enabled]);
  return null;
}
