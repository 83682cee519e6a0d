import { describe, expect, it } from 'vitest';
import { answerStructure, changesStructure, structureDiffers } from './answer-structure.ts';
import type { FormTemplate } from './form-template.ts';

const form: FormTemplate = {
  formId: 'f',
  formTitle: 'F',
  steps: [
    {
      stepTitle: 'One',
      fields: [
        { id: 'name', label: 'Name', type: 'text' },
        { id: 'separated', label: 'Separated?', type: 'radio', options: [{ label: 'Yes', value: 'Yes' }] },
        { id: 'age', label: 'Age', type: 'number', conditional: { fieldId: 'separated', value: 'Yes' } },
        { id: 'pets', label: 'Pets', type: 'checkbox', options: [{ label: 'Cat', value: 'Cat' }] },
      ],
    },
    {
      stepTitle: 'Two',
      fields: [
        {
          id: 'kids',
          label: 'Kids',
          type: 'table',
          rows: [
            {
              fields: [
                { id: 'kid', label: 'Name', type: 'text' },
                { id: 'when', label: 'When', type: 'date', conditional: { fieldId: 'kid', value: '*' } },
                { id: 'note', label: 'Note', type: 'text', conditional: { fieldId: 'name', value: '*' } },
              ],
            },
          ],
        },
      ],
    },
  ],
};
const structure = answerStructure(form);

describe('answerStructure', () => {
  it('knows the answers conditions read: form fields, and same-row cells under their row key', () => {
    expect([...structure.controlling].sort()).toEqual(['kids__0__kid', 'name', 'separated']);
  });
  it('knows the type of every answer key, table cells included', () => {
    expect(structure.types.get('pets')).toBe('checkbox');
    expect(structure.types.get('kids__0__when')).toBe('date');
    expect(structure.types.has('kids')).toBe(false);
  });
});

describe('changesStructure', () => {
  it.each<[string, string, unknown, unknown, boolean]>([
    ['typing on in a filled answer', 'age', '4', '42', false],
    ['a first letter (progress, check marks)', 'age', '', '4', true],
    ['emptying an answer', 'age', '4', '', true],
    ['spaces only stay empty', 'age', '', '  ', false],
    ['any change of a controlling answer', 'name', 'Ad', 'Ada', true],
    ['a controlling table cell', 'kids__0__kid', 'Bo', 'Bob', true],
    ['a cell typed on', 'kids__0__when', '2020-01-0', '2020-01-01', false],
    ['a second tick of a checkbox', 'pets', ['Cat'], ['Cat', 'Dog'], false],
    ['the last tick removed', 'pets', ['Cat'], [], true],
    ['a key the form does not know', 'currentStep', 0, 1, true],
  ])('%s → %s', (_case, key, before, after, expected) => {
    expect(changesStructure(structure, key, before, after)).toBe(expected);
  });
});

describe('structureDiffers', () => {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  it('is false when only filled answers changed text', () => {
    expect(structureDiffers(structure, { age: '4' }, { age: '41' }, same)).toBe(false);
  });
  it('is true when a controlling answer changed among others', () => {
    expect(
      structureDiffers(structure, { age: '4', separated: 'Yes' }, { age: '4', separated: 'No' }, same),
    ).toBe(true);
  });
  it('is true when an answer appeared', () => {
    expect(structureDiffers(structure, {}, { age: '4' }, same)).toBe(true);
  });
});
