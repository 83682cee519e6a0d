import { useId, useState } from 'react';
import { Link } from 'react-router';
import { aiConsentQuestion, foldReadersByDay } from '#domain/audit.ts';
import { formatLocalDateTime } from '#domain/display-date.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useAiConsent, useRecordAudit } from './use-record-trust.ts';

/** Issue 29 §3: whether an outside AI may draft a report from these answers (loaded only where one is configured). */
export function AiConsentQuestion({
  recordId,
  organizationName,
}: {
  recordId: string;
  organizationName: string | null;
}) {
  const { consent, change } = useAiConsent(recordId);
  const statusId = useId();
  const agreed = change.isPending ? (change.variables ?? false) : (consent.data?.agreed ?? false);
  const changedAt = consent.data?.changedAt;
  return (
    <div className="record-trust__consent">
      <label className="record-trust__question">
        <input
          type="checkbox"
          checked={agreed}
          disabled={consent.isPending || change.isPending}
          aria-describedby={statusId}
          onChange={(event) => change.mutate(event.target.checked)}
        />
        <span>{aiConsentQuestion(organizationName)}</span>
      </label>
      <p id={statusId} className="record-trust__status" role="status">
        {change.isPending
          ? 'Saving your answer…'
          : changedAt
            ? `${agreed ? 'Allowed' : 'Not allowed'} since ${formatLocalDateTime(changedAt)}. You can change this at any time.`
            : 'Not allowed: your answers go to no AI service unless you tick this.'}{' '}
        <Link to="/aipolicy">Read the AI policy</Link>
      </p>
      {change.isError ? <ErrorMessage message={change.error.message} /> : null}
      {consent.isError ? <ErrorMessage message={consent.error.message} /> : null}
    </div>
  );
}

/** Issue 29 §2: the list under "Who has seen your record", loaded when the disclosure is opened. */
export function WhoHasSeenList({ recordId }: { recordId: string }) {
  const [page, setPage] = useState(1);
  const audit = useRecordAudit(recordId, page, true);
  const data = audit.data;
  return (
    <>
      {audit.isError ? <ErrorMessage message={audit.error.message} /> : null}
      {audit.isPending ? <p>Loading...</p> : null}
      {data && data.totalCount === 0 ? (
        <p>Nobody but you has opened your record or sent its answers anywhere.</p>
      ) : null}
      {data && data.totalCount > 0 ? (
        <>
          <ul className="record-trust__entries">
            {foldReadersByDay(data.entries, localDayOf).map((line) => (
              <li key={line.id}>
                <ReaderLine who={line.who} what={line.what} at={line.at} />
              </li>
            ))}
          </ul>
          {data.pageCount > 1 ? (
            <nav className="record-trust__pages" aria-label="Pages of who has seen your record">
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page <= 1}
                onClick={() => setPage(data.page - 1)}
              >
                Newer
              </Button>
              <span>
                Page {data.page} of {data.pageCount}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page >= data.pageCount}
                onClick={() => setPage(data.page + 1)}
              >
                Older
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/** The reader's local calendar day of an entry, for folding (issue 44 §4). */
function localDayOf(at: string): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

/** "29 November" (the year too when it is not this one). */
function dayInWords(at: string): string {
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/**
 * "Ada Admin, admin, opened your record 3 times and generated a report, 29 November": one sentence
 * that wraps as text; the last word stays with the day, so the day is never alone on a line.
 */
function ReaderLine({ who, what, at }: { who: string; what: string; at: string }) {
  const cut = what.lastIndexOf(' ');
  return (
    <span className="record-trust__line">
      <strong>{who}</strong>
      {who === 'You' ? ' ' : ', '}
      {cut > 0 ? what.slice(0, cut + 1) : ''}
      <span className="record-trust__tail">
        {cut > 0 ? what.slice(cut + 1) : what},{' '}
        <time dateTime={at} title={formatLocalDateTime(at)}>
          {dayInWords(at)}
        </time>
      </span>
    </span>
  );
}
