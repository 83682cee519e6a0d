import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Field, FormTemplate } from './form-template.ts';
import {
  type ProgressBand,
  progressBand,
  progressBandWords,
  recordProgress,
  stepCompletion,
} from './record-progress.ts';
import { requiredAnswersOfSample, sampleLifeInventory } from './test-support/sample-life-inventory.ts';

const form = (...steps: Field[][]): FormTemplate => ({
  formId: 'f',
  formTitle: 'F',
  steps: steps.map((fields, index) => ({ stepTitle: `Step ${index + 1}`, fields })),
});
const requiredTexts = (count: number): Field[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `q${index}`,
    label: `Q${index}`,
    type: 'text',
    required: true,
  }));
const answered = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`q${index}`, 'x']));

describe('recordProgress (customer-app §5: only required fields that are visible count)', () => {
  it.each<[string, Record<string, unknown>, number, number, number]>([
    ['nothing answered', {}, 0, 0, 3],
    ['name only', { name: 'Ada' }, 33, 1, 3],
    ['a blank name is no answer', { name: '   ' }, 0, 0, 3],
    ['every required visible field', requiredAnswersOfSample, 100, 3, 3],
    [
      'separated: the age question now counts',
      { ...requiredAnswersOfSample, parentsSeparated: 'Yes' },
      75,
      3,
      4,
    ],
    [
      'separated with the age',
      { ...requiredAnswersOfSample, parentsSeparated: 'Yes', ageAtSeparation: 7 },
      100,
      4,
      4,
    ],
    [
      'Other caretaker: "Please specify" counts',
      { ...requiredAnswersOfSample, otherCaretakers: ['Other'] },
      75,
      3,
      4,
    ],
    ['a hidden answer does not count', { name: 'Ada', parentsSeparated: 'No', ageAtSeparation: 7 }, 67, 2, 3],
    // a required cell counts once its row is shown (its sibling is named)
    ['sibling named', { ...requiredAnswersOfSample, siblings__0__siblingName: 'Tom' }, 75, 3, 4],
    [
      'sibling named, contact answered',
      { ...requiredAnswersOfSample, siblings__0__siblingName: 'Tom', siblings__0__stillInContact: 'No' },
      100,
      4,
      4,
    ],
    [
      'the other row is still hidden',
      { ...requiredAnswersOfSample, siblings__1__stillInContact: 'No' },
      100,
      3,
      3,
    ],
  ])('%s', (_case, answers, percent, answeredCount, required) => {
    expect(recordProgress(sampleLifeInventory, answers)).toEqual({
      percent,
      answered: answeredCount,
      required,
    });
  });

  it.each<[string, number, number, number]>([
    ['rounds to the nearest whole percent', 3, 2, 67],
    ['rounds half up', 8, 1, 13],
    ['never shows 100 with something missing', 200, 199, 99],
    ['never shows 0 with something answered', 201, 1, 1],
  ])('%s', (_case, total, done, percent) => {
    expect(recordProgress(form(requiredTexts(total)), answered(done)).percent).toBe(percent);
  });

  it('is 100 when nothing is required (decision 020)', () => {
    expect(recordProgress(form([{ id: 'notes', label: 'Notes', type: 'textarea' }]), {})).toEqual({
      percent: 100,
      answered: 0,
      required: 0,
    });
    expect(recordProgress(form(), {}).percent).toBe(100);
  });

  it('never counts a hidden-type field, even one marked required', () => {
    const fields: Field[] = [
      { id: 'age', label: 'Age', type: 'hidden', required: true },
      ...requiredTexts(1),
    ];
    expect(recordProgress(form(fields), answered(1)).percent).toBe(100);
  });

  it('counts a required table once more, answered when any visible cell is (decision 020)', () => {
    const table: Field = {
      id: 'jobs',
      label: 'Jobs',
      type: 'table',
      required: true,
      rows: [
        {
          fields: [
            { id: 'employer', label: 'Employer', type: 'text' },
            { id: 'years', label: 'Years', type: 'number' },
          ],
        },
      ],
    };
    expect(recordProgress(form([table]), {})).toEqual({ percent: 0, answered: 0, required: 1 });
    expect(recordProgress(form([table]), { jobs__0__years: 4 })).toEqual({
      percent: 100,
      answered: 1,
      required: 1,
    });
  });

  it('lies between 0 and 100 and is 100 exactly when every counted field is answered', () => {
    fc.assert(
      fc.property(fc.nat({ max: 300 }), fc.nat({ max: 300 }), (total, done) => {
        const progress = recordProgress(form(requiredTexts(total)), answered(Math.min(done, total)));
        expect(progress.percent).toBeGreaterThanOrEqual(0);
        expect(progress.percent).toBeLessThanOrEqual(100);
        expect(progress.percent === 100).toBe(progress.answered === progress.required);
        expect(progress.percent === 0).toBe(progress.answered === 0 && progress.required > 0);
      }),
    );
  });
});

