import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { organizationInputSchema } from '#domain/admin-inputs.ts';
import type { AdminOrganizationsQuery } from '#web/gql/graphql.ts';
import { useAdminOrganizations, useSaveOrganization } from './api/whole-lists.ts';
import { type AdminColumn, textColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { clientList } from './list/list-source.ts';
import { EditRowButton, ExternalLinkOrNotAvailable } from './list/row-cells.tsx';
import { SavedRowForm } from './list/saved-row-form.tsx';
import { useInlineEdit } from './list/use-inline-edit.ts';
import type { AdminUrl } from './use-admin-url.ts';

type Organization = AdminOrganizationsQuery['organizations'][number];

const WORDS = { table: 'Organizations', noun: 'organizations', search: 'Search by name' };
const byName = (organization: Organization) => organization.name;
const FIELDS = [
  ['name', 'Name'],
  ['phone', 'Phone'],
  ['website', 'Website'],
  // Issue 28 §6: the support line the organization's people see on their records.
  ['supportText', 'Support text'],
  ['supportPhone', 'Support number'],
  ['supportUrl', 'Support link'],
] as const;

/** admin-app §2 Organizations tab: search by name, inline Edit/Save/Cancel, an add row. */
export function OrganizationsTab({ url }: { url: AdminUrl }) {
  const organizations = useAdminOrganizations();
  const edit = useInlineEdit();
  const columns: readonly AdminColumn<Organization>[] = [
    { id: 'name', label: 'Name', sortBy: byName, cell: byName },
    textColumn('phone', 'Phone', (organization) => organization.phone),
    {
      id: 'website',
      label: 'Website',
      sortBy: (organization) => organization.website,
      cell: ({ website }) => (
        <ExternalLinkOrNotAvailable href={website ? linkOf(website) : null} text={website} />
      ),
    },
    {
      id: 'supportLine',
      label: 'Support line',
      sortBy: supportLineSummary,
      cell: (organization) => supportLineSummary(organization) ?? 'Default',
    },
    {
      id: 'actions',
      label: 'Actions',
      cell: (organization) => (
        <EditRowButton name={organization.name} onEdit={() => edit.edit(organization.id)} />
      ),
    },
  ];

  const list = clientList(organizations, (data) => data.organizations, url, columns, byName);
  const form = (organization: Organization | null, onDone: () => void) => (
    <OrganizationForm organization={organization} onDone={onDone} />
  );
  const inlineEdit = { edit, form, addLabel: 'Add New Organization' };
  return <AdminList words={WORDS} url={url} state={list} columns={columns} inlineEdit={inlineEdit} />;
}

/** A website typed without a scheme still opens as a website, never as a path of this app. */
function linkOf(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/** What the row's fields hold when it opens: the organization as stored, or nothing yet. */
const typed = (organization: Organization | null) => ({
  name: organization?.name ?? '',
  phone: organization?.phone ?? '',
  website: organization?.website ?? '',
  supportText: organization?.supportText ?? '',
  supportPhone: organization?.supportPhone ?? '',
  supportUrl: organization?.supportUrl ?? '',
});

/** Issue 28 §6: the support line in one cell; empty when the configured default applies. */
function supportLineSummary(organization: Organization): string | null {
  const parts = [organization.supportText, organization.supportPhone, organization.supportUrl];
  const set = parts.filter((part): part is string => Boolean(part));
  return set.length > 0 ? set.join(' · ') : null;
}

/** The inline row of admin-app §2/§5: name required; an empty phone or website is sent as null. */
function OrganizationForm({
  organization,
  onDone,
}: {
  organization: Organization | null;
  onDone: () => void;
}) {
  const save = useSaveOrganization();
  const form = useForm({
    resolver: zodResolver(organizationInputSchema),
    defaultValues: typed(organization),
  });
  const of = organization ? `of ${organization.name}` : 'of the new organization';
  return (
    <SavedRowForm
      id={organization?.id ?? null}
      form={form}
      fieldOrder={FIELDS.map(([field]) => field)}
      save={save}
      savedMessage={organization ? 'Organization updated successfully!' : 'Organization added successfully!'}
      onDone={onDone}
      fields={(formId) => {
        const inputs = FIELDS.map(([field, label]) => (
          <input
            key={field}
            form={formId}
            aria-label={`${label} ${of}`}
            placeholder={label}
            {...form.register(field)}
          />
        ));
        // One cell per column: the support line's three parts share its column.
        return [
          ...inputs.slice(0, 3),
          <div key="support" className="admin-support-inputs">
            {inputs.slice(3)}
          </div>,
        ];
      }}
    />
  );
}
