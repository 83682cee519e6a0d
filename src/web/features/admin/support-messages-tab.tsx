import type { AdminSupportMessagesQuery } from '#web/gql/graphql.ts';
import { useAdminSupportMessages } from './api/whole-lists.ts';
import { type AdminColumn, createdColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { clientList } from './list/list-source.ts';
import type { AdminUrl } from './use-admin-url.ts';

type SupportMessage = AdminSupportMessagesQuery['supportMessages'][number];

const WORDS = {
  table: 'Support messages',
  noun: 'messages',
  search: 'Search by name',
  fetchName: 'support messages',
};
const byName = (message: SupportMessage) => message.name;

const COLUMNS: readonly AdminColumn<SupportMessage>[] = [
  createdColumn(),
  { id: 'name', label: 'Name', sortBy: byName, cell: byName },
  {
    id: 'email',
    label: 'Email',
    sortBy: (message) => message.email,
    cell: (message) => <a href={`mailto:${message.email}`}>{message.email}</a>,
  },
  { id: 'message', label: 'Message', className: 'admin-table__message', cell: (message) => message.message },
];

/** Issue 10: what visitors wrote through the contact form (the latest 200), searched by name. */
export function SupportMessagesTab({ url }: { url: AdminUrl }) {
  const messages = clientList(
    useAdminSupportMessages(),
    (data) => data.supportMessages,
    url,
    COLUMNS,
    byName,
  );
  return <AdminList words={WORDS} url={url} state={messages} columns={COLUMNS} />;
}
