// customer-app §8 Record messages, to the letter.
export const AUTOSAVE_FAILED_MESSAGE =
  'Auto-save failed, but you can still submit the form manually when complete.';
export const SUBMIT_SUCCESS_MESSAGE = 'Form submitted successfully!';
export const SUBMIT_FAILED_FALLBACK = 'Failed to submit form';
export const MISSING_RECORD_ID_MESSAGE = 'Missing record ID.';
export const RECORD_NOT_FOUND_MESSAGE = 'Record not found.';

/** customer-app §8: "Error submitting form: {message}", or the fallback when there is no message. */
export function submitFailedMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? `Error submitting form: ${message}` : SUBMIT_FAILED_FALLBACK;
}
