import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminInventoryTypesQuery } from '#web/gql/graphql.ts';
import { inlineFailureMessage } from './admin-messages.ts';
import { useAdminInventoryTypes, useCloneInventoryType } from './api/whole-lists.ts';
import { type AdminColumn, textColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { clientList } from './list/list-source.ts';
import { MigrationTool } from './migration-tool.tsx';
import type { AdminUrl } from './use-admin-url.ts';

type InventoryType = AdminInventoryTypesQuery['inventoryTypes'][number];

const WORDS = { table: 'Inventory types', noun: 'inventory types', search: 'Search by name' };
const byName = (type: InventoryType) => type.name;

/**
 * admin-app §2 Inventory Types tab: Name, Description, Report Query (N/A if empty) and Actions (Edit
 * Form, Clone Form); "Add New Inventory Type" leads to the form builder; the migration tool below.
 */
export function InventoryTypesTab({ url }: { url: AdminUrl }) {
  const types = useAdminInventoryTypes();
  const clone = useCloneInventoryType();
  const { showToast } = useToast();
  const [cloneError, setCloneError] = useState<string | null>(null);
  const all = types.data?.inventoryTypes;
  const columns: readonly AdminColumn<InventoryType>[] = [
    { id: 'name', label: 'Name', sortBy: byName, cell: byName },
    textColumn('description', 'Description', (type) => type.description, 'admin-table__wrap'),
    textColumn('reportQuery', 'Report Query', (type) => type.reportQuery, 'admin-table__code'),
    {
      id: 'actions',
      label: 'Actions',
      cell: (type) => (
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
      ),
    },
  ];

  return (
    <>
      <AdminList
        words={WORDS}
        url={url}
        state={clientList(types, (data) => data.inventoryTypes, url, columns, byName)}
        columns={columns}
        controls={
          <Link to="/formbuilder" className={buttonClassName('primary')}>
            Add New Inventory Type
          </Link>
        }
        notice={
          cloneError ? (
            <p className="error-message" role="alert">
              {inlineFailureMessage(cloneError)}
            </p>
          ) : null
        }
      />
      {all ? <MigrationTool types={all} /> : null}
    </>
  );
}
