import { describe, expect, it } from 'vitest';
import type { Field, FormTemplate } from './form-template.ts';
import { migrateRecordData } from './record-migration.ts';

const options = (...values: string[]) => values.map((value) => ({ label: value, value }));
const form = (...fields: Field[]): FormTemplate => ({
  formId: 'f',
  formTitle: 'F',
  steps: [{ stepTitle: 'S', fields }],
});

const v2 = form(
  { id: 'fullName', label: 'Full name', type: 'text' },
  { id: 'colour', label: 'Colour', type: 'radio', options: options('Red', 'Blue') },
  {
    id: 'kids',
    label: 'Kids',
    type: 'table',
    rows: [{ fields: [{ id: 'kidName', label: 'Name', type: 'text' }] }],
  },
);

describe('migrateRecordData', () => {
  const cases: {
    name: string;
    stored: Record<string, unknown>;
    mapping: Record<string, string | null>;
    data: Record<string, unknown>;
    leftBehind: string[];
  }[] = [
    {
      name: 'a mapped answer moves to the target key; bookkeeping stays',
      stored: { name: 'Ada', currentStep: '1' },
      mapping: { name: 'fullName' },
      data: { currentStep: '1', fullName: 'Ada' },
      leftBehind: [],
    },
    {
      name: 'an unmapped answer is kept under its own key',
      stored: { name: 'Ada', notes: 'kept' },
      mapping: { name: 'fullName', notes: null },
      data: { fullName: 'Ada', notes: 'kept' },
      leftBehind: ['notes'],
    },
    {
      name: 'an answer the target cannot hold, on a key the target uses, is kept beside it',
      stored: { colour: 'Green' },
      mapping: { colour: 'colour' },
      data: { 'colour@v1': 'Green' },
      leftBehind: ['colour'],
    },
    {
      name: 'a table cell moves and the flattened map is derived for the target',
      stored: { siblings__0__sibName: 'Tom', flattened: { siblings__0__sibName: 'Tom' } },
      mapping: { siblings__0__sibName: 'kids__0__kidName' },
      data: { kids__0__kidName: 'Tom', flattened: { kids__0__kidName: 'Tom' } },
      leftBehind: [],
    },
    {
      name: 'a cell found only in the flattened map is carried too',
      stored: { flattened: { siblings__0__sibName: 'Tom' } },
      mapping: { siblings__0__sibName: 'kids__0__kidName' },
      data: { kids__0__kidName: 'Tom', flattened: { kids__0__kidName: 'Tom' } },
      leftBehind: [],
    },
    {
      name: '__proto__ is an answer like any other',
      stored: JSON.parse('{"__proto__": "x", "name": "Ada"}'),
      mapping: { name: 'fullName' },
      data: JSON.parse('{"__proto__": "x", "fullName": "Ada"}'),
      leftBehind: [],
    },
  ];
  it.each(cases)('$name', ({ stored, mapping, data, leftBehind }) => {
    const result = migrateRecordData(stored, mapping, v2, 1);
    expect(result.data).toEqual(data);
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect(result.leftBehind.map((entry) => entry.key)).toEqual(leftBehind);
  });

  it('never loses an answer: every filled source answer is carried or still in the data', () => {
    const stored = { name: 'Ada', colour: 'Green', pets: ['Cat'], notes: 'n' };
    const result = migrateRecordData(stored, { name: 'fullName', colour: 'colour', pets: null }, v2, 3);
    const values = Object.values(result.data).map((value) => JSON.stringify(value));
    for (const value of Object.values(stored)) expect(values).toContain(JSON.stringify(value));
  });
});
