import type { CellField, Field, FieldOption, FormTemplate, TableRow } from '../form-template.ts';

/**
 * A Life Inventory-like template for the rule tests: the kinds of field customer-app §3 names
 * (text, date, number, radio, checkbox with options, table with rows and a cell-scoped conditional,
 * hidden age), with the conditionals of the wizard (customer-app §4).
 */
export function optionsOf(...values: string[]): FieldOption[] {
  return values.map((value) => ({ label: value, value }));
}

function siblingRow(index: number): TableRow {
  const whenNamed = { fieldId: 'siblingName', value: 'any' };
  const cells: CellField[] = [
    { id: 'siblingName', label: 'First name', type: 'text' },
    {
      id: 'relation',
      label: 'Relation',
      type: 'radio',
      options: optionsOf('Full', 'Half', 'Step'),
      conditional: whenNamed,
    },
    {
      id: 'stillInContact',
      label: 'Still in contact?',
      type: 'radio',
      required: true,
      options: optionsOf('Yes', 'No'),
      conditional: whenNamed,
    },
  ];
  return { id: `sibling-${index + 1}`, label: `Sibling ${index + 1}`, fields: cells };
}

export const siblingsTable: Field = {
  id: 'siblings',
  label: 'Your brothers and sisters',
  type: 'table',
  rows: [siblingRow(0), siblingRow(1)],
};

export const caretakersField: Field = {
  id: 'otherCaretakers',
  label: 'Who else raised you?',
  type: 'checkbox',
  options: optionsOf('Stepfather', 'Grandmother', 'Other'),
};

export const sampleLifeInventory: FormTemplate = {
  formId: 'life-inventory',
  formTitle: 'Life Inventory',
  steps: [
    {
      stepTitle: 'Name & Date of Birth',
      fields: [
        { id: 'name', label: 'Full name', type: 'text', required: true },
        { id: 'dateOfBirth', label: 'Date of birth', type: 'date', required: true },
        { id: 'age', label: 'Age', type: 'hidden' },
      ],
    },
    {
      stepTitle: 'Family of Origin - Parents',
      fields: [
        caretakersField,
        {
          id: 'otherCaretakerDetails',
          label: 'Please specify',
          type: 'text',
          required: true,
          conditional: { fieldId: 'otherCaretakers', value: 'Other' },
        },
      ],
    },
    {
      stepTitle: 'Family of Origin - Separation',
      fields: [
        {
          id: 'parentsSeparated',
          label: 'Did your parents separate?',
          type: 'radio',
          required: true,
          options: optionsOf('Yes', 'No'),
        },
        {
          id: 'ageAtSeparation',
          label: 'How old were you?',
          type: 'number',
          required: true,
          conditional: { fieldId: 'parentsSeparated', value: 'Yes' },
        },
        {
          id: 'livingArrangementAfterSeparation',
          label: 'Who did you live with?',
          type: 'textarea',
          conditional: { fieldId: 'ageAtSeparation', value: 'any' },
        },
      ],
    },
    { stepTitle: 'Family of Origin - Siblings', fields: [siblingsTable] },
  ],
};

/** Answers that fill every required visible field of the sample with no sibling named. */
export const requiredAnswersOfSample = {
  name: 'Ada Lovelace',
  dateOfBirth: '1980-12-10',
  parentsSeparated: 'No',
};
