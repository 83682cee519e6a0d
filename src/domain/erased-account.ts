/**
 * Issue 30 §6: what the server answers (401) to a token of a person who was erased, so the client
 * can say so. Apart from erasure.ts (which needs zod) because the record route's script carries it.
 */
export const ERASED_ACCOUNT_MESSAGE = 'This account has been erased.';