describe('progressBand (customer-app §4)', () => {
  it.each<[number, ProgressBand]>([
    [0, 'red'],
    [14, 'red'],
    [15, 'red-orange'],
    [29, 'red-orange'],
    [30, 'orange'],
    [44, 'orange'],
    [45, 'orange-yellow'],
    [59, 'orange-yellow'],
    [60, 'yellow'],
    [74, 'yellow'],
    [75, 'yellow-green'],
    [90, 'yellow-green'],
    [91, 'green'],
    [100, 'green'],
  ])('%i percent is %s', (percent, band) => {
    expect(progressBand(percent)).toBe(band);
  });
});

describe('stepCompletion (customer-app §5: every visible field filled, required or not)', () => {
  const complete = {
    name: 'Ada',
    dateOfBirth: '1980-12-10',
    otherCaretakers: ['Grandmother'],
    parentsSeparated: 'No',
    siblings__0__siblingName: 'Tom',
    siblings__0__stillInContact: 'Yes',
  };

  it.each<[string, Record<string, unknown>, boolean[]]>([
    ['nothing answered', {}, [false, false, false, false]],
    ['everything answered (the hidden age needs no input)', complete, [true, true, true, true]],
    [
      'an optional checkbox left empty keeps its section open',
      { ...complete, otherCaretakers: false },
      [true, false, true, true],
    ],
    [
      '"Please specify" shown and empty',
      { ...complete, otherCaretakers: ['Other'] },
      [true, false, true, true],
    ],
    [
      '"Please specify" filled',
      { ...complete, otherCaretakers: ['Other'], otherCaretakerDetails: 'My aunt' },
      [true, true, true, true],
    ],
    ['separated, age missing', { ...complete, parentsSeparated: 'Yes' }, [true, true, false, true]],
    [
      'separated, age given, optional follow-up empty',
      { ...complete, parentsSeparated: 'Yes', ageAtSeparation: 7 },
      [true, true, false, true],
    ],
    [
      'separated, all follow-ups filled',
      {
        ...complete,
        parentsSeparated: 'Yes',
        ageAtSeparation: 7,
        livingArrangementAfterSeparation: 'Mother',
      },
      [true, true, true, true],
    ],
    [
      'a sibling named but a required cell of the row empty',
      { ...complete, siblings__0__stillInContact: '' },
      [true, true, true, false],
    ],
    ['a table with nothing in it', { ...complete, siblings__0__siblingName: '' }, [true, true, true, false]],
  ])('%s', (_case, answers, flags) => {
    expect(stepCompletion(sampleLifeInventory, answers)).toEqual(flags);
  });

  it('marks a step with nothing to fill as complete', () => {
    const onlyHidden: Field[] = [{ id: 'age', label: 'Age', type: 'hidden' }];
    const hiddenTable: Field = { id: 't', label: 'T', type: 'table', rows: [] };
    expect(stepCompletion(form([], onlyHidden, [hiddenTable]), {})).toEqual([true, true, true]);
  });
});

describe('progressBandWords (issue 44 §8, WCAG 1.4.1)', () => {
  it.each([
    [0, 'Just started'],
    [14, 'Just started'],
    [15, 'Started'],
    [44, 'Under way'],
    [50, 'About halfway'],
    [74, 'Well along'],
    [90, 'Nearly there'],
    [95, 'Almost done'],
    [100, 'All done'],
  ])('%i%% reads "%s"', (percent, words) => {
    expect(progressBandWords(percent)).toBe(words);
  });
});
