import type { AnswerMap } from './answer-completeness.ts';
import { fieldVisibility } from './field-visibility.ts';
import type { FormTemplate } from './form-template.ts';
import { fieldAnswered } from './record-progress.ts';

export interface NextQuestion {
  stepIndex: number;
  fieldId: string;
  label: string;
  /** Issue 43 §2: may it go in a mail? Not from a section with a content note, nor a sensitive one. */
  mailable: boolean;
}

/**
 * The first visible question not answered yet, in the form's order (the link's target; tables and
 * computed fields are skipped: a reminder names one plain question).
 */
export function nextUnansweredQuestion(form: FormTemplate, answers: AnswerMap): NextQuestion | null {
  const visibility = fieldVisibility(form, answers);
  for (const [stepIndex, step] of form.steps.entries()) {
    for (const field of step.fields) {
      if (field.type === 'hidden' || field.type === 'table') continue;
      if (!visibility.isFieldVisible(field) || fieldAnswered(field, answers)) continue;
      return {
        stepIndex,
        fieldId: field.id,
        label: field.label,
        mailable: !step.contentNote?.trim() && !field.sensitive && field.label.trim().length > 0,
      };
    }
  }
  return null;
}
