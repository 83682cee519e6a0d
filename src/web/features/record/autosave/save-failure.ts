import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { signInEndCauseOf } from '#domain/sign-in-end.ts';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';

/**
 * customer-app §4: a save that failed by time-out or network is retried; after any other failure
 * autosave is off for the session. "Network" here is any failure that says nothing about the save
 * itself and passes by waiting (DESIGN §7, decision 061):
 * - the 10 s time-out (TimeoutError), a fetch that never reached the server (TypeError), the
 *   browser being offline;
 * - the server answering 5xx or its INTERNAL_SERVER_ERROR (a restart, a database hiccup);
 * - no valid ID token at the moment (offline renewal, UNAUTHENTICATED): sign-in renews it;
 * - 429: the account is over its share of the server for a moment (decision 150): it passes too.
 * Refusals (not the owner, submitted, bad input) are not: sending again would be refused again.
 */
export function isPassingSaveFailure(error: unknown, online = globalThis.navigator?.onLine ?? true): boolean {
  if (!online) return true;
  if (error instanceof TypeError) return true;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true;
  if (error instanceof GraphQLRequestError) {
    return (
      error.status >= 500 ||
      error.status === 401 ||
      error.status === 429 ||
      error.code === 'RATE_LIMITED' ||
      error.code === 'INTERNAL_SERVER_ERROR' ||
      error.code === 'UNAUTHENTICATED'
    );
  }
  return error instanceof Error && error.message === MISSING_TOKEN_MESSAGE;
}

/**
 * A failure of the server itself (5xx, INTERNAL_SERVER_ERROR), as opposed to the network or the
 * browser being offline: retried too, but after SERVER_FAULTS_BEFORE_NOTICE of them in a row the
 * person is told (issue 13 §8), while the answers stay kept.
 */
export function isServerFault(error: unknown, online = globalThis.navigator?.onLine ?? true): boolean {
  if (!online || !(error instanceof GraphQLRequestError)) return false;
  return error.status >= 500 || error.code === 'INTERNAL_SERVER_ERROR';
}
export const SERVER_FAULTS_BEFORE_NOTICE = 3;

/** Waits between retries: 1 s, 2 s, 4 s … at most 15 s, each ±20 % so many tabs do not retry in step. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 15_000;

export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/**
 * Issue 26 §1: the sign-in is over: the server refused it (401: it ended when the person logged out
 * on another device or changed their password, or it expired), or no valid ID token could be had
 * (expired, and renewing it failed). Still retried (a renewed token passes), but the person is told
 * at once that they must sign in again (offline, the status says offline first); the answers stay kept.
 */
export function isEndedSignIn(error: unknown): boolean {
  if (error instanceof GraphQLRequestError) return error.status === 401;
  return error instanceof Error && error.message === MISSING_TOKEN_MESSAGE;
}

/**
 * Issue 38 §5: the server refused the sign-in because it was ended elsewhere, naming why (Sign out
 * of all devices, an administrator, the time limit…). No renewed token will pass, so the save is
 * not retried until the person signs in again; the answers stay kept on this device.
 */
export function isSignInEndedElsewhere(error: unknown): boolean {
  return (
    error instanceof GraphQLRequestError && error.status === 401 && signInEndCauseOf(error.message) !== null
  );
}

/**
 * Issue 44 §7: the server refused a save because the record was submitted meanwhile (another tab
 * or device pressed Complete & Send). Not "auto-save is off, use Complete & Send": the record is
 * read-only now, and the screen says so.
 */
export const RECORD_SUBMITTED_REFUSAL = 'This record has been submitted and can no longer be changed.';

export function isSubmittedRefusal(error: unknown): boolean {
  return (
    error instanceof GraphQLRequestError &&
    error.code === 'CONFLICT' &&
    error.message === RECORD_SUBMITTED_REFUSAL
  );
}

/** customer-app §4 "Complete & Send" waits until the person has chosen between kept and newer answers. */
export const CHOOSE_KEPT_ANSWERS_FIRST =
  'Some answers kept on this device were changed since on another device. Choose which to keep, then send.';

/** How a save failed, as the save engine tells them apart (customer-app §4, issues 13 §8, 26 §1, 38 §5). */
export type SaveFailureKind =
  | 'passing'
  | 'server-fault'
  | 'sign-in-ended'
  | 'ended-elsewhere'
  | 'refused'
  /** Issue 44 §7: refused because the record was submitted elsewhere: read-only now. */
  | 'submitted-elsewhere';

/**
 * Which kind of failure `error` is. (A 401 that also says INTERNAL_SERVER_ERROR, which the server
 * never sends, counts as a sign-in that ended, not as a server fault.)
 */
export function failureKind(error: unknown): SaveFailureKind {
  if (isSignInEndedElsewhere(error)) return 'ended-elsewhere';
  if (!isPassingSaveFailure(error)) return isSubmittedRefusal(error) ? 'submitted-elsewhere' : 'refused';
  if (isEndedSignIn(error)) return 'sign-in-ended';
  return isServerFault(error) ? 'server-fault' : 'passing';
}
