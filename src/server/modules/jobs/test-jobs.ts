import type { JobLog } from './job-runner.ts';

/** Helpers of the job queue's tests (not a fixture of other modules' tests). */
export const quietLog: JobLog = { warn: () => {}, error: () => {} };

/** A promise a test opens when it wants a handler to go on. */
export function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait: () => opened, open: () => open() };
}
