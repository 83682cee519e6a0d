import { describe, expect, it } from 'vitest';
import type { FormTemplate } from '#domain/form-template.ts';
import { derivedAnswers } from './derived-answers.ts';

const form: FormTemplate = {
  formId: 'f',
  formTitle: 'F',
  steps: [
    {
      stepTitle: 'One',
      fields: [
        { id: 'dateOfBirth', label: 'Born', type: 'date' },
        { id: 'age', label: 'Age', type: 'hidden' },
        { id: 'devices', label: 'Devices', type: 'checkbox', options: [{ label: 'Cane', value: 'Cane' }] },
        {
          id: 'siblings',
          label: 'Siblings',
          type: 'table',
          rows: [{ fields: [{ id: 'name', label: 'Name', type: 'text' }] }],
        },
      ],
    },
  ],
};
const today = new Date(2026, 0, 15);

describe('derivedAnswers (customer-app §3, §5)', () => {
  it.each<[string, Record<string, unknown>, 'save' | 'submit', Record<string, unknown>]>([
    ['nothing to derive but the flattened map', {}, 'save', { flattened: {} }],
    ['the age from the date of birth', { dateOfBirth: '1980-12-10' }, 'save', { age: 45, flattened: {} }],
    ['an unchanged age is not sent', { dateOfBirth: '1980-12-10', age: 45 }, 'save', { flattened: {} }],
    ['a cleared date of birth clears the age', { age: 45 }, 'save', { age: null, flattened: {} }],
    [
      'table answers in the flattened map',
      { siblings__0__name: 'Bo' },
      'save',
      { flattened: { siblings__0__name: 'Bo' } },
    ],
    [
      'unticked checkboxes saved as false on submit',
      { devices: [] },
      'submit',
      { devices: false, flattened: {} },
    ],
    ['not on an ordinary save', { devices: [] }, 'save', { flattened: {} }],
    ['a ticked checkbox stays', { devices: ['Cane'] }, 'submit', { flattened: {} }],
  ])('%s', (_name, view, reason, expected) => {
    expect(derivedAnswers(form, view, reason, today)).toEqual(expected);
  });
});
