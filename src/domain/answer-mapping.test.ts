import { describe, expect, it } from 'vitest';
import {
  convertAnswer,
  type FormChangeStep,
  findMappingProblems,
  invertAnswerMapping,
  mapAnswers,
  mappingOf,
  movedAnswerKey,
  proposeAnswerMapping,
} from './answer-mapping.ts';
import type { AnswerSlot } from './form-answer-keys.ts';
import { answerSlots } from './form-answer-keys.ts';
import type { Field, FormTemplate } from './form-template.ts';

const options = (...values: string[]) => values.map((value) => ({ label: value, value }));
const form = (...fields: Field[]): FormTemplate => ({
  formId: 'f',
  formTitle: 'F',
  steps: [{ stepTitle: 'S', fields }],
});

const v1 = form(
  { id: 'name', label: 'Name', type: 'text' },
  { id: 'born', label: 'Place of birth', type: 'text' },
  { id: 'pets', label: 'Pets', type: 'checkbox', options: options('Cat', 'Dog') },
  { id: 'notes', label: 'Notes', type: 'textarea' },
  {
    id: 'siblings',
    label: 'Siblings',
    type: 'table',
    rows: [{ fields: [{ id: 'sibName', label: 'Name', type: 'text' }] }],
  },
);
const v2 = form(
  { id: 'name', label: 'Full name', type: 'text' },
  { id: 'birthplace', label: 'place of  birth', type: 'text' },
  { id: 'pets', label: 'Pets', type: 'radio', options: options('Cat', 'Dog', 'None') },
  {
    id: 'siblings',
    label: 'Siblings',
    type: 'table',
    rows: [
      { fields: [{ id: 'sibName', label: 'Name', type: 'text' }] },
      { fields: [{ id: 'sibName', label: 'Name', type: 'text' }] },
    ],
  },
);

describe('answerSlots', () => {
  it('lists each field and each table cell once, cells by their flattened key', () => {
    expect(answerSlots(v1).map((slot) => [slot.key, slot.label])).toEqual([
      ['name', 'Name'],
      ['born', 'Place of birth'],
      ['pets', 'Pets'],
      ['notes', 'Notes'],
      ['siblings__0__sibName', 'Siblings › Row 1 › Name'],
    ]);
  });
});

describe('proposeAnswerMapping', () => {
  it('maps by id first, then by a unique label, else proposes nothing', () => {
    const proposal = proposeAnswerMapping(v1, v2);
    expect(proposal.map((entry) => [entry.from.key, entry.to?.key ?? null, entry.matchedBy])).toEqual([
      ['name', 'name', 'id'],
      ['born', 'birthplace', 'label'],
      ['pets', 'pets', 'id'],
      ['notes', null, 'none'],
      ['siblings__0__sibName', 'siblings__0__sibName', 'id'],
    ]);
  });

  it('does not guess between two targets of the same label', () => {
    const twice = form(
      { id: 'a', label: 'Place of birth', type: 'text' },
      { id: 'b', label: 'Place of Birth', type: 'text' },
    );
    expect(proposeAnswerMapping(v1, twice).find((entry) => entry.from.key === 'born')?.to).toBeNull();
  });
});

describe('findMappingProblems', () => {
  it('accepts the proposal and refuses unknown keys and two answers into one', () => {
    expect(findMappingProblems(mappingOf(proposeAnswerMapping(v1, v2)), v1, v2)).toEqual([]);
    expect(
      findMappingProblems({ name: 'name', born: 'name', ghost: null, notes: 'nowhere' }, v1, v2),
    ).toEqual([
      '"name" and "born" are both mapped to "name".',
      '"ghost" is not an answer of the source form.',
      '"nowhere" is not an answer of the target form.',
    ]);
  });
});

const slot = (type: AnswerSlot['type'], ...opts: string[]): AnswerSlot => ({
  key: 'k',
  label: 'K',
  type,
  sectionTitle: 'S',
  options: opts,
});

