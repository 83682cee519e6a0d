import { describe, expect, it } from 'vitest';
import { declinedQuestions } from './declined-questions.ts';

const form = {
  formId: 'f',
  formTitle: 'F',
  steps: [
    {
      stepTitle: 'About you',
      fields: [
        { id: 'income', type: 'text', label: 'What is your income?' },
        { id: 'faith', type: 'radio', label: 'Your faith', options: [{ label: 'None', value: 'none' }] },
      ],
    },
  ],
};

describe('declinedQuestions (issue 44 §5)', () => {
  it.each([
    {
      name: 'names declined answers by their question, in stored order',
      answers: { faith: { declined: true }, income: { declined: true }, other: 'x' },
      form,
      named: ['Your faith', 'What is your income?'],
    },
    {
      name: 'a key the form does not know stays as stored',
      answers: { gone: { declined: true } },
      form,
      named: ['gone'],
    },
    { name: 'no form yet: the keys', answers: { income: { declined: true } }, form: null, named: ['income'] },
    { name: 'nothing declined', answers: { income: '10' }, form, named: [] },
  ])('$name', ({ answers, form: template, named }) => {
    expect(declinedQuestions(answers, template)).toEqual(named);
  });
});
