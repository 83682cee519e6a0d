import type { JobQueue } from '../../kernel/job-queue.ts';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { BOOK_JOB_KIND, type MakeBookPayload, makeBook } from './book-making.ts';

/**
 * Issue 42 §5 on the durable job queue (decision 180): a book asked for is a job `book.make` whose
 * payload is the book's id only; any instance makes it, once, and a restart does not lose it. The
 * handler is idempotent (it only takes a book that is still queued), so a retry after a failure
 * that was written down does nothing. `idle()` waits for the jobs this instance sent (shutdown
 * does not need it: the queue drains; tests do).
 */
export interface BookRunner {
  enqueue(bookId: string, personId: string): Promise<void>;
  idle(): Promise<void>;
}

const FINISHED = new Set(['completed', 'failed', 'cancelled']);

export function createBookRunner(deps: ServiceDeps, jobs: JobQueue): BookRunner {
  jobs.register<MakeBookPayload>(
    BOOK_JOB_KIND,
    { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 10 * 60, concurrency: 1 },
    (job) => makeBook(deps, job.data, (fraction) => job.progress(fraction)),
  );
  const sent = new Set<string>();
  return {
    async enqueue(bookId, personId) {
      sent.add(
        await jobs.send<MakeBookPayload>(
          BOOK_JOB_KIND,
          { bookId },
          { personId, singletonKey: `book:${bookId}` },
        ),
      );
    },
    async idle() {
      while (sent.size > 0) {
        for (const id of [...sent]) {
          const status = await jobs.status(id);
          if (!status || FINISHED.has(status.state)) sent.delete(id);
        }
        if (sent.size > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
