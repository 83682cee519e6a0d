import { Link, useNavigate } from 'react-router';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { buttonClassName } from '#web/components/ui/button.tsx';
import { useCurtainTransition } from '#web/components/ui/curtain-transition.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useProductName } from '#web/lib/client-config-context.tsx';
import { useViewerRecords } from './api/viewer-records.ts';
import { MyDataDownload } from './my-data-download.tsx';
import { recordButtonLabel } from './record-button-label.ts';

/** customer-app §2 Home "Your Records": one button per record, the black curtain, then the record. */
export function ViewerRecordList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const product = useProductName();
  const records = useViewerRecords();
  const navigate = useNavigate();
  const { playCurtain } = useCurtainTransition();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className="record-list" aria-labelledby="your-records-title" aria-busy={records.isPending}>
      <Heading id="your-records-title">Your Records</Heading>
      {records.isPending ? (
        <Spinner label="Loading your records..." showLabel />
      ) : records.isError ? (
        <ErrorMessage message={records.error.message} />
      ) : records.data.length === 0 ? (
        <p>There is no {product} for this user account.</p>
      ) : (
        <>
          <p>Please use the link(s) below to complete your {product}(s):</p>
          <ul className="record-list__items">
            {records.data.map((record, index) => (
              <li key={record.id} className="record-list__item">
                <Link
                  to={`/record/${record.id}`}
                  className={buttonClassName('primary', 'lg', 'record-list__button')}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                    event.preventDefault();
                    playCurtain('rise', () => navigate(`/record/${record.id}`));
                  }}
                >
                  {recordButtonLabel(index + 1, record.inventoryType.name)}
                </Link>
                <span
                  className={`record-list__status record-list__status--${record.submitted ? 'done' : 'open'}`}
                >
                  {record.submitted ? 'Submitted' : 'In progress'}
                </span>
              </li>
            ))}
          </ul>
          <MyDataDownload />
        </>
      )}
    </section>
  );
}
