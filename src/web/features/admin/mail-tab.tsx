import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { requestApi } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';

interface MailFailure {
  id: string;
  kind: string;
  recordId: string | null;
  reason: string;
  attempts: number;
  failedAt: string;
}

const KIND_LABELS: Record<string, string> = { reminder: 'Reminder' };

/**
 * Issue 43 §4: the admin **Mail** view: mails that failed after every retry (the latest 100), with
 * the mail server's reason. Never the mail's text: a reminder may carry a question.
 */
export function MailTab() {
  const { getIdToken } = useAuth();
  const failures = useQuery({
    queryKey: ['admin', 'mail-failures'],
    queryFn: ({ signal }) =>
      requestApi<MailFailure[]>('/api/admin/mail-failures', getIdToken, { method: 'GET', signal }),
  });
  if (failures.isPending) return <Spinner label="Loading..." showLabel />;
  if (failures.isError) return <ErrorMessage message={failures.error.message} />;
  if (failures.data.length === 0) return <p className="admin-empty">No mail failed to go out.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section className="table-scroll" aria-label="Mails that failed (scrolls sideways)" tabIndex={0}>
      <table className="data-table">
        <caption>Mails that kept failing after every retry</caption>
        <thead>
          <tr>
            <th scope="col">Failed at</th>
            <th scope="col">Kind</th>
            <th scope="col">Record</th>
            <th scope="col">Attempts</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {failures.data.map((failure) => (
            <tr key={failure.id}>
              <td>{new Date(failure.failedAt).toLocaleString()}</td>
              <td>{KIND_LABELS[failure.kind] ?? failure.kind}</td>
              <td>
                {failure.recordId ? (
                  <a href={`#/record/${failure.recordId}`}>{failure.recordId.slice(0, 8)}</a>
                ) : (
                  '—'
                )}
              </td>
              <td>{failure.attempts}</td>
              <td>{failure.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
