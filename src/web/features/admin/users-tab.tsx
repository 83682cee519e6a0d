import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { userInputSchema } from '#domain/admin-inputs.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminUsersQuery } from '#web/gql/graphql.ts';
import { firstFormError } from '#web/lib/first-form-error.ts';
import {
  fetchFailedMessage,
  NOT_AVAILABLE,
  rolesUpdateFailedMessage,
  USER_UPDATED_MESSAGE,
  userUpdateFailedMessage,
} from './admin-messages.ts';
import {
  type RoleItem,
  RoleUpdateError,
  useAdminUsers,
  useOrganizationChoices,
  useSaveUser,
} from './api/users.ts';
import { ListPager } from './list/list-pager.tsx';
import { EditRowButton } from './list/row-cells.tsx';
import { RowMessage } from './list/row-message.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type UsersPage = AdminUsersQuery['usersPage'];
type User = UsersPage['users'][number];
type OrganizationChoice = { id: string; name: string };
const COLUMN_COUNT = 5;
/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

/**
 * admin-app §2 Users tab: search by name; Name, Email, Organization, Roles, Actions; inline edit.
 * The server searches, sorts and pages (issue 10: 10,000 users).
 */
export function UsersTab({ url }: { url: AdminUrl }) {
  const search = useDebouncedValue(url.query, SEARCH_DELAY_MS);
  const users = useAdminUsers({ search, sort: url.sort, page: url.page });
  const organizations = useOrganizationChoices();
  // admin-app §4: one user in edit mode at a time.
  const [editing, setEditing] = useState<string | null>(null);
  const shown = users.data;

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by name" value={url.query} onChange={url.setQuery} />
      </div>
      {users.isPending ? (
        <Spinner label="Loading users..." showLabel />
      ) : users.isError && !shown ? (
        <Alert tone="error">{fetchFailedMessage('users', users.error.message)}</Alert>
      ) : !shown || shown.totalCount === 0 ? (
        <p className="admin-empty">No users match.</p>
      ) : (
        <>
          {users.isError ? (
            <Alert tone="error">{fetchFailedMessage('users', users.error.message)}</Alert>
          ) : null}
          <TableRegion label="Users" busy={users.isFetching}>
            <thead>
              <tr>
                <SortableHeader column="name" label="Name" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="email" label="Email" sort={url.sort} onSort={url.setSort} />
                <SortableHeader
                  column="organization"
                  label="Organization"
                  sort={url.sort}
                  onSort={url.setSort}
                />
                <th scope="col">Roles</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.users.map((user) =>
                editing === user.id ? (
                  <UserForm
                    key={user.id}
                    user={user}
                    allRoles={shown.allRoles}
                    organizations={organizations.data?.organizations ?? []}
                    onDone={() => setEditing(null)}
                  />
                ) : (
                  <tr key={user.id}>
                    <th scope="row">{user.name || NOT_AVAILABLE}</th>
                    <td>{user.email || NOT_AVAILABLE}</td>
                    <td>{user.organization?.name ?? NOT_AVAILABLE}</td>
                    <td>
                      <RoleBadges roles={user.roles} />
                    </td>
                    <td>
                      <EditRowButton
                        name={user.name || user.email || 'user'}
                        onEdit={() => setEditing(user.id)}
                      />
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </TableRegion>
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={shown.totalCount}
            noun="users"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}

function RoleBadges({ roles }: { roles: RoleItem[] }) {
  if (roles.length === 0) return <span>{NOT_AVAILABLE}</span>;
  return (
    <ul className="role-tags" aria-label="Roles">
      {roles.map((role) => (
        <li key={role.id}>
          <Badge>{role.name}</Badge>
        </li>
      ))}
    </ul>
  );
}

/**
 * admin-app §2/§5/§6 inline user edit: a name, an organization select, role tags with a remove
 * control and an Add Role select listing only roles not held; the role change goes to the users
 * service as new and previous role ids.
 */
function UserForm({
  user,
  allRoles,
  organizations,
  onDone,
}: {
  user: User;
  allRoles: RoleItem[];
  organizations: OrganizationChoice[];
  onDone: () => void;
}) {
  const formId = useId();
  const save = useSaveUser();
  const { showToast } = useToast();
  const roles = user.roles;
  const [held, setHeld] = useState<RoleItem[]>(roles);
  const form = useForm({
    resolver: zodResolver(userInputSchema),
    defaultValues: { name: user.name ?? '', organizationId: user.organization?.id ?? '' },
  });
  const problem = firstFormError(form.formState.errors, ['name', 'organizationId']);
  const who = user.name || user.email || 'user';
  const notHeld = allRoles.filter((role) => !held.some((h) => h.id === role.id));
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: user.id, input, newRoles: held.map((r) => r.id), previousRoles: roles.map((r) => r.id) },
      {
        onSuccess: () => {
          showToast(USER_UPDATED_MESSAGE, 'success');
          onDone();
        },
        onError: (error) =>
          showToast(
            error instanceof RoleUpdateError
              ? rolesUpdateFailedMessage(error.message)
              : userUpdateFailedMessage(error.message),
            'error',
          ),
      },
    ),
  );

  return (
    <>
      <tr className="admin-edit-row">
        <td>
          <input form={formId} aria-label={`Name of ${who}`} placeholder="Name" {...form.register('name')} />
        </td>
        <td>{user.email || NOT_AVAILABLE}</td>
        <td>
          <select form={formId} aria-label={`Organization of ${who}`} {...form.register('organizationId')}>
            <option value="">Select organization</option>
            {organizations.map((organization) => (
              <option key={organization.id} value={organization.id}>
                {organization.name}
              </option>
            ))}
          </select>
        </td>
        <td>
          <ul className="role-tags" aria-label={`Roles of ${who}`}>
            {held.map((role) => (
              <li key={role.id} className="role-tag">
                {role.name}
                <button
                  type="button"
                  className="role-tag__remove"
                  aria-label={`Remove role ${role.name}`}
                  onClick={() => setHeld((current) => current.filter((r) => r.id !== role.id))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          {notHeld.length > 0 ? (
            <select
              aria-label={`Add Role to ${who}`}
              value=""
              onChange={(event) => {
                const role = allRoles.find((r) => r.id === event.target.value);
                if (role) setHeld((current) => [...current, role]);
              }}
            >
              <option value="">Add Role</option>
              {notHeld.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </select>
          ) : null}
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
      <RowMessage message={problem} columns={COLUMN_COUNT} />
    </>
  );
}
