import type { AnswerMap } from './answer-completeness.ts';
import type { FormTemplate } from './form-template.ts';
import { isRecordBookkeepingKey, withTableAnswersOfFlattenedMap } from './report-data.ts';
import { parseTableAnswerKey, tableCells } from './table-answer-keys.ts';
import { isRecordingKey } from './voice-answer-keys.ts';

/** customer-app §3 "Record form data": the bookkeeping key holding the step the person was on. */
export const CURRENT_STEP_KEY = 'currentStep';
/** customer-app §3: the bookkeeping map of table answers keyed `{tableId}__{rowIndex}__{cellFieldId}`. */
export const FLATTENED_KEY = 'flattened';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The answers of record data as one flat map (decision 020 rule 1): answers by field id and table
 * cells by their flattened key, without the steps/currentStep/flattened bookkeeping and the
 * sections' content-note choices (issue 28 §2). A table answer
 * found only in `flattened` is lifted out of it (the top-level one wins), so none is lost.
 */
export function answersOfRecordData(data: unknown): Record<string, unknown> {
  if (!isPlainObject(data)) return {};
  const answers: Record<string, unknown> = { ...withTableAnswersOfFlattenedMap(data) };
  for (const key of Object.keys(answers)) if (isRecordBookkeepingKey(key)) delete answers[key];
  return answers;
}

/**
 * Issue 41 §7 (decision 185): the answers together with the spoken answers' descriptors, for what
 * asks whether a question is answered (progress, the sections' check marks, the next question to
 * answer) and for nothing that reads answers as words. `answersOfRecordData` drops the descriptors
 * as bookkeeping, which left a question answered only by voice counted as unanswered.
 */
export function answeredOfRecordData(data: unknown): Record<string, unknown> {
  const answers = answersOfRecordData(data);
  if (!isPlainObject(data)) return answers;
  for (const [key, value] of Object.entries(data)) if (isRecordingKey(key)) answers[key] = value;
  return answers;
}

/** Whether an answer key is a table cell's (`{tableId}__{rowIndex}__{cellFieldId}`). */
export function isTableAnswerKey(key: string): boolean {
  return parseTableAnswerKey(key) !== null;
}

/**
 * customer-app §3 `flattened`: every answered table cell of the form under its flattened key. Kept
 * beside the top-level cell answers because the record data shape has it; it is derived, so a save
 * that changes a cell sends it again whole.
 */
export function flattenedTableAnswers(form: FormTemplate, answers: AnswerMap): Record<string, unknown> {
  const flattened: Record<string, unknown> = {};
  for (const field of form.steps.flatMap((step) => step.fields)) {
    if (field.type !== 'table') continue;
    for (const { key } of tableCells(field)) {
      if (Object.hasOwn(answers, key) && answers[key] !== undefined) flattened[key] = answers[key];
    }
  }
  return flattened;
}

/** The step the person was last on (customer-app §3 currentStep), within the form's steps. */
export function savedCurrentStep(data: unknown, stepCount: number): number {
  const value = isPlainObject(data) ? data[CURRENT_STEP_KEY] : undefined;
  const step = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof step !== 'number' || !Number.isInteger(step) || stepCount === 0) return 0;
  return Math.min(Math.max(step, 0), stepCount - 1);
}
