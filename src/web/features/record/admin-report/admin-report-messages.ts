// customer-app §8 Reports: every message of the admin area, to the letter.
export const GENERATE_FAILED_FALLBACK = 'Failed to generate a new report.';
export const generateFailedMessage = (message: string) =>
  `Error generating new report: ${message || GENERATE_FAILED_FALLBACK}`;
export const GENERATED_MESSAGE = 'New report generated successfully!';
export const NO_GENERATIONS_MESSAGE = 'No reports have been generated yet.';
export const NO_SELECTION_MESSAGE = 'No report generation selected.';
export const NO_UPDATED_GENERATION_MESSAGE = 'No updated generation returned from mutation.';
export const saveFailedMessage = (message: string) => `Error saving report: ${message}`;
export const SAVED_MESSAGE = 'Report updated successfully!';
export const NO_REPORT_DATA_MESSAGE = 'No report data to download.';
export const wordFailedMessage = (message: string) => `Error creating Word document: ${message}`;
export const DOWNLOADED_MESSAGE = 'Word document downloaded successfully!';
