import { useState } from 'react';
import { Link } from 'react-router';
import { nameMatches, pageOf, sortRows } from '#domain/admin-lists.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { fetchFailedMessage, inlineFailureMessage, NOT_AVAILABLE } from './admin-messages.ts';
import { useAdminInventoryTypes, useCloneInventoryType } from './api/inventory-types.ts';
import { ListPager } from './list/list-pager.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import { MigrationTool } from './migration-tool.tsx';
import type { AdminUrl } from './use-admin-url.ts';

/**
 * admin-app §2 Inventory Types tab: Name, Description, Report Query (N/A if empty) and Actions (Edit
 * Form, Clone Form); "Add New Inventory Type" leads to the form builder; the migration tool below.
 */
export function InventoryTypesTab({ url }: { url: AdminUrl }) {
  const types = useAdminInventoryTypes();
  const clone = useCloneInventoryType();
  const { showToast } = useToast();
  const [cloneError, setCloneError] = useState<string | null>(null);
  const all = types.data?.inventoryTypes ?? [];
  const rows = all.filter((type) => nameMatches(type.name, url.query));
  const shown = pageOf(
    sortRows(rows, url.sort, (type, column) =>
      column === 'name' ? type.name : column === 'description' ? type.description : type.reportQuery,
    ),
    url.page,
  );

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by name" value={url.query} onChange={url.setQuery} />
        <Link to="/formbuilder" className={buttonClassName('primary')}>
          Add New Inventory Type
        </Link>
      </div>
      {cloneError ? (
        <p className="error-message" role="alert">
          {inlineFailureMessage(cloneError)}
        </p>
      ) : null}
      {types.isPending ? (
        <Spinner label="Loading inventory types..." showLabel />
      ) : types.isError ? (
        <Alert tone="error">{fetchFailedMessage('inventory types', types.error.message)}</Alert>
      ) : (
        <>
          <TableRegion label="Inventory types">
            <thead>
              <tr>
                <SortableHeader column="name" label="Name" sort={url.sort} onSort={url.setSort} />
                <SortableHeader
                  column="description"
                  label="Description"
                  sort={url.sort}
                  onSort={url.setSort}
                />
                <SortableHeader
                  column="reportQuery"
                  label="Report Query"
                  sort={url.sort}
                  onSort={url.setSort}
                />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.map((type) => (
                <tr key={type.id}>
                  <th scope="row">{type.name}</th>
                  <td className="admin-table__wrap">{type.description || NOT_AVAILABLE}</td>
                  <td className="admin-table__code">{type.reportQuery || NOT_AVAILABLE}</td>
                  <td>
                    <div className="data-table__actions">
                      <Link
                        to={`/formbuilder/${type.id}`}
                        className={buttonClassName('secondary', 'sm')}
                        aria-label={`Edit Form ${type.name}`}
                      >
                        Edit Form
                      </Link>
                      <Link
                        to={`/formversions/${type.id}`}
                        className={buttonClassName('quiet', 'sm')}
                        aria-label={`Versions ${type.name}`}
                      >
                        Versions
                      </Link>
                      <Button
                        size="sm"
                        variant="quiet"
                        aria-label={`Clone Form ${type.name}`}
                        disabled={clone.isPending}
                        onClick={() => {
                          setCloneError(null);
                          clone.mutate(type.id, {
                            onSuccess: ({ cloneInventoryType }) =>
                              showToast(`Form cloned as "${cloneInventoryType.name}".`, 'success'),
                            onError: (error) => setCloneError(error.message),
                          });
                        }}
                      >
                        Clone Form
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          {rows.length === 0 ? <p className="admin-empty">No inventory types match.</p> : null}
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            noun="inventory types"
            onPage={url.setPage}
          />
          <MigrationTool types={all} />
        </>
      )}
    </div>
  );
}
