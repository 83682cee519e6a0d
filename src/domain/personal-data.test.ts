import { describe, expect, it } from 'vitest';
import type { FormTemplate } from './form-template.ts';
import { exportedRecordAnswers } from './personal-data.ts';

const form: FormTemplate = {
  formId: 'f',
  formTitle: 'F',
  steps: [
    {
      stepTitle: 'You',
      fields: [
        { id: 'name', label: 'Name', type: 'text' },
        {
          id: 'kids',
          label: 'Kids',
          type: 'table',
          rows: [{ fields: [{ id: 'n', label: 'Name', type: 'text' }] }],
        },
      ],
    },
  ],
};

describe('exportedRecordAnswers', () => {
  it.each([
    {
      name: 'answers in the order of the form, with their questions',
      data: { name: 'Ada', kids__0__n: 'Tom', currentStep: '0' },
      answers: [
        { key: 'name', question: 'Name', section: 'You', answer: 'Ada' },
        { key: 'kids__0__n', question: 'Kids › Row 1 › Name', section: 'You', answer: 'Tom' },
      ],
      rest: {},
    },
    {
      name: 'answers no question asks any more are kept apart, bookkeeping left out',
      data: { name: 'Ada', pet: 'Rex', 'colour@v1': 'Green', steps: [], flattened: {} },
      answers: [{ key: 'name', question: 'Name', section: 'You', answer: 'Ada' }],
      rest: { pet: 'Rex', 'colour@v1': 'Green' },
    },
    {
      name: 'a declined answer says "Prefer not to answer" and is marked declined (issue 28 §3)',
      data: { name: { declined: true } },
      answers: [
        { key: 'name', question: 'Name', section: 'You', answer: 'Prefer not to answer', declined: true },
      ],
      rest: {},
    },
    {
      name: 'a cell only in the flattened map is exported',
      data: { flattened: { kids__0__n: 'Tom' } },
      answers: [{ key: 'kids__0__n', question: 'Kids › Row 1 › Name', section: 'You', answer: 'Tom' }],
      rest: {},
    },
  ])('$name', ({ data, answers, rest }) => {
    const exported = exportedRecordAnswers(form, data);
    expect(exported.answers).toEqual(answers);
    expect(exported.answersNoLongerAsked).toEqual(rest);
  });

  it('without a form, every answer is kept apart', () => {
    expect(exportedRecordAnswers(null, { a: 1 }).answersNoLongerAsked).toEqual({ a: 1 });
  });
});
