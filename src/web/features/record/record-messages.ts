// customer-app §8 Record messages, to the letter.
export const AUTOSAVE_FAILED_MESSAGE =
  'Auto-save failed, but you can still submit the form manually when complete.';
export const SUBMIT_SUCCESS_MESSAGE = 'Form submitted successfully!';
export const SUBMIT_FAILED_FALLBACK = 'Failed to submit form';
export const MISSING_RECORD_ID_MESSAGE = 'Missing record ID.';

/** customer-app §8: "Error submitting form: {message}", or the fallback when there is no message. */
export function submitFailedMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? `Error submitting form: ${message}` : SUBMIT_FAILED_FALLBACK;
}

// Issue 44 §7: a save refused because the record was sent meanwhile, from another tab or device.
export const SUBMITTED_ELSEWHERE_MESSAGE =
  'This record was sent from another tab or device, so it can no longer be changed. Your latest changes here were not saved.';

// The record screen's save status (issue 13 "Also"), shown beside the progress and announced politely.
export const SAVE_STATUS_MESSAGES = {
  saving: 'Saving…',
  saved: 'All changes saved',
  offline: 'Offline — your answers are kept on this device and will be sent when you are back online',
  serverTrouble:
    'Not saved yet — the server is having trouble. Your answers are kept on this device and will be sent again.',
  stopped:
    'Auto-save is off for this visit. Your answers are kept on this device; use Complete & Send when you are done.',
  // Issue 26 §1: the server refused the sign-in (it ended on another device, or expired).
  signedOut: 'Not saved — sign in again to send your answers. They are kept on this device.',
  // Issue 26 §6: a kept answer waits for the person's choice in "Check an answer" (the count is filled in).
  needsChoice: 'One answer needs your choice: see “Check an answer” above.',
} as const;

/** Issue 26 §6: what the status says while `count` kept answers wait for the person's choice. */
export function needsChoiceMessage(count: number): string {
  return count === 1
    ? SAVE_STATUS_MESSAGES.needsChoice
    : `${count} answers need your choice: see “Check ${count} answers” above.`;
}

// Issue 26 §1: the server refused the sign-in; the person signs in again and the answers go.
export const SIGN_IN_ENDED_TITLE = 'Your sign-in has ended';
export const SIGN_IN_ENDED_TEXT =
  'You logged out on another device, changed your password, or the sign-in expired. Your answers are kept on this device (encrypted) and are sent as soon as you sign in again.';
export const SIGN_IN_ENDED_ON_LOAD_TEXT =
  'You logged out on another device, changed your password, or the sign-in expired. Sign in again to open this record; answers kept on this device are sent then.';

// Issue 13 §4: told when a person leaves a record while offline with answers not yet sent.
export const LEFT_OFFLINE_MESSAGE =
  'You are offline. Your answers are kept on this device and will be sent as soon as you are back online.';
