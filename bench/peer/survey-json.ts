// The bench's generated form as SurveyJS JSON: the same questions, kinds, numbers, required marks
// and conditions, so both screens render the same form (issue 15: "on the same form").
import type { Conditional, Field, FormTemplate } from '../../src/domain/form-template.ts';

type SurveyQuestion = Record<string, unknown>;

function visibleIf(conditional: Conditional | null | undefined): string | undefined {
  if (!conditional || conditional.fieldId.trim() === '') return undefined;
  const values = typeof conditional.value === 'string' ? [conditional.value] : conditional.value;
  if (values.length === 1 && values[0] === 'any') return `{${conditional.fieldId}} notempty`;
  return values.map((value) => `{${conditional.fieldId}} = '${value}'`).join(' or ');
}

function question(field: Field): SurveyQuestion {
  const base: SurveyQuestion = {
    name: field.id,
    title: `${field.number}. ${field.label}`,
    isRequired: Boolean(field.required),
  };
  const condition = visibleIf(field.conditional);
  if (condition) base.visibleIf = condition;
  const choices = (field.options ?? []).map((option) => ({ value: option.value, text: option.label }));
  switch (field.type) {
    case 'textarea':
      return { ...base, type: 'comment' };
    case 'number':
      return { ...base, type: 'text', inputType: 'number' };
    case 'date':
      return { ...base, type: 'text', inputType: 'date' };
    case 'radio':
      return { ...base, type: 'radiogroup', choices };
    case 'checkbox':
      return { ...base, type: 'checkbox', choices };
    default:
      return { ...base, type: 'text', placeholder: field.placeholder };
  }
}

/** One SurveyJS page per step, a progress bar by required questions, question numbers in titles. */
export function toSurveyJson(form: FormTemplate) {
  return {
    title: form.formTitle,
    showQuestionNumbers: 'off',
    showProgressBar: 'top',
    progressBarType: 'requiredQuestions',
    checkErrorsMode: 'onComplete',
    pages: form.steps.map((step, index) => ({
      name: `page${index + 1}`,
      title: step.stepTitle,
      elements: step.fields.map(question),
    })),
  };
}
