import { deleteDatabase, hasEntries } from './kept-answers-db.ts';

/** How long logout waits for screens to send what they hold before deleting it. */
const LOGOUT_FLUSH_WAIT_MS = 5000;

/** A screen (or an engine left sending) that holds answers the server may not have yet. */
export interface AnswerHolder {
  /** Sends what it holds now; resolves when that save has ended. */
  flush(): Promise<void>;
  /** Whether it holds answers the server has not acknowledged (its latest keys included). */
  hasUnsent(): boolean;
  /** Issue 26 §1: the server refused the sign-in; nothing can be sent until the person signs in. */
  needsSignIn?(): boolean;
  /** Resolves once what it holds is written to the kept store. */
  kept?(): Promise<void>;
}

const holders = new Set<AnswerHolder>();
let leavingOnPurpose = false;

/** A screen holding unsent answers registers to send them before a logout; returns the undo. */
export function sendBeforeLogout(holder: AnswerHolder): () => void {
  holders.add(holder);
  return () => holders.delete(holder);
}

/** Whether an open screen (or one left, still sending) holds answers the server has not confirmed. */
export function anyScreenHasUnsent(): boolean {
  return [...holders].some((holder) => holder.hasUnsent());
}

/** Issue 26 §1: whether some screen's answers wait for the person to sign in again. */
export function anyScreenNeedsSignIn(): boolean {
  return [...holders].some((holder) => holder.hasUnsent() && (holder.needsSignIn?.() ?? false));
}

/**
 * Issue 26 §1: the page is about to go to the provider to sign in again: every holder's answers are
 * in the kept store first (they are sent after the sign-in), and leaving warns no more.
 */
export async function keepEverythingBeforeLeaving(): Promise<() => void> {
  await Promise.allSettled([...holders].map((holder) => holder.kept?.()));
  leavingOnPurpose = true;
  return () => {
    leavingOnPurpose = false;
  };
}

/** Whether the page is being left on purpose with its answers kept (no unload warning then). */
export function isLeavingOnPurpose(): boolean {
  return leavingOnPurpose;
}

/**
 * Whether answers the server has not confirmed are held on this device: by a screen, or kept in
 * the store (a closed tab's, an earlier visit's). Issue 26 §1–§2: logout asks first, whatever the
 * reason they are not sent (offline, unreachable, sign-in ended, a save on its way).
 */
export async function holdsUnsentAnswers(): Promise<boolean> {
  return anyScreenHasUnsent() || (await hasKeptAnswers());
}

/**
 * customer-app §4 logout, DESIGN §7 "cleared at logout": open screens get a moment to send what they
 * hold, then every kept answer and the key are deleted. Issue 26 §1–§2: answers the server still
 * does not have are deleted only when the person chose so (`discardUnsent`); otherwise nothing is
 * deleted and the answer is false (the caller asks the person). Never fails the logout.
 */
export async function clearPendingAnswersAtLogout({ discardUnsent = false } = {}): Promise<boolean> {
  await sendHeldAnswers();
  if (!discardUnsent && (await holdsUnsentAnswers())) return false;
  await deleteDatabase();
  return true;
}

/** Open screens get up to `waitMs` to send what they hold (a logout, a time-out, issue 29 §4). */
export async function sendHeldAnswers(waitMs = LOGOUT_FLUSH_WAIT_MS): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled([...holders].map((holder) => holder.flush())),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Whether this browser still keeps answers the server has not confirmed, for anyone (issue 13 §6:
 * logging out offline would delete them, so the person is asked first).
 */
export function hasKeptAnswers(): Promise<boolean> {
  return hasEntries();
}

/** Whether an open screen can still send kept answers before a logout deletes them. */
export function canSendBeforeLogout(): boolean {
  return holders.size > 0;
}
