import { withComputedHiddenFields } from '#domain/age.ts';
import { withUnsetCheckboxesFalse } from '#domain/answer-completeness.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { answersOfRecordData, FLATTENED_KEY, flattenedTableAnswers } from '#domain/record-form-data.ts';
import type { Answers } from './autosave/sync-types.ts';

/**
 * The answers that follow from the others, sent along with a save (record-sync `derive`): the
 * computed hidden `age` (customer-app §3), the `flattened` map of table answers (customer-app §3
 * data shape) and, when submitting, every unticked checkbox as false (customer-app §5). The rules
 * are the domain's; only the keys whose value they change are returned.
 */
export function derivedAnswers(
  form: FormTemplate,
  view: Answers,
  reason: 'save' | 'submit',
  today: Date = new Date(),
): Answers {
  const answers = answersOfRecordData(view);
  let completed = withComputedHiddenFields(form, answers, today);
  if (reason === 'submit') completed = withUnsetCheckboxesFalse(form, completed);
  const changed = Object.entries(completed).filter(([key, value]) => answers[key] !== value);
  const hasTable = form.steps.some((step) => step.fields.some((field) => field.type === 'table'));
  const flattened = hasTable ? [[FLATTENED_KEY, flattenedTableAnswers(form, completed)] as const] : [];
  return Object.fromEntries([...changed, ...flattened]);
}
