import { useEffect, useState } from 'react';
import { BOOK_FORMAT_NAMES } from '#domain/book-request.ts';
import { ErrorMessage } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { failureMessage } from '#web/lib/api-request.ts';
import { useAuth } from '#web/lib/auth/auth-provider.tsx';
import { saveFile } from '#web/lib/save-file.ts';
import { type BookStatus, bookFile, bookStatus } from './api/book-requests.ts';

/** How often a book in making is asked after (issue 42 §5: progress on the screen). */
export const BOOK_POLL_MS = 500;

function formatSize(bytes: number | null): string {
  if (!bytes) return '';
  return bytes < 1_000_000
    ? `${Math.max(1, Math.round(bytes / 1000))} KB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/**
 * One asked-for book: its progress while the server makes it (a progress bar, and a status line a
 * screen reader hears at the start and the end), then the button that downloads it.
 */
export function BookProgress({ initial }: { initial: BookStatus }) {
  const { getIdToken } = useAuth();
  const [status, setStatus] = useState(initial);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const working = status.state === 'queued' || status.state === 'active';
  const name = BOOK_FORMAT_NAMES[status.format];

  useEffect(() => {
    if (!working) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      bookStatus(status.id, getIdToken, controller.signal)
        .then(setStatus)
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            setStatus((current) => ({
              ...current,
              state: 'failed',
              error: failureMessage(error, 'We lost track of your book. Please make it again.'),
            }));
        });
    }, BOOK_POLL_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [working, status, getIdToken]);

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const file = await bookFile(status.id, getIdToken);
      saveFile(file.blob, file.name);
    } catch (error) {
      setDownloadError(failureMessage(error, 'Your book could not be downloaded. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  const percent = Math.round(status.progress * 100);
  return (
    <div className="book-progress">
      <p role="status" className="book-progress__status">
        {working ? `Making your book (${name})…` : null}
        {status.state === 'completed' ? `Your book (${name}) is ready.` : null}
      </p>
      {working ? (
        <div className="book-progress__bar">
          <progress
            id={`book-progress-${status.id}`}
            max={100}
            value={percent}
            aria-label={`Making your book (${name})`}
          />
          <span aria-hidden="true">{percent} %</span>
        </div>
      ) : null}
      {status.state === 'failed' ? (
        <ErrorMessage message={status.error ?? 'We could not make your book.'} />
      ) : null}
      {status.state === 'completed' ? (
        <p className="book-progress__done">
          <Button onClick={download} disabled={downloading}>
            {downloading ? 'Downloading…' : `Download your book (${name})`}
          </Button>{' '}
          <span className="book-progress__size">
            {formatSize(status.bytes)}. Kept for an hour, for you only.
          </span>
        </p>
      ) : null}
      {downloadError ? <ErrorMessage message={downloadError} /> : null}
    </div>
  );
}
