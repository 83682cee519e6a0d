// admin-app §4, §5, §8: the builder's messages, to the letter ("Form name and description are
// required." is the server's too: #domain/form-template.ts).
export const FORM_SAVED_MESSAGE = 'Form saved successfully!';
export const saveFailedMessage = (message: string) => `Error saving form: ${message}`;
export const loadFailedMessage = (message: string) => `Error loading form: ${message}`;
export const SECTION_TITLE_REQUIRED = 'A section needs a title.';
