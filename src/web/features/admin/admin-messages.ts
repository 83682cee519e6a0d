// admin-app §8: the console's messages, to the letter.
export const fetchFailedMessage = (what: string, message: string) => `Error fetching ${what}: ${message}`;
export const RECORD_UPDATED_MESSAGE = 'Record updated successfully!';
export const recordSaveFailedMessage = (message: string) => `Error saving record: ${message}`;
export const REPORT_GENERATED_MESSAGE = 'Report generated successfully!';
export const GENERATE_FALLBACK = 'Failed to generate report.';
export const generateFailedMessage = (message: string) =>
  `Error generating report: ${message || GENERATE_FALLBACK}`;
export const NO_REPORT_DATA_MESSAGE = 'No report data to download.';
export const downloadFailedMessage = (message: string) => `Error downloading report: ${message}`;
export const DOWNLOADED_MESSAGE = 'Word document downloaded successfully!';
export const USER_UPDATED_MESSAGE = 'User updated successfully!';
export const userUpdateFailedMessage = (message: string) => `Error updating user: ${message}`;
export const signedOutEverywhereMessage = (who: string) => `${who} is signed out of all devices.`;
export const erasedMessage = (who: string) => `${who} and their story have been erased.`;
export const signOutEverywhereFailedMessage = (message: string) => `Error signing the user out: ${message}`;
export const ROLES_FALLBACK = 'Failed to update user roles.';
export const rolesUpdateFailedMessage = (message: string) =>
  `Error updating roles: ${message || ROLES_FALLBACK}`;
export const inlineFailureMessage = (message: string) => `Error: ${message}`;
export const migrationFailedMessage = (message: string) => `Migration failed: ${message}`;
export const NO_ACTIONS_MESSAGE = 'No actions available';
export const NOT_AVAILABLE = 'N/A';