describe('convertAnswer', () => {
  it.each<[string, unknown, AnswerSlot, ReturnType<typeof convertAnswer>]>([
    ['text to text', 'Paris', slot('text'), { ok: true, value: 'Paris' }],
    ['text to textarea', 'Paris', slot('textarea'), { ok: true, value: 'Paris' }],
    ['a number to text', 3, slot('text'), { ok: true, value: '3' }],
    ['a list to text', ['Cat', 'Dog'], slot('textarea'), { ok: true, value: 'Cat, Dog' }],
    [
      'a list to a date',
      ['Cat'],
      slot('date'),
      { ok: false, reason: 'a list of choices cannot become a date answer' },
    ],
    ['an option to a radio', 'Cat', slot('radio', 'Cat', 'Dog'), { ok: true, value: 'Cat' }],
    ['one ticked box to a radio', ['Dog'], slot('radio', 'Cat', 'Dog'), { ok: true, value: 'Dog' }],
    [
      'two ticked boxes to a radio',
      ['Cat', 'Dog'],
      slot('radio', 'Cat', 'Dog'),
      { ok: false, reason: 'several choices cannot become one' },
    ],
    [
      'a text that is no option',
      'Fish',
      slot('radio', 'Cat'),
      { ok: false, reason: '"Fish" is not an option of the target' },
    ],
    ['a radio to a checkbox', 'Cat', slot('checkbox', 'Cat', 'Dog'), { ok: true, value: ['Cat'] }],
    [
      'ticks that are no options',
      ['Cat', 'Fish'],
      slot('checkbox', 'Cat'),
      { ok: false, reason: '"Fish" not an option of the target' },
    ],
    ['true to a yes/no box', true, slot('checkbox'), { ok: true, value: true }],
    ['an empty answer', '  ', slot('text'), { ok: false, reason: 'empty' }],
  ])('%s', (_case, value, target, expected) => {
    expect(convertAnswer(value, target)).toEqual(expected);
  });
});

describe('mapAnswers', () => {
  it('moves what the mapping carries and reports, without dropping, what it cannot', () => {
    const answers = {
      name: 'Ada',
      born: 'London',
      pets: ['Cat', 'Dog'],
      notes: 'Loves maths',
      other: 'kept by caller',
    };
    const result = mapAnswers(answers, mappingOf(proposeAnswerMapping(v1, v2)), v2);
    expect(result.moved).toEqual({ name: 'Ada', birthplace: 'London' });
    expect(result.carried).toEqual([
      { from: 'name', to: 'name' },
      { from: 'born', to: 'birthplace' },
    ]);
    expect(result.leftBehind).toEqual([
      { key: 'pets', reason: 'several choices cannot become one' },
      { key: 'notes', reason: 'not mapped to a question of the target' },
    ]);
  });
});

describe('movedAnswerKey (issue 26 §3: where an answer typed against an earlier form is now)', () => {
  const rename = {
    version: 5,
    fromFormVersion: 1,
    moves: { cityOfBirth: 'birthCity', name: 'name', pet: null },
  };
  const undo = { version: 6, fromFormVersion: 2, moves: invertAnswerMapping(rename.moves) };
  const again = { version: 9, fromFormVersion: 1, moves: { cityOfBirth: 'townOfBirth' } };
  const v2Keys = new Set(['birthCity', 'name']);
  it.each<[string, string, number, FormChangeStep[], ReadonlySet<string>, { key: string; version: number }]>([
    ['no change since', 'cityOfBirth', 4, [], v2Keys, { key: 'cityOfBirth', version: 4 }],
    ['a rename since', 'cityOfBirth', 4, [rename], v2Keys, { key: 'birthCity', version: 5 }],
    ['typed after the rename: stays', 'birthCity', 5, [rename], v2Keys, { key: 'birthCity', version: 5 }],
    ['not carried, key free', 'pet', 4, [rename], v2Keys, { key: 'pet', version: 5 }],
    [
      'not carried, key used by another question',
      'pet',
      4,
      [rename],
      new Set(['pet']),
      { key: 'pet@v1', version: 5 },
    ],
    [
      'a key the mapping does not list',
      'currentStep',
      4,
      [rename],
      v2Keys,
      { key: 'currentStep', version: 5 },
    ],
    [
      'a migration and its undo',
      'cityOfBirth',
      4,
      [undo, rename],
      v2Keys,
      { key: 'cityOfBirth', version: 6 },
    ],
    [
      'only the undo (typed on v2)',
      'birthCity',
      5,
      [rename, undo],
      v2Keys,
      { key: 'cityOfBirth', version: 6 },
    ],
    [
      'migrated, undone, migrated again',
      'cityOfBirth',
      4,
      [rename, undo, again],
      v2Keys,
      { key: 'townOfBirth', version: 9 },
    ],
  ])('%s', (_case, key, typedAgainst, steps, targetKeys, expected) => {
    expect(movedAnswerKey(key, typedAgainst, steps, targetKeys)).toEqual(expected);
  });

  it('inverts a mapping for an undo, leaving out answers that were not carried', () => {
    expect({ ...invertAnswerMapping({ a: 'b', c: null, d: 'd' }) }).toEqual({ b: 'a', d: 'd' });
  });
});
