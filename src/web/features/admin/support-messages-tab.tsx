import { nameMatches, pageOf, sortRows } from '#domain/admin-lists.ts';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { AdminSupportMessagesQuery } from '#web/gql/graphql.ts';
import { fetchFailedMessage } from './admin-messages.ts';
import { useAdminSupportMessages } from './api/activity.ts';
import { ListPager } from './list/list-pager.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';

type SupportMessage = AdminSupportMessagesQuery['supportMessages'][number];

function sortValue(message: SupportMessage, column: string) {
  return column === 'name' ? message.name : column === 'email' ? message.email : message.createdAt;
}

/** Issue 10: what visitors wrote through the contact form (the latest 200), searched by name. */
export function SupportMessagesTab({ url }: { url: AdminUrl }) {
  const messages = useAdminSupportMessages();
  const rows = (messages.data?.supportMessages ?? []).filter((m) => nameMatches(m.name, url.query));
  const shown = pageOf(sortRows(rows, url.sort, sortValue), url.page);

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by name" value={url.query} onChange={url.setQuery} />
      </div>
      {messages.isPending ? (
        <Spinner label="Loading messages..." showLabel />
      ) : messages.isError ? (
        <Alert tone="error">{fetchFailedMessage('support messages', messages.error.message)}</Alert>
      ) : rows.length === 0 ? (
        <p className="admin-empty">No messages match.</p>
      ) : (
        <>
          <TableRegion label="Support messages">
            <thead>
              <tr>
                <SortableHeader column="date" label="Date" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="name" label="Name" sort={url.sort} onSort={url.setSort} />
                <SortableHeader column="email" label="Email" sort={url.sort} onSort={url.setSort} />
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.map((message) => (
                <tr key={message.id}>
                  <th scope="row">{formatLocalDateTime(message.createdAt)}</th>
                  <td>{message.name}</td>
                  <td>
                    <a href={`mailto:${message.email}`}>{message.email}</a>
                  </td>
                  <td className="admin-table__message">{message.message}</td>
                </tr>
              ))}
            </tbody>
          </TableRegion>
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={rows.length}
            noun="messages"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}
