import { describe, expect, it } from 'vitest';
import type { Field, FormTemplate } from './form-template.ts';
import { diffForms, formsDiffer } from './form-version-diff.ts';

const options = (...values: string[]) => values.map((value) => ({ label: value, value }));
const name: Field = { id: 'name', label: 'Name', type: 'text', required: true };
const pets: Field = { id: 'pets', label: 'Pets', type: 'checkbox', options: options('Cat', 'Dog') };
const siblings: Field = {
  id: 'siblings',
  label: 'Siblings',
  type: 'table',
  rows: [{ fields: [{ id: 'sibName', label: 'Name', type: 'text' }] }],
};

function form(...sections: [string, Field[]][]): FormTemplate {
  return {
    formId: 'f',
    formTitle: 'F',
    steps: sections.map(([stepTitle, fields]) => ({ stepTitle, fields })),
  };
}

describe('diffForms', () => {
  it('finds no difference between a form and itself', () => {
    const v1 = form(['About you', [name, pets, siblings]]);
    const diff = diffForms(v1, structuredClone(v1));
    expect(diff).toEqual({ added: [], removed: [], changed: [], sections: [] });
    expect(formsDiffer(diff)).toBe(false);
  });

  it('lists fields added and removed, by id, with their section', () => {
    const diff = diffForms(
      form(['About you', [name, pets]]),
      form(['About you', [name]], ['Family', [siblings]]),
    );
    expect(diff.added).toEqual([
      { id: 'siblings', label: 'Siblings', type: 'table', sectionTitle: 'Family' },
    ]);
    expect(diff.removed).toEqual([
      { id: 'pets', label: 'Pets', type: 'checkbox', sectionTitle: 'About you' },
    ]);
    expect(diff.sections).toEqual(['Section 2 added: "Family"']);
  });

  it.each<[string, Field, string[]]>([
    ['a new label', { ...name, label: 'Full name' }, ['Label: "Name" → "Full name"']],
    ['a new type', { ...name, type: 'textarea' }, ['Type: text → textarea']],
    ['no longer required', { ...name, required: false }, ['No longer required']],
    ['a placeholder', { ...name, placeholder: 'First and last' }, ['Placeholder: "" → "First and last"']],
    [
      'a condition',
      { ...name, conditional: { fieldId: 'pets', value: ['Cat'] } },
      ['Condition: always shown → shown when "pets" is "Cat"'],
    ],
    ['now sensitive (issue 28 §1)', { ...name, sensitive: true }, ['Now sensitive']],
    ['"Why we ask" added', { ...name, whyWeAsk: 'To address you.' }, ['Why we ask: "" → "To address you."']],
  ])('describes %s', (_case, changed, expected) => {
    const diff = diffForms(form(['S', [pets, name]]), form(['S', [pets, changed]]));
    expect(diff.changed).toEqual([
      { id: 'name', label: changed.label, type: changed.type, sectionTitle: 'S', changes: expected },
    ]);
  });

  it('describes options added, removed, reordered and relabelled', () => {
    const next: Field = {
      ...pets,
      options: [
        { label: 'Doggo', value: 'Dog' },
        { label: 'Fish', value: 'Fish' },
      ],
    };
    const [change] = diffForms(form(['S', [pets]]), form(['S', [next]])).changed;
    expect(change?.changes).toEqual([
      'Options added: "Fish"',
      'Options removed: "Cat"',
      'Option "Dog" relabelled: "Dog" → "Doggo"',
    ]);
    const reordered: Field = { ...pets, options: options('Dog', 'Cat') };
    expect(diffForms(form(['S', [pets]]), form(['S', [reordered]])).changed[0]?.changes).toEqual([
      'Options reordered',
    ]);
  });

  it('describes table rows and cells', () => {
    const next: Field = {
      ...siblings,
      rows: [
        {
          fields: [
            { id: 'sibName', label: 'First name', type: 'text' },
            { id: 'age', label: 'Age', type: 'number' },
          ],
        },
        { fields: [{ id: 'sibName', label: 'Name', type: 'text' }] },
      ],
    };
    expect(diffForms(form(['S', [siblings]]), form(['S', [next]])).changed[0]?.changes).toEqual([
      'Rows added: 1 (now 2)',
      'Row 1, cell "sibName": Label: "Name" → "First name"',
      'Row 1: cell "age" added',
    ]);
  });

  it('notes a field moved to another section and a section renamed', () => {
    const diff = diffForms(form(['A', [name]], ['B', [pets]]), form(['A', []], ['Bee', [pets, name]]));
    expect(diff.changed).toEqual([
      {
        id: 'name',
        label: 'Name',
        type: 'text',
        sectionTitle: 'Bee',
        changes: ['Moved from section 1 "A" to section 2 "Bee"'],
      },
    ]);
    expect(diff.sections).toEqual(['Section 2 renamed: "B" → "Bee"']);
  });

  it('notes a content note added, changed or removed (issue 28 §1)', () => {
    const withNote = (note: string | undefined): FormTemplate => ({
      ...form(['Separation', [name]]),
      steps: [
        { stepTitle: 'Separation', fields: [name], ...(note === undefined ? {} : { contentNote: note }) },
      ],
    });
    expect(diffForms(withNote(undefined), withNote('Hard topics.')).sections).toEqual([
      'Section 1 content note: "" → "Hard topics."',
    ]);
    expect(diffForms(withNote('Hard topics.'), withNote(undefined)).sections).toEqual([
      'Section 1 content note: "Hard topics." → ""',
    ]);
    expect(formsDiffer(diffForms(withNote('Same.'), withNote('Same.')))).toBe(false);
  });

  it('says when a question is no longer sensitive', () => {
    const diff = diffForms(form(['S', [{ ...name, sensitive: true }]]), form(['S', [name]]));
    expect(diff.changed[0]?.changes).toEqual(['No longer sensitive']);
  });
});
