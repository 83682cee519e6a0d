import { describe, expect, it } from 'vitest';
import type { Field, FormTemplate } from './form-template.ts';
import { describeTemplateProblem, findTemplateProblems } from './form-template-problems.ts';
import { lifeInventoryForm } from './life-inventory.ts';

const options = (...values: string[]) => values.map((value) => ({ label: value, value }));

function formOf(...fields: Field[]): FormTemplate {
  return { formId: 'f', formTitle: 'F', steps: [{ stepTitle: 'About you', fields }] };
}

const name: Field = { id: 'name', label: 'Name', type: 'text' };
const separated: Field = {
  id: 'separated',
  label: 'Separated?',
  type: 'radio',
  options: options('Yes', 'No'),
};
const table: Field = {
  id: 'siblings',
  label: 'Siblings',
  type: 'table',
  rows: [
    {
      fields: [
        { id: 'sibName', label: 'Name', type: 'text' },
        { id: 'contact', label: 'In contact?', type: 'radio', options: options('Yes', 'No') },
      ],
    },
  ],
};

function messages(form: FormTemplate): string[] {
  return findTemplateProblems(form).map(describeTemplateProblem);
}

describe('findTemplateProblems', () => {
  it('finds nothing in the Life Inventory form nor in an empty one', () => {
    expect(findTemplateProblems(lifeInventoryForm)).toEqual([]);
    expect(findTemplateProblems({ formId: 'custom-form', formTitle: 'Custom Form', steps: [] })).toEqual([]);
  });

  it('finds nothing in sensitive questions, "Why we ask" and a content note (issue 28 §1)', () => {
    const fields = [
      { ...separated, sensitive: true, whyWeAsk: 'It shapes the rest.' },
      { ...name, sensitive: false },
    ];
    const careful: FormTemplate = {
      formId: 'f',
      formTitle: 'F',
      steps: [{ stepTitle: 'Separation', contentNote: 'This section asks about separation.', fields }],
    };
    expect(findTemplateProblems(careful)).toEqual([]);
  });

  it('finds nothing in a form with a condition on an earlier choice and a table', () => {
    const age: Field = {
      id: 'age',
      label: 'Age at separation',
      type: 'text',
      conditional: { fieldId: 'separated', value: 'Yes' },
    };
    expect(findTemplateProblems(formOf(name, separated, age, table))).toEqual([]);
  });

  it.each<[string, FormTemplate, string]>([
    [
      'a section without a title',
      { formId: 'f', formTitle: 'F', steps: [{ stepTitle: '  ', fields: [] }] },
      'Section 1: The section needs a title.',
    ],
    [
      'a field without an id',
      formOf({ ...name, id: ' ' }),
      'Section 1 "About you" › field "Name": The field needs an id.',
    ],
    [
      'a field without a label',
      formOf({ ...name, label: '' }),
      'Section 1 "About you" › field "name": The field needs a label.',
    ],
    [
      'an id used twice',
      formOf(name, { ...name, label: 'Other name' }),
      'Section 1 "About you" › field "name": The id "name" is used by another field of the form.',
    ],
    [
      'an id of the bookkeeping',
      formOf({ ...name, id: 'steps' }),
      'Section 1 "About you" › field "steps": The id "steps" is reserved for the record\'s bookkeeping.',
    ],
    [
      'an id shaped like a section choice (issue 28 §2)',
      formOf({ ...name, id: 'sectionChoice:About you' }),
      'Section 1 "About you" › field "sectionChoice:About you": The id "sectionChoice:About you" is reserved for the record\'s bookkeeping.',
    ],
    [
      'a radio without options',
      formOf({ ...separated, options: [] }),
      'Section 1 "About you" › field "separated": A radio field needs at least one option.',
    ],
    [
      'a blank option',
      formOf({ ...separated, options: options('Yes', ' ') }),
      'Section 1 "About you" › field "separated": Every option needs a text that is not blank.',
    ],
    [
      'an option listed twice',
      formOf({ ...separated, options: options('Yes', 'Yes') }),
      'Section 1 "About you" › field "separated": The option "Yes" is listed twice.',
    ],
    [
      'a condition on a field that does not exist',
      formOf({ ...name, conditional: { fieldId: 'nowhere', value: 'any' } }),
      'Section 1 "About you" › field "name": The condition names "nowhere", which is not a field before this one.',
    ],
    [
      'a condition on a later field',
      formOf({ ...name, conditional: { fieldId: 'separated', value: 'Yes' } }, separated),
      'Section 1 "About you" › field "name": The condition names "separated", which is not a field before this one.',
    ],
    [
      'a condition on itself',
      formOf({ ...separated, conditional: { fieldId: 'separated', value: 'Yes' } }),
      'Section 1 "About you" › field "separated": The condition names "separated", which is not a field before this one.',
    ],
    [
      'a condition value that is not an option',
      formOf(separated, { ...name, conditional: { fieldId: 'separated', value: ['Yes', 'Maybe'] } }),
      'Section 1 "About you" › field "name": The condition\'s value "Maybe" is not an option of "separated".',
    ],
    [
      'a table without rows',
      formOf({ ...table, rows: [] }),
      'Section 1 "About you" › field "siblings" › rows: A table needs at least one row.',
    ],
    [
      'a hidden cell',
      formOf({ ...table, rows: [{ fields: [{ id: 'x', label: 'X', type: 'hidden' }] }] }),
      'Section 1 "About you" › field "siblings" › row 1 › cell "x": A cell cannot be of type hidden.',
    ],
    [
      'a cell id used twice in a row',
      formOf({
        ...table,
        rows: [{ fields: [name, { ...name, label: 'Again' }] }],
      }),
      'Section 1 "About you" › field "siblings" › row 1 › cell "name": The id "name" is used by another cell of the row.',
    ],
    [
      'a table id with the key separator',
      formOf({ ...table, id: 'sib__lings' }),
      'Section 1 "About you" › field "sib__lings": A table\'s id may not contain "__".',
    ],
    [
      'a sensitive table (issue 28 §3)',
      formOf({ ...table, sensitive: true }),
      'Section 1 "About you" › field "siblings": A table field cannot be marked sensitive; mark the questions people answer.',
    ],
    [
      'a sensitive hidden field (issue 28 §3)',
      formOf(name, { id: 'age', label: 'Age', type: 'hidden', sensitive: true }),
      'Section 1 "About you" › field "age": A hidden field cannot be marked sensitive; mark the questions people answer.',
    ],
  ])('%s', (_case, form, expected) => {
    expect(messages(form)).toEqual([expected]);
  });

  it('lets a cell depend on an earlier cell of its row or an earlier field, not a later cell', () => {
    const row = (conditionOn: string) => ({
      fields: [
        { id: 'sibName', label: 'Name', type: 'text' as const },
        {
          id: 'contact',
          label: 'Contact',
          type: 'text' as const,
          conditional: { fieldId: conditionOn, value: 'any' },
        },
        { id: 'later', label: 'Later', type: 'text' as const },
      ],
    });
    expect(findTemplateProblems(formOf(name, { ...table, rows: [row('sibName')] }))).toEqual([]);
    expect(findTemplateProblems(formOf(name, { ...table, rows: [row('name')] }))).toEqual([]);
    const later = findTemplateProblems(formOf(name, { ...table, rows: [row('later')] }));
    expect(later).toMatchObject([{ sectionIndex: 0, fieldIndex: 1, rowIndex: 0, cellIndex: 1 }]);
  });

  it('locates problems by section and field index, across sections', () => {
    const form: FormTemplate = {
      formId: 'f',
      formTitle: 'F',
      steps: [
        { stepTitle: 'One', fields: [name] },
        { stepTitle: 'Two', fields: [separated, { ...name, label: 'Again' }] },
      ],
    };
    expect(findTemplateProblems(form)).toMatchObject([
      { sectionIndex: 1, fieldIndex: 1, message: 'The id "name" is used by another field of the form.' },
    ]);
  });
});
