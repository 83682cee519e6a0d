import type { FastifyBaseLogger } from 'fastify';
import type { ServiceDeps } from '../../kernel/service-deps.ts';
import { makeBook } from './book-making.ts';

/**
 * Issue 42 §5, until the durable job queue (issue 41 §6, branch issue-jobs) is on main: books are
 * made in this process, one at a time, in the order asked. The queue will replace this file (send
 * `{ bookId }`, register `makeBook`); until then a book asked for just before a restart is not
 * made, and its status says so once it is stale (book-service.ts).
 */
export interface BookRunner {
  enqueue(bookId: string): void;
  /** Waits for the book being made (server shutdown, tests). */
  idle(): Promise<void>;
}

export function createBookRunner(deps: ServiceDeps, log: FastifyBaseLogger): BookRunner {
  const queue: string[] = [];
  let running: Promise<void> | null = null;
  const pump = async () => {
    for (let bookId = queue.shift(); bookId; bookId = queue.shift()) {
      try {
        await makeBook(deps, { bookId });
      } catch (error) {
        // The book's row says it failed; the log names the book only, never its content.
        log.error({ err: error, bookId }, 'making a book failed');
      }
    }
    running = null;
  };
  return {
    enqueue(bookId) {
      queue.push(bookId);
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(pump);
    },
    async idle() {
      while (running) await running;
    },
  };
}
