/**
 * How an erased person is named wherever they are shown (audit entries, lists; issue 30 §6). Apart
 * from erasure.ts so the rules every screen loads (permissions.ts) do not load its input schemas.
 */
export const ERASED_PERSON_NAME = 'An erased person';
