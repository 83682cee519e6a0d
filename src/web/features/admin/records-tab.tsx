import { Switch } from 'react-aria-components';
import { formatLocalDate } from '#domain/display-date.ts';
import { useToast } from '#web/components/ui/toast.tsx';
import { UnreadableRecordNote } from '#web/components/ui/unreadable-record-note.tsx';
import {
  NO_ACTIONS_MESSAGE,
  NOT_AVAILABLE,
  RECORD_UPDATED_MESSAGE,
  recordSaveFailedMessage,
} from './admin-messages.ts';
import { type AdminRecord, useAdminRecords, useSetSubmitted } from './api/records.ts';
import type { AdminColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { serverList } from './list/list-source.ts';
import { RecordActions } from './record-actions.tsx';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/** The record's person, or null for a record nobody has claimed yet (admin-app §5 "unassigned"). */
const clientOf = (record: AdminRecord) => (record.user?.name?.trim() ? record.user.name : null);

const COLUMNS: readonly AdminColumn<AdminRecord>[] = [
  { id: 'client', label: 'Client', sortBy: 'server', cell: (record) => clientOf(record) ?? NOT_AVAILABLE },
  {
    id: 'type',
    label: 'Type',
    sortBy: 'server',
    cell: (record) => (
      <>
        {record.inventoryType.name || NOT_AVAILABLE}
        <UnreadableRecordNote reason={record.unreadable} />
      </>
    ),
  },
  {
    id: 'organization',
    label: 'Organization',
    sortBy: 'server',
    cell: (record) => record.organization?.name ?? NOT_AVAILABLE,
  },
  {
    id: 'createdAt',
    label: 'Created At',
    sortBy: 'server',
    cell: (record) => formatLocalDate(record.createdAt),
  },
  {
    id: 'updatedAt',
    label: 'Updated At',
    sortBy: 'server',
    cell: (record) => formatLocalDate(record.updatedAt),
  },
  {
    id: 'submitted',
    label: 'Submitted',
    sortBy: 'server',
    cell: (record) => <SubmittedSelect record={record} client={clientOf(record) ?? NOT_AVAILABLE} />,
  },
  {
    id: 'actions',
    label: 'Actions',
    cell: (record) => {
      const client = clientOf(record);
      return client ? <RecordActions record={record} client={client} /> : <span>{NO_ACTIONS_MESSAGE}</span>;
    },
  },
];

const WORDS = { table: 'Records', noun: 'records', search: 'Search by user name' };
/** Typing pauses this long before the server is asked (one search per pause, not per key). */
const SEARCH_DELAY_MS = 250;

/**
 * admin-app §2 Records tab: search, the Unassigned Records switch, the records and their actions.
 * The server searches, sorts and pages (issue 10), so the tab stays fast with 100,000 records.
 */
export function RecordsTab({ url }: { url: AdminUrl }) {
  const search = useDebouncedValue(url.query, SEARCH_DELAY_MS);
  const records = useAdminRecords({
    search,
    showUnassigned: url.showUnassigned,
    sort: url.sort,
    page: url.page,
  });
  const list = serverList(records, (page) => page.records);
  return (
    <AdminList
      words={WORDS}
      url={url}
      state={list}
      columns={COLUMNS}
      controls={<UnassignedSwitch url={url} />}
    />
  );
}

/** admin-app §5: records nobody has claimed are hidden until this says Show. */
function UnassignedSwitch({ url }: { url: AdminUrl }) {
  return (
    <Switch className="admin-switch" isSelected={url.showUnassigned} onChange={url.setShowUnassigned}>
      <span className="admin-switch__track" aria-hidden="true">
        <span className="admin-switch__thumb" />
      </span>
      Unassigned Records: {url.showUnassigned ? 'Show' : 'Hide'}
    </Switch>
  );
}

/** admin-app §4: the Yes/No select is saved at once, with "Record updated successfully!". */
function SubmittedSelect({ record, client }: { record: AdminRecord; client: string }) {
  const setSubmitted = useSetSubmitted();
  const { showToast } = useToast();
  const value = setSubmitted.isPending ? String(setSubmitted.variables.submitted) : String(record.submitted);
  return (
    <select
      aria-label={`Submitted (${record.inventoryType.name} of ${client})`}
      value={value}
      disabled={setSubmitted.isPending}
      onChange={(event) =>
        setSubmitted.mutate(
          { id: record.id, submitted: event.target.value === 'true' },
          {
            onSuccess: () => showToast(RECORD_UPDATED_MESSAGE, 'success'),
            onError: (error) => showToast(recordSaveFailedMessage(error.message), 'error'),
          },
        )
      }
    >
      <option value="true">Yes</option>
      <option value="false">No</option>
    </select>
  );
}
