import type { ReactNode } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { fetchFailedMessage } from '../admin-messages.ts';
import type { AdminUrl } from '../use-admin-url.ts';
import type { AdminColumn } from './admin-columns.ts';
import { AdminTable } from './admin-table.tsx';
import { ListPager } from './list-pager.tsx';
import type { ListState } from './list-source.ts';
import { SearchField } from './search-field.tsx';
import type { InlineEdit } from './use-inline-edit.ts';

/** Rows a tab edits in place (admin-app §2/§4): the form of a row, or of a new one (`row` null). */
export interface InlineEditing<TRow> {
  edit: InlineEdit;
  form: (row: TRow | null, onDone: () => void) => ReactNode;
  /** The toolbar button that opens the add row ("Add New Organization"), if the tab adds rows. */
  addLabel?: string;
}

/** What a list is called where it shows. */
export interface ListWords {
  /** The table's name ("Records"). */
  table: string;
  /** What the list holds, in the plural: "Loading {noun}...", "No {noun} match.", the pager. */
  noun: string;
  /** The search box's label (admin-app §2 "a search by name"). */
  search: string;
  /** What a failed fetch names (admin-app §8 "Error fetching {what}: …"), when not the noun. */
  fetchName?: string;
}

export interface AdminListProps<TRow extends { id: string }> {
  /** The tab's place in the address: search, sort and page (issue 10). */
  url: AdminUrl;
  words: ListWords;
  state: ListState<TRow>;
  columns: readonly AdminColumn<TRow>[];
  /** The tab's own controls beside the search box. */
  controls?: ReactNode;
  /** Shown between the toolbar and the list (a failed action of the tab). */
  notice?: ReactNode;
  inlineEdit?: InlineEditing<TRow>;
}

/**
 * Every tab of the admin console (admin-app §2, issue 10) is this: a toolbar with the search, then
 * a spinner or the failure, then the list as a table with its pager, "No … match." when nothing is
 * found. Rows edited in place take the table's keys while they are open.
 */
export function AdminList<TRow extends { id: string }>({
  url,
  words: { table, noun, search, fetchName = noun },
  state,
  columns,
  controls,
  notice,
  inlineEdit,
}: AdminListProps<TRow>) {
  const edit = inlineEdit?.edit;
  const addRow = inlineEdit && edit?.adding ? inlineEdit.form(null, edit.stopAdding) : null;
  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label={search} value={url.query} onChange={url.setQuery} />
        {controls}
        {inlineEdit?.addLabel && edit ? (
          <Button variant={edit.adding ? 'secondary' : 'primary'} onClick={edit.toggleAdding}>
            {inlineEdit.addLabel}
          </Button>
        ) : null}
      </div>
      {notice}
      {state.status === 'loading' ? (
        <Spinner label={`Loading ${noun}...`} showLabel />
      ) : state.status === 'failed' ? (
        <Alert tone="error">{fetchFailedMessage(fetchName, state.error)}</Alert>
      ) : (
        <>
          {state.error ? <Alert tone="error">{fetchFailedMessage(fetchName, state.error)}</Alert> : null}
          {state.page.rows.length > 0 || addRow ? (
            <AdminTable
              label={table}
              columns={columns}
              rows={state.page.rows}
              sort={url.sort}
              onSort={url.setSort}
              busy={state.busy}
              editing={edit?.isOpen ?? false}
              leadingRows={addRow}
              renderRow={(row) =>
                inlineEdit && edit?.editing === row.id ? inlineEdit.form(row, edit.stopEditing) : undefined
              }
            />
          ) : null}
          {state.page.total === 0 ? (
            <p className="admin-empty">No {noun} match.</p>
          ) : (
            <ListPager
              page={state.page.page}
              pageCount={state.page.pageCount}
              total={state.page.total}
              noun={noun}
              onPage={url.setPage}
            />
          )}
        </>
      )}
    </div>
  );
}
