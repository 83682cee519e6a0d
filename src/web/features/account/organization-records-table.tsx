import { Link } from 'react-router';
import { formatLocalDate } from '#domain/display-date.ts';
import { RESEND_SUCCESS_MESSAGE } from '#domain/invitation.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button, buttonClassName } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useToast } from '#web/components/ui/toast.tsx';
import { UnreadableRecordNote } from '#web/components/ui/unreadable-record-note.tsx';
import { useOrganizationRecords } from './api/account.ts';
import { useResendInvite } from './api/invitations.ts';
import { type RecordActivity, useRecordActivity } from './api/record-activity.ts';

/**
 * customer-app §2 Account "Organization Records": only records with a client; Type, User, Created
 * At, Updated At, Submitted (Yes green, No red), Actions (View, Re-Send Invite with its toast).
 */
export function OrganizationRecordsTable({ organizationId }: { organizationId: string }) {
  const records = useOrganizationRecords(organizationId);
  const resend = useResendInvite();
  const { showToast } = useToast();
  const rows = records.data?.filter((record) => record.clientId !== null) ?? [];
  // Issue 43 §5: progress, last activity and whether reminders are on; never an answer.
  const activity = useRecordActivity(organizationId);
  const activityOf = new Map(activity.data?.records.map((entry) => [entry.recordId, entry]));

  return (
    <section className="organization-records" aria-labelledby="organization-records-title">
      <h2 id="organization-records-title">Organization Records</h2>
      {records.isPending ? (
        <Spinner label="Loading..." showLabel />
      ) : records.isError ? (
        <ErrorMessage message={records.error.message} />
      ) : rows.length === 0 ? (
        <p>No records found for this organization.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section className="table-scroll" aria-label="Organization records (scrolls sideways)" tabIndex={0}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">User</th>
                <th scope="col">Created At</th>
                <th scope="col">Updated At</th>
                <th scope="col">Submitted</th>
                <th scope="col">Progress</th>
                <th scope="col">Last activity</th>
                <th scope="col">Reminders</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((record) => (
                <tr key={record.id}>
                  <td>
                    {record.inventoryType.name}
                    <UnreadableRecordNote reason={record.unreadable} />
                  </td>
                  <td>{record.user?.name || 'N/A'}</td>
                  <td>{formatLocalDate(record.createdAt)}</td>
                  <td>{formatLocalDate(record.updatedAt)}</td>
                  <td>
                    <span
                      className={record.submitted ? 'submitted submitted--yes' : 'submitted submitted--no'}
                    >
                      {record.submitted ? 'Yes' : 'No'}
                    </span>
                  </td>
                  <ActivityCells entry={activityOf.get(record.id)} />
                  <td>
                    <div className="data-table__actions">
                      <Link
                        to={`/record/${record.id}`}
                        className={buttonClassName('secondary', 'sm')}
                        aria-label={`View ${record.inventoryType.name} record of ${record.user?.name || 'N/A'}`}
                      >
                        View
                      </Link>
                      <Button
                        size="sm"
                        variant="quiet"
                        aria-label={`Re-Send Invite to ${record.user?.name || 'N/A'}`}
                        aria-disabled={resend.isPending && resend.variables === record.id ? true : undefined}
                        onClick={() => {
                          if (resend.isPending) return;
                          resend.mutate(record.id, {
                            onSuccess: () => showToast(RESEND_SUCCESS_MESSAGE, 'success'),
                            onError: (error) => showToast(error.message, 'error'),
                          });
                        }}
                      >
                        Re-Send Invite
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}

function ActivityCells({ entry }: { entry: RecordActivity | undefined }) {
  if (!entry)
    return (
      <>
        <td>—</td>
        <td>—</td>
        <td>—</td>
      </>
    );
  return (
    <>
      <td>{entry.percent === null ? '—' : `${entry.percent}%`}</td>
      <td>{formatLocalDate(entry.lastActivity)}</td>
      <td>{entry.remindersOn ? 'On' : 'Off'}</td>
    </>
  );
}
