import { Link } from 'react-router';
import { auditActionText } from '#domain/audit.ts';
import { formatLocalDateTime } from '#domain/display-date.ts';
import type { AdminAuditQuery } from '#web/gql/graphql.ts';
import { NOT_AVAILABLE } from './admin-messages.ts';
import { useAdminAudit } from './api/audit.ts';
import type { AdminColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { serverList } from './list/list-source.ts';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type Entry = AdminAuditQuery['auditPage']['entries'][number];

const WORDS = { table: 'Audit', noun: 'audit entries', search: 'Search by person or record id' };
/** Typing pauses this long before the server is asked. */
const SEARCH_DELAY_MS = 250;

const whoActed = (entry: Entry) =>
  [
    entry.actorName || NOT_AVAILABLE,
    entry.actorRole === 'admin' ? 'admin' : entry.actorOrganization || entry.actorRole,
  ]
    .filter(Boolean)
    .join(', ');

// The server orders entries newest first; nothing here sorts them otherwise.
const COLUMNS: readonly AdminColumn<Entry>[] = [
  { id: 'when', label: 'When', cell: (entry) => formatLocalDateTime(entry.at) },
  { id: 'who', label: 'Who', cell: whoActed },
  { id: 'whose', label: 'Whose answers', cell: (entry) => entry.subjectName || NOT_AVAILABLE },
  { id: 'what', label: 'What', cell: (entry) => auditActionText(entry, 'the') },
  {
    id: 'record',
    label: 'Record',
    className: 'admin-table__code',
    cell: (entry) =>
      entry.recordId ? (
        <Link to={`/admin?tab=audit&q=${entry.recordId}`} aria-label={`Entries of record ${entry.recordId}`}>
          {entry.recordId.slice(0, 8)}
        </Link>
      ) : (
        NOT_AVAILABLE
      ),
  },
  {
    id: 'request',
    label: 'Request',
    className: 'admin-table__code',
    cell: (entry) => entry.requestId || NOT_AVAILABLE,
  },
];

/**
 * Issue 29 §2: the console's Audit tab, every read or send of a person's answers and every AI
 * consent, newest first, searched by person or record and paged by the server.
 */
export function AuditTab({ url }: { url: AdminUrl }) {
  const search = useDebouncedValue(url.query, SEARCH_DELAY_MS);
  const audit = useAdminAudit({ search, page: url.page });
  const list = serverList(audit, (page) => page.entries);
  return <AdminList words={WORDS} url={url} state={list} columns={COLUMNS} />;
}
