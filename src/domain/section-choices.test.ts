import { describe, expect, it } from 'vitest';
import type { FormTemplate } from './form-template.ts';
import { exportedRecordAnswers } from './personal-data.ts';
import { answersOfRecordData } from './record-form-data.ts';
import { migrateRecordData } from './record-migration.ts';
import { recordProgress, stepCompletion } from './record-progress.ts';
import { isRecordBookkeepingKey, prepareReportData } from './report-data.ts';
import {
  asksBeforeSection,
  isSectionChoiceKey,
  isSkippedForNow,
  sectionChoiceKey,
  sectionChoiceOf,
  sectionsNeverOpened,
} from './section-choices.ts';

const hard = { stepTitle: 'Separation', contentNote: 'Questions about separation.', fields: [] };
const plain = { stepTitle: 'About you', fields: [] };

describe('section choices (issue 28 §2)', () => {
  it('keys one section by its title, within the answer-key length', () => {
    expect(sectionChoiceKey(hard)).toBe('sectionChoice:Separation');
    expect(sectionChoiceKey({ stepTitle: 'x'.repeat(400) }).length).toBeLessThanOrEqual(256);
    expect(isSectionChoiceKey('sectionChoice:Separation')).toBe(true);
    expect(isSectionChoiceKey('separation')).toBe(false);
  });

  it.each([
    { data: {}, choice: null, asks: true, skipped: false },
    { data: { 'sectionChoice:Separation': 'continue' }, choice: 'continue', asks: false, skipped: false },
    { data: { 'sectionChoice:Separation': 'skipped' }, choice: 'skipped', asks: true, skipped: true },
    { data: { 'sectionChoice:Separation': 'other' }, choice: null, asks: true, skipped: false },
    { data: 'not an object', choice: null, asks: true, skipped: false },
  ])('$data → choice $choice, asks $asks, skipped $skipped', ({ data, choice, asks, skipped }) => {
    expect(sectionChoiceOf(data, hard)).toBe(choice);
    expect(asksBeforeSection(data, hard)).toBe(asks);
    expect(isSkippedForNow(data, hard)).toBe(skipped);
  });

  it('never asks before a section without a content note', () => {
    expect(asksBeforeSection({}, plain)).toBe(false);
    expect(asksBeforeSection({}, { ...plain, contentNote: '  ' })).toBe(false);
    expect(isSkippedForNow({ 'sectionChoice:About you': 'skipped' }, plain)).toBe(false);
  });
});

describe('a section choice is bookkeeping, never an answer', () => {
  const form: FormTemplate = {
    formId: 'f',
    formTitle: 'F',
    steps: [{ ...hard, fields: [{ id: 'when', label: 'When?', type: 'text', required: true }] }],
  };
  const data = { currentStep: 0, 'sectionChoice:Separation': 'skipped', when: '1999' };

  it('is bookkeeping', () => {
    expect(isRecordBookkeepingKey('sectionChoice:Separation')).toBe(true);
    expect(isRecordBookkeepingKey('when')).toBe(false);
  });

  it('is not among the answers, the progress or the section check marks', () => {
    expect(answersOfRecordData(data)).toEqual({ when: '1999' });
    const onlyChoice = { 'sectionChoice:Separation': 'continue' };
    expect(recordProgress(form, answersOfRecordData(onlyChoice)).percent).toBe(0);
    expect(stepCompletion(form, answersOfRecordData(onlyChoice))).toEqual([false]);
  });

  it('is not in the report material', () => {
    expect(JSON.stringify(prepareReportData(data))).not.toContain('sectionChoice');
  });

  it('is not in Download my data', () => {
    const exported = exportedRecordAnswers(form, data);
    expect(exported.answers.map((answer) => answer.key)).toEqual(['when']);
    expect(exported.answersNoLongerAsked).toEqual({});
  });

  it('stays with the record through a migration, as bookkeeping', () => {
    const migrated = migrateRecordData(data, { when: 'when' }, form, 1);
    expect(migrated.data['sectionChoice:Separation']).toBe('skipped');
    expect(migrated.carried.map((entry) => entry.from)).toEqual(['when']);
    expect(migrated.leftBehind).toEqual([]);
  });
});

describe('sectionsNeverOpened (issue 44 §6)', () => {
  const steps = [
    { stepTitle: 'Childhood', contentNote: 'Some questions are about hard times.' },
    { stepTitle: 'Work' },
    { stepTitle: 'Loss', contentNote: 'About people who died.' },
    { stepTitle: 'Health', contentNote: '  ' },
  ];
  it.each([
    { name: 'no choice yet: every section with a note', data: {}, indexes: [0, 2] },
    {
      name: 'continued or skipped sections are not listed',
      data: {
        [sectionChoiceKey(steps[0] ?? { stepTitle: '' })]: 'continue',
        [sectionChoiceKey(steps[2] ?? { stepTitle: '' })]: 'skipped',
      },
      indexes: [],
    },
    { name: 'no data', data: null, indexes: [0, 2] },
  ])('$name', ({ data, indexes }) => {
    expect(sectionsNeverOpened(data, steps)).toEqual(indexes);
  });
});
