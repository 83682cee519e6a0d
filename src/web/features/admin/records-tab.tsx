import { useState } from 'react';
import { Switch } from 'react-aria-components';
import { Link } from 'react-router';
import { formatLocalDate } from '#domain/display-date.ts';
import { RESEND_SUCCESS_MESSAGE } from '#domain/invitation.ts';
import { modelChoices } from '#domain/report-models.ts';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import type { AdminRecordsQuery } from '#web/gql/graphql.ts';
import { ApiRequestError } from '#web/lib/api-request.ts';
import { useResendInvite } from '#web/lib/use-resend-invite.ts';
import {
  DOWNLOADED_MESSAGE,
  downloadFailedMessage,
  fetchFailedMessage,
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
import { ListPager } from './list/list-pager.tsx';
import { SearchField } from './list/search-field.tsx';
import { SortableHeader } from './list/sortable-header.tsx';
import { TableRegion } from './list/table-region.tsx';
import type { AdminUrl } from './use-admin-url.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

type AdminRecord = AdminRecordsQuery['recordsPage']['records'][number];

const COLUMNS = [
  ['client', 'Client'],
  ['type', 'Type'],
  ['organization', 'Organization'],
  ['createdAt', 'Created At'],
  ['updatedAt', 'Updated At'],
  ['submitted', 'Submitted'],
] as const;

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
  const shown = records.data;

  return (
    <div className="admin-tab">
      <div className="admin-toolbar">
        <SearchField label="Search by user name" value={url.query} onChange={url.setQuery} />
        <Switch className="admin-switch" isSelected={url.showUnassigned} onChange={url.setShowUnassigned}>
          <span className="admin-switch__track" aria-hidden="true">
            <span className="admin-switch__thumb" />
          </span>
          Unassigned Records: {url.showUnassigned ? 'Show' : 'Hide'}
        </Switch>
      </div>
      {records.isPending ? (
        <Spinner label="Loading records..." showLabel />
      ) : records.isError && !shown ? (
        <Alert tone="error">{fetchFailedMessage('records', records.error.message)}</Alert>
      ) : !shown || shown.totalCount === 0 ? (
        <p className="admin-empty">No records match.</p>
      ) : (
        <>
          {records.isError ? (
            <Alert tone="error">{fetchFailedMessage('records', records.error.message)}</Alert>
          ) : null}
          <TableRegion label="Records" busy={records.isFetching}>
            <thead>
              <tr>
                {COLUMNS.map(([column, label]) => (
                  <SortableHeader
                    key={column}
                    column={column}
                    label={label}
                    sort={url.sort}
                    onSort={url.setSort}
                  />
                ))}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.records.map((record) => (
                <RecordRow key={record.id} record={record} />
              ))}
            </tbody>
          </TableRegion>
          <ListPager
            page={shown.page}
            pageCount={shown.pageCount}
            total={shown.totalCount}
            noun="records"
            onPage={url.setPage}
          />
        </>
      )}
    </div>
  );
}

function RecordRow({ record }: { record: AdminRecord }) {
  const client = record.user?.name?.trim() ? record.user.name : null;
  return (
    <tr>
      <th scope="row">{client ?? NOT_AVAILABLE}</th>
      <td>{record.inventoryType.name || NOT_AVAILABLE}</td>
      <td>{record.organization?.name ?? NOT_AVAILABLE}</td>
      <td>{formatLocalDate(record.createdAt)}</td>
      <td>{formatLocalDate(record.updatedAt)}</td>
      <td>
        <SubmittedSelect record={record} client={client ?? NOT_AVAILABLE} />
      </td>
      <td>
        {client ? <RecordActions record={record} client={client} /> : <span>{NO_ACTIONS_MESSAGE}</span>}
      </td>
    </tr>
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
