import { describe, expect, it } from 'vitest';
import {
  checkboxValueToSave,
  isAnswerComplete,
  isFilledValue,
  withUnsetCheckboxesFalse,
} from './answer-completeness.ts';
import type { FieldType, FormTemplate } from './form-template.ts';
import { optionsOf, sampleLifeInventory } from './test-support/sample-life-inventory.ts';

describe('isAnswerComplete (customer-app §5)', () => {
  it.each<[FieldType, unknown, boolean]>([
    // "a checkbox is complete when it holds a non-empty list or true"
    ['checkbox', ['Glasses'], true],
    ['checkbox', ['Glasses', 'Cane'], true],
    ['checkbox', true, true],
    ['checkbox', [], false],
    ['checkbox', [''], false],
    ['checkbox', false, false],
    ['checkbox', undefined, false],
    ['checkbox', null, false],
    ['checkbox', 'Glasses', false],
    // "other fields when non-empty"; whitespace-only text is empty (decision 020)
    ['text', 'Ada', true],
    ['text', '', false],
    ['text', '   ', false],
    ['text', undefined, false],
    ['text', null, false],
    ['textarea', 'I grew up in Ohio.\n', true],
    ['textarea', '\n\t ', false],
    ['radio', 'Yes', true],
    ['radio', 'No', true],
    ['radio', '', false],
    ['date', '1980-12-10', true],
    ['number', 0, true],
    ['number', 3, true],
    ['number', '0', true],
    ['number', Number.NaN, false],
    ['text', false, false],
    ['text', { nested: 'x' }, false],
  ])('%s holding %j is complete: %s', (type, value, complete) => {
    expect(isAnswerComplete(type, value)).toBe(complete);
  });

  it('treats a list as filled when one entry is', () => {
    expect(isFilledValue(['', '  ', 'Neglect'])).toBe(true);
    expect(isFilledValue(['', '  '])).toBe(false);
  });
});

describe('checkboxValueToSave (customer-app §5: empty or unset checkbox values are saved as false)', () => {
  it.each([
    [undefined, false],
    [null, false],
    [[], false],
    [[''], false],
    ['', false],
    [false, false],
    [true, true],
    [['Other'], ['Other']],
  ])('%j is saved as %j', (value, saved) => {
    expect(checkboxValueToSave(value)).toEqual(saved);
  });
});

describe('withUnsetCheckboxesFalse', () => {
  const form: FormTemplate = {
    formId: 'f',
    formTitle: 'F',
    steps: [
      {
        stepTitle: 'Devices',
        fields: [
          {
            id: 'assistiveDevices',
            label: 'Devices',
            type: 'checkbox',
            options: optionsOf('Cane', 'Walker'),
          },
          { id: 'consent', label: 'I agree', type: 'checkbox' },
          {
            id: 'medical',
            label: 'Medical history',
            type: 'table',
            rows: [
              {
                fields: [
                  { id: 'medicalCondition', label: 'Condition', type: 'text', value: 'Asthma' },
                  { id: 'hadIt', label: 'Had it', type: 'checkbox' },
                ],
              },
            ],
          },
        ],
      },
    ],
  };

  it('sets every empty or unset checkbox of the form, table cells included, to false', () => {
    expect(withUnsetCheckboxesFalse(form, { assistiveDevices: [], name: 'Ada' })).toEqual({
      assistiveDevices: false,
      consent: false,
      medical__0__hadIt: false,
      name: 'Ada',
    });
  });

  it('keeps filled checkboxes and other fields as they are', () => {
    const answers = {
      assistiveDevices: ['Cane'],
      consent: true,
      medical__0__hadIt: false,
      medical__0__medicalCondition: '',
    };
    expect(withUnsetCheckboxesFalse(form, answers)).toBe(answers);
  });

  it('touches nothing in a form whose checkboxes are all answered', () => {
    const answers = { otherCaretakers: ['Other'] };
    expect(withUnsetCheckboxesFalse(sampleLifeInventory, answers)).toBe(answers);
  });
});
