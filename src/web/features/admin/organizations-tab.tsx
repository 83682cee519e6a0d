import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { organizationInputSchema } from '#domain/admin-inputs.ts';
import { nameMatches, pageOf, sortRows } from '#domain/admin-lists.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminOrganizationsQuery } from '#web/gql/graphql.ts';
import { firstFormError } from '#web/lib/first-form-error.ts';
import { fetchFailedMessage, inlineFailureMessage, NOT_AVAILABLE } from './admin-messages.ts';
import { useAdminOrganizations, useSaveOrganization } from './api/organizations.ts';
import { ListPager } from './list/list-pager.tsx';
import { EditRowButton, ExternalLinkOrNotAvailable } from './list/row-cells.tsx';
import { RowMessage } from './list/row-message.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';

type Organization = AdminOrganizationsQuery['organizations'][number];
const COLUMN_COUNT = 4;

/** admin-app §2 Organizations tab: search by name, inline Edit/Save/Cancel, an add row. */
export function OrganizationsTab({ url }: { url: AdminUrl }) {
  const organizations = useAdminOrganizations();
  // admin-app §4: one organization in edit mode at a time; the add row toggles open and closed.
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const rows = (organizations.data?.organizations ?? []).filter((o) => nameMatches(o.name, url.query));
  const shown = pageOf(
    sortRows(rows, url.sort, (o, column) =>
      column === 'name' ? o.name : column === 'phone' ? o.phone : o.website,
    ),
    url.page,
  );

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by name" value={url.query} onChange={url.setQuery} />
        <Button variant={adding ? 'secondary' : 'primary'} onClick={() => setAdding((open) => !open)}>
          Add New Organization
        </Button>
      </div>
      {organizations.isPending ? (
        <Spinner label="Loading organizations..." showLabel />
      ) : organizations.isError ? (
        <Alert tone="error">{fetchFailedMessage('organizations', organizations.error.message)}</Alert>
      ) : (
        <>
          <TableRegion label="Organizations">
            <thead>
              <tr>
                <SortableHeader column="name" label="Name" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="phone" label="Phone" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="website" label="Website" sort={url.sort} onSort={url.setSort} />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {adding ? <OrganizationForm organization={null} onDone={() => setAdding(false)} /> : null}
              {shown.rows.map((organization) =>
                editing === organization.id ? (
                  <OrganizationForm
                    key={organization.id}
                    organization={organization}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <tr key={organization.id}>
                    <th scope="row">{organization.name}</th>
                    <td>{organization.phone || NOT_AVAILABLE}</td>
                    <td>
                      <ExternalLinkOrNotAvailable
                        href={organization.website ? linkOf(organization.website) : null}
                        text={organization.website}
                      />
                    </td>
                    <td>
                      <EditRowButton name={organization.name} onEdit={() => setEditing(organization.id)} />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </TableRegion>
          {rows.length === 0 ? <p className="admin-empty">No organizations match.</p> : null}
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            noun="organizations"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}

/** A website typed without a scheme still opens as a website, never as a path of this app. */
function linkOf(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** The inline row of admin-app §2/§5: name required; an empty phone or website is sent as null. */
function OrganizationForm({
  organization,
  onDone,
}: {
  organization: Organization | null;
  onDone: () => void;
}) {
  const formId = useId();
  const save = useSaveOrganization();
  const { showToast } = useToast();
  const form = useForm({
    resolver: zodResolver(organizationInputSchema),
    defaultValues: {
      name: organization?.name ?? '',
      phone: organization?.phone ?? '',
      website: organization?.website ?? '',
    },
  });
  const problem = firstFormError(form.formState.errors, ['name', 'phone', 'website']);
  const label = organization ? `of ${organization.name}` : 'of the new organization';
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: organization?.id ?? null, input },
      {
        onSuccess: () => {
          showToast(
            organization ? 'Organization updated successfully!' : 'Organization added successfully!',
            'success',
          );
          onDone();
        },
      },
    ),
  );

  return (
    <>
      <tr className="admin-edit-row">
        <td>
          <input form={formId} aria-label={`Name ${label}`} placeholder="Name" {...form.register('name')} />
        </td>
        <td>
          <input
            form={formId}
            aria-label={`Phone ${label}`}
            placeholder="Phone"
            {...form.register('phone')}
          />
        </td>
        <td>
          <input
            form={formId}
            aria-label={`Website ${label}`}
            placeholder="Website"
            {...form.register('website')}
          />
        </td>
        <td>
          <form id={formId} className="data-table__actions" onSubmit={submit} noValidate>
            <Button type="submit" size="sm" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button size="sm" variant="quiet" onClick={onDone}>
              Cancel
            </Button>
          </form>
        </td>
      </tr>
      <RowMessage
        message={problem ?? (save.isError ? inlineFailureMessage(save.error.message) : undefined)}
        columns={COLUMN_COUNT}
      />
    </>
  );
}
