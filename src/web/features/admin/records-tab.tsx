import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { formatLocalDate } from '#domain/display-date.ts';
import { RESEND_SUCCESS_MESSAGE } from '#domain/invitation.ts';
import { modelChoices } from '#domain/report-models.ts';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { UnreadableRecordNote } from '#web/components/ui/unreadable-record-note.tsx';
import type { AdminRecordsQuery } from '#web/gql/graphql.ts';
import { ApiRequestError } from '#web/lib/api-request.ts';
import { useResendInvite } from '#web/lib/use-resend-invite.ts';
import {
  DOWNLOADED_MESSAGE,
  downloadFailedMessage,
  generateFailedMessage,
  NO_ACTIONS_MESSAGE,
  NOT_AVAILABLE,
  RECORD_UPDATED_MESSAGE,
  REPORT_GENERATED_MESSAGE,
  recordSaveFailedMessage,
} from './admin-messages.ts';
import {
  useAdminRecords,
  useDownloadLatestReport,
  useGenerateReport,
  useSetSubmitted,
} from './api/records.ts';
import type { AdminColumn } from './list/admin-columns.ts';
import { AdminList } from './list/admin-list.tsx';
import { serverList } from './list/list-source.ts';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type AdminRecord = AdminRecordsQuery['recordsPage']['records'][number];

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

function RecordActions({ record, client }: { record: AdminRecord; client: string }) {
  const resend = useResendInvite();
  const generate = useGenerateReport();
  const download = useDownloadLatestReport();
  const { showToast } = useToast();
  const [model, setModel] = useState('');
  const of = `${record.inventoryType.name} of ${client}`;

  return (
    <div className="data-table__actions">
      <Link
        to={`/record/${record.id}`}
        className={buttonClassName('secondary', 'sm')}
        aria-label={`View ${of}`}
      >
        View
      </Link>
      <Button
        size="sm"
        variant="quiet"
        aria-label={`Re-Send Invite to ${client}`}
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(record.id, {
            onSuccess: () => showToast(RESEND_SUCCESS_MESSAGE, 'success'),
            onError: (error) => showToast(error.message, 'error'),
          })
        }
      >
        Re-Send Invite
      </Button>
      <Link
        to={`/datasync/${record.id}`}
        className={buttonClassName('quiet', 'sm')}
        aria-label={`JSON of ${of}`}
      >
        JSON
      </Link>
      {generate.isPending ? (
        <Spinner label="Generating..." showLabel />
      ) : (
        <select
          aria-label={`Generate Report for ${of}`}
          value={model}
          onChange={(event) => {
            const chosen = event.target.value;
            if (!chosen) return;
            setModel(chosen);
            generate.mutate(
              { reportId: record.id, model: chosen },
              {
                onSuccess: () => showToast(REPORT_GENERATED_MESSAGE, 'success'),
                onError: (error) =>
                  showToast(
                    generateFailedMessage(
                      error instanceof ApiRequestError ? (error.serverMessage ?? '') : '',
                    ),
                    'error',
                  ),
                onSettled: () => setModel(''),
              },
            );
          }}
        >
          <option value="">Generate Report</option>
          {modelChoices(record.inventoryType.model).map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      )}
      {record.reportGenerations.length > 0 ? (
        <Button
          size="sm"
          variant="quiet"
          className="download-arrow"
          aria-label={`Download the latest report of ${of}`}
          title="Download as Word"
          disabled={download.isPending}
          onClick={() =>
            download.mutate(record.id, {
              onSuccess: () => showToast(DOWNLOADED_MESSAGE, 'success'),
              onError: (error) => showToast(downloadFailedMessage(error.message), 'error'),
            })
          }
        >
          <span aria-hidden="true">⬇</span>
        </Button>
      ) : null}
    </div>
  );
}
