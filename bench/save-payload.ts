/** customer-app §7 call 7, as the record screen sends it. */
export const SAVE_MUTATION = `mutation Save($input: SaveRecordAnswersInput!) {
  saveRecordAnswers(input: $input) { id updatedAt version }
}`;

/**
 * The answers of one save: one changed answer (a paragraph, about 140 bytes) and the step, as the
 * record screen's autosave sends them. The editors, the throughput run and the raw UPDATE
 * (issue 31 §3: "the same payload as a save") all send this. Two editors sharing a record write
 * different questions (`side` 0 the even ones, 1 the odd ones), so their saves merge, not conflict.
 */
export function saveAnswers(editor: number, edit: number, side = 0): Record<string, unknown> {
  const field = `q${edit % 6}_${2 * ((editor + edit) % 4) + side}`;
  return {
    [field]: `Answer ${edit} of editor ${editor}: ${'words '.repeat(20)}`,
    currentStep: edit % 6,
  };
}
