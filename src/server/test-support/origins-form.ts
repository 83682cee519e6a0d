import type { FormTemplate } from '#domain/form-template.ts';

/**
 * A one-step form whose city question's key is chosen by the test: publishing it again with another
 * key is a form change that moves an answer (issues 12, 26 and 39's migration tests).
 */
export const originsForm = (cityId: string): FormTemplate => ({
  formId: 'origins',
  formTitle: 'Origins',
  steps: [
    {
      stepTitle: 'Where you began',
      fields: [
        { id: 'name', label: 'Name', type: 'text' },
        { id: cityId, label: 'City of birth', type: 'text' },
      ],
    },
  ],
});
