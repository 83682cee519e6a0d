import { keepEverythingBeforeLeaving } from './answer-holders.ts';

/**
 * Issue 28 §5 "Leave quickly", after GOV.UK's "Exit this page" (researched with survivors of domestic
 * abuse): the page's content is hidden in the same frame, the current history entry is replaced so
 * Back does not return to it, and the browser goes to a neutral page. Answers not yet on the server
 * stay in the encrypted kept store (never cleared here) and are sent at the next visit.
 */

/** How long the last keys may take to reach the kept store before the page goes regardless. */
const KEEP_WAIT_MS = 600;
/** Three Escape presses within this time leave too (issue 28 §5). */
export const ESCAPE_WINDOW_MS = 2000;
export const ESCAPE_PRESSES = 3;

let leaving = false;

export function leaveQuickly(url: string): void {
  if (leaving) return;
  leaving = true;
  hidePage();
  // A page restored from the back/forward cache would show what was hidden: it starts afresh.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waitForKeptStore = Promise.race([
    keepEverythingBeforeLeaving(),
    new Promise((resolve) => {
      timer = setTimeout(resolve, KEEP_WAIT_MS);
    }),
  ]);
  void waitForKeptStore.finally(() => {
    clearTimeout(timer);
    window.location.replace(url);
  });
}

function hidePage(): void {
  // Through the CSSOM (allowed by the Content-Security-Policy), before anything is awaited.
  document.documentElement.style.setProperty('visibility', 'hidden', 'important');
  document.documentElement.style.setProperty('background', '#fff', 'important');
  document.title = '';
}

/**
 * The times of the Escape presses that still count, with `now` added; leave when there are
 * ESCAPE_PRESSES of them. A key held down (auto-repeat) is one press, so the caller skips repeats.
 */
export function escapePressesWithin(earlier: readonly number[], now: number): number[] {
  return [...earlier.filter((time) => now - time < ESCAPE_WINDOW_MS), now].slice(-ESCAPE_PRESSES);
}

/**
 * Listens on the whole window; returns the undo. Only the person's own presses count (React Aria
 * re-sends keys from a search field to its list, untrusted), and not the ones a control used up (an
 * Escape that closed a popup or cleared a search stopped or prevented it), so dismissing things with
 * Escape never throws anyone out by accident. `untrustedToo` is for unit tests, which can only
 * send untrusted events.
 */
export function listenForTripleEscape(
  onTriple: () => void,
  { win = window, untrustedToo = false }: { win?: Window; untrustedToo?: boolean } = {},
): () => void {
  let presses: number[] = [];
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.repeat || event.defaultPrevented) return;
    if (!event.isTrusted && !untrustedToo) return;
    presses = escapePressesWithin(presses, event.timeStamp || Date.now());
    if (presses.length >= ESCAPE_PRESSES) {
      presses = [];
      onTriple();
    }
  };
  win.addEventListener('keydown', onKeyDown);
  return () => win.removeEventListener('keydown', onKeyDown);
}
