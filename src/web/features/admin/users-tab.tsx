import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { userInputSchema } from '#domain/admin-inputs.ts';
import { ERASED_PERSON_NAME } from '#domain/erasure.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminUsersQuery } from '#web/gql/graphql.ts';
import { firstFormError } from '#web/lib/first-form-error.ts';
import {
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
import type { AdminColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { EditRow } from './list/edit-row.tsx';
import { serverList } from './list/list-source.ts';
import { ChoiceSelect, EditRowButton } from './list/row-cells.tsx';
import { useInlineEdit } from './list/use-inline-edit.ts';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { EraseUserButton, SignOutEverywhereButton, whoIs } from './user-row-actions.tsx';

type UsersPage = AdminUsersQuery['usersPage'];
type User = UsersPage['users'][number];
type OrganizationChoice = { id: string; name: string };
const WORDS = { table: 'Users', noun: 'users', search: 'Search by name' };
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
  const edit = useInlineEdit();
  const columns: readonly AdminColumn<User>[] = [
    {
      id: 'name',
      label: 'Name',
      sortBy: 'server',
      cell: (user) => (user.erasedAt ? <em>{ERASED_PERSON_NAME}</em> : user.name || NOT_AVAILABLE),
    },
    {
      id: 'email',
      label: 'Email',
      sortBy: 'server',
      cell: (user) => (user.erasedAt ? NOT_AVAILABLE : user.email || NOT_AVAILABLE),
    },
    {
      id: 'organization',
      label: 'Organization',
      sortBy: 'server',
      cell: (user) => user.organization?.name ?? NOT_AVAILABLE,
    },
    {
      id: 'roles',
      label: 'Roles',
      cell: (user) => (user.erasedAt ? <Badge>erased</Badge> : <RoleBadges roles={user.roles} />),
    },
    {
      id: 'actions',
      label: 'Actions',
      // Issue 30 §6: an erased person has nothing left to edit, sign out or erase.
      cell: (user) =>
        user.erasedAt ? (
          NOT_AVAILABLE
        ) : (
          <div className="data-table__actions">
            <EditRowButton name={whoIs(user)} onEdit={() => edit.edit(user.id)} />
            <SignOutEverywhereButton user={user} />
            <EraseUserButton user={user} />
          </div>
        ),
    },
  ];

  const list = serverList(users, (page) => page.users);
  // admin-app §2: users are edited, never added here (they register or are invited).
  const form = (user: User | null, onDone: () => void) =>
    user ? (
      <UserForm
        user={user}
        allRoles={users.data?.allRoles ?? []}
        organizations={organizations.data?.organizations ?? []}
        onDone={onDone}
      />
    ) : null;
  return <AdminList words={WORDS} url={url} state={list} columns={columns} inlineEdit={{ edit, form }} />;
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
  const who = whoIs(user);
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
    <EditRow
      id={user.id}
      formId={formId}
      onSubmit={submit}
      saving={save.isPending}
      onCancel={onDone}
      message={problem}
      fields={[
        <input
          key="name"
          form={formId}
          aria-label={`Name of ${who}`}
          placeholder="Name"
          {...form.register('name')}
        />,
        user.email || NOT_AVAILABLE,
        <ChoiceSelect
          key="organization"
          form={formId}
          aria-label={`Organization of ${who}`}
          none="Select organization"
          choices={organizations}
          {...form.register('organizationId')}
        />,
        <RoleEditor
          key="roles"
          who={who}
          held={held}
          notHeld={allRoles.filter((role) => !held.some((h) => h.id === role.id))}
          onChange={setHeld}
        />,
      ]}
    />
  );
}

/** admin-app §2/§6: the held roles as tags with a remove control, and Add Role for the others. */
function RoleEditor({
  who,
  held,
  notHeld,
  onChange,
}: {
  who: string;
  held: RoleItem[];
  notHeld: RoleItem[];
  onChange: (roles: RoleItem[]) => void;
}) {
  return (
    <>
      <ul className="role-tags" aria-label={`Roles of ${who}`}>
        {held.map((role) => (
          <li key={role.id} className="role-tag">
            {role.name}
            <button
              type="button"
              className="role-tag__remove"
              aria-label={`Remove role ${role.name}`}
              onClick={() => onChange(held.filter((r) => r.id !== role.id))}
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
            const role = notHeld.find((r) => r.id === event.target.value);
            if (role) onChange([...held, role]);
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
    </>
  );
}
