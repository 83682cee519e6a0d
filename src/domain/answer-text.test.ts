import { describe, expect, it } from 'vitest';
import { answerText } from './answer-text.ts';
import type { CellField } from './form-template.ts';

const text: Pick<CellField, 'type' | 'options'> = { type: 'text' };
const colours = { type: 'radio' as const, options: [{ label: 'Pink (Albino)', value: 'pink' }] };
const devices = {
  type: 'checkbox' as const,
  options: [
    { label: 'Cane', value: 'cane' },
    { label: 'Walker', value: 'walker' },
  ],
};

describe('answerText (customer-app §4 read-only answers, report material)', () => {
  it.each<[string, Pick<CellField, 'type' | 'options'> | undefined, unknown, string | null]>([
    ['text', text, 'London', 'London'],
    ['blank text is no response', text, '  ', null],
    ['missing', text, undefined, null],
    ['a number', { type: 'number' }, 0, '0'],
    ['a radio value as its label', colours, 'pink', 'Pink (Albino)'],
    ['a value no option has, as is', colours, 'teal', 'teal'],
    ['checkbox list as labels', devices, ['cane', 'walker'], 'Cane, Walker'],
    ['an unticked checkbox (false) is no response', devices, false, null],
    ['an empty list is no response', devices, [], null],
    ['a ticked single checkbox', { type: 'checkbox' }, true, 'Yes'],
    ['no question: text as is', undefined, ' Kept ', 'Kept'],
    ['no question: a list joined', undefined, ['a', 'b'], 'a, b'],
    ['no question: an object is no answer', undefined, { a: 1 }, null],
  ])('%s', (_name, field, value, expected) => {
    expect(answerText(field, value)).toBe(expected);
  });
});
