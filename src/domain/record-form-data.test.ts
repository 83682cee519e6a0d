import { describe, expect, it } from 'vitest';
import { formOfRecord } from './record-form.ts';
import {
  answersOfRecordData,
  flattenedTableAnswers,
  isTableAnswerKey,
  savedCurrentStep,
} from './record-form-data.ts';
import { sampleLifeInventory } from './test-support/sample-life-inventory.ts';

describe('answersOfRecordData (customer-app §3 record form data as one answer map)', () => {
  it.each<[string, unknown, Record<string, unknown>]>([
    ['not an object', 'oops', {}],
    ['null', null, {}],
    ['a list', [1, 2], {}],
    ['plain answers', { name: 'Ada', age: 45 }, { name: 'Ada', age: 45 }],
    ['bookkeeping dropped', { name: 'Ada', steps: [{}], currentStep: 2, flattened: {} }, { name: 'Ada' }],
    [
      'a table answer only in flattened is lifted',
      { flattened: { siblings__0__siblingName: 'Bo' } },
      { siblings__0__siblingName: 'Bo' },
    ],
    [
      'the top-level table answer wins over flattened',
      { siblings__0__siblingName: 'Cy', flattened: { siblings__0__siblingName: 'Bo' } },
      { siblings__0__siblingName: 'Cy' },
    ],
    ['a plain key in flattened is not an answer', { flattened: { note: 'x' } }, {}],
  ])('%s', (_name, data, expected) => {
    expect(answersOfRecordData(data)).toEqual(expected);
  });
});

describe('flattenedTableAnswers (customer-app §3 flattened)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['no table answers', { name: 'Ada' }, {}],
    [
      'every answered cell of the form, nothing else',
      { name: 'Ada', siblings__0__siblingName: 'Bo', siblings__1__relation: 'Half', other__0__x: 'y' },
      { siblings__0__siblingName: 'Bo', siblings__1__relation: 'Half' },
    ],
    [
      'a cell set to false stays (an unset checkbox)',
      { siblings__0__relation: false },
      { siblings__0__relation: false },
    ],
  ])('%s', (_name, answers, expected) => {
    expect(flattenedTableAnswers(sampleLifeInventory, answers)).toEqual(expected);
  });
});

describe('isTableAnswerKey', () => {
  it.each([
    ['siblings__0__siblingName', true],
    ['name', false],
    ['mother-first-name', false],
  ])('%s → %s', (key, expected) => {
    expect(isTableAnswerKey(key)).toBe(expected);
  });
});

describe('savedCurrentStep (customer-app §3 currentStep)', () => {
  it.each<[string, unknown, number, number]>([
    ['none saved', {}, 4, 0],
    ['a saved step', { currentStep: 2 }, 4, 2],
    ['as text', { currentStep: '3' }, 4, 3],
    ['past the last step', { currentStep: 9 }, 4, 3],
    ['negative', { currentStep: -1 }, 4, 0],
    ['not a whole number', { currentStep: 1.5 }, 4, 0],
    ['a form with no steps', { currentStep: 2 }, 0, 0],
    ['not an object', 'x', 4, 0],
  ])('%s', (_name, data, stepCount, expected) => {
    expect(savedCurrentStep(data, stepCount)).toBe(expected);
  });
});

describe('formOfRecord (decision 060)', () => {
  const typeForm = { formId: 'life', formTitle: 'Life', steps: [{ stepTitle: 'Type step', fields: [] }] };
  it.each<[string, unknown, unknown, string | null]>([
    ['the type form when the record has no steps', typeForm, {}, 'Type step'],
    [
      "the record's own steps when valid",
      typeForm,
      { steps: [{ stepTitle: 'Own step', fields: [] }] },
      'Own step',
    ],
    ['invalid own steps fall back to the type form', typeForm, { steps: [{ nope: 1 }] }, 'Type step'],
    ['an empty own step list falls back', typeForm, { steps: [] }, 'Type step'],
    ['the type form as a JSON string', JSON.stringify(typeForm), {}, 'Type step'],
    ['an invalid type form with no own steps is an error', '{oops', {}, null],
  ])('%s', (_name, form, data, firstStepTitle) => {
    const result = formOfRecord(form, data);
    if (firstStepTitle === null) expect(result.ok).toBe(false);
    else expect(result.ok && result.form.steps[0]?.stepTitle).toBe(firstStepTitle);
  });
});
