import type { Field, FormTemplate } from '../src/domain/form-template.ts';

/**
 * The benchmarks' form: 500 questions in ONE step (the worst case: all rendered at once), every
 * kind, half required, and every sixth a checkbox shown only while the radio before it is "Yes",
 * so a radio click flips a question in and out of view. With `pages` > 1 (issue 32) the same
 * questions are split over that many steps.
 */
export function generatedForm(fieldCount = 500, pages = 1): FormTemplate {
  const options = ['Yes', 'No', 'Sometimes', 'Never', 'Prefer not to say'].map((value) => ({
    label: value,
    value,
  }));
  const fields: Field[] = Array.from({ length: fieldCount }, (_, index) => {
    const id = `q${index}`;
    const base = { id, label: `Question ${index + 1}`, number: String(index + 1), required: index % 2 === 0 };
    switch (index % 6) {
      case 0:
        return { ...base, type: 'text', placeholder: 'Your answer' };
      case 1:
        return { ...base, type: 'textarea' };
      case 2:
        return { ...base, type: 'number' };
      case 3:
        return { ...base, type: 'radio', options };
      case 4:
        return {
          ...base,
          type: 'checkbox',
          options,
          conditional: { fieldId: `q${index - 1}`, value: 'Yes' },
        };
      default:
        return { ...base, type: 'date' };
    }
  });
  if (pages <= 1)
    return { formId: 'bench', formTitle: 'Bench', steps: [{ stepTitle: 'Everything at once', fields }] };
  // issue 32: the same questions on `pages` steps of equal length (the first one is measured).
  const perPage = Math.ceil(fieldCount / pages);
  const steps = Array.from({ length: pages }, (_, page) => ({
    stepTitle: `Page ${page + 1}`,
    fields: fields.slice(page * perPage, (page + 1) * perPage),
  }));
  return { formId: 'bench', formTitle: 'Bench', steps };
}
