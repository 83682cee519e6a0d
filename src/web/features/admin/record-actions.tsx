import { Link } from 'react-router';
import { RESEND_SUCCESS_MESSAGE } from '#domain/invitation.ts';
import { modelChoices } from '#domain/report-models.ts';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { ApiRequestError } from '#web/lib/api-request.ts';
import { useResendInvite } from '#web/lib/use-resend-invite.ts';
import {
  DOWNLOADED_MESSAGE,
  downloadFailedMessage,
  generateFailedMessage,
  REPORT_GENERATED_MESSAGE,
} from './admin-messages.ts';
import { type AdminRecord, useDownloadLatestReport, useGenerateReport } from './api/records.ts';
import { RowMenu } from './list/row-menu.tsx';

/**
 * admin-app §2 Records actions: View, Re-Send Invite, JSON, Generate Report (a model) and the
 * download arrow once there is a generation. Issue 44 §2: five do not fit the panel at 1280 px, so
 * View and the arrow stay in sight and the rest are in the row's menu (Generate Report opens a
 * submenu of models). The mutations live here, not in the menu, which unmounts when it closes.
 */
export function RecordActions({ record, client }: { record: AdminRecord; client: string }) {
  const resend = useResendInvite();
  const generate = useGenerateReport();
  const download = useDownloadLatestReport();
  const { showToast } = useToast();
  const of = `${record.inventoryType.name} of ${client}`;

  const generateWith = (model: string) =>
    generate.mutate(
      { reportId: record.id, model },
      {
        onSuccess: () => showToast(REPORT_GENERATED_MESSAGE, 'success'),
        onError: (error) =>
          showToast(
            generateFailedMessage(error instanceof ApiRequestError ? (error.serverMessage ?? '') : ''),
            'error',
          ),
      },
    );

  return (
    <div className="data-table__actions">
      <Link
        to={`/record/${record.id}`}
        className={buttonClassName('secondary', 'sm')}
        aria-label={`View ${of}`}
      >
        View
      </Link>
      <RowMenu
        of={of}
        items={[
          {
            id: 'resend',
            label: 'Re-Send Invite',
            isDisabled: resend.isPending,
            onAction: () =>
              resend.mutate(record.id, {
                onSuccess: () => showToast(RESEND_SUCCESS_MESSAGE, 'success'),
                onError: (error) => showToast(error.message, 'error'),
              }),
          },
          { id: 'json', label: 'JSON', href: `#/datasync/${record.id}` },
          {
            id: 'generate',
            label: 'Generate Report',
            isDisabled: generate.isPending,
            choices: modelChoices(record.inventoryType.model),
            onChoose: generateWith,
          },
        ]}
      />
      {generate.isPending ? <Spinner label="Generating..." showLabel /> : null}
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
