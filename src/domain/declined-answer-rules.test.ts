import { describe, expect, it } from 'vitest';
import { DECLINED_ANSWER } from './declined-answer.ts';
import { fieldVisibility } from './field-visibility.ts';
import type { Field, FormTemplate } from './form-template.ts';
import { wizardAnswersSchema } from './inventory-wizard.ts';
import { lifeInventoryForm } from './life-inventory.ts';
import { recordProgress, stepCompletion } from './record-progress.ts';
import { prepareReportData } from './report-data.ts';

// Issue 28 §3: a declined answer ("Prefer not to answer") counts as complete for the progress bar,
// a required question and the section's check mark, and is left out of the report material.

const options = (...values: string[]) => values.map((value) => ({ label: value, value }));
const abuse: Field = { id: 'abuse', label: 'Abuse?', type: 'textarea', required: true, sensitive: true };
const separated: Field = {
  id: 'separated',
  label: 'Separated?',
  type: 'radio',
  required: true,
  sensitive: true,
  options: options('Yes', 'No'),
};
const ageThen: Field = {
  id: 'ageThen',
  label: 'Age then',
  type: 'number',
  required: true,
  conditional: { fieldId: 'separated', value: 'Yes' },
};
const experiences: Field = {
  id: 'experiences',
  label: 'Experiences',
  type: 'checkbox',
  sensitive: true,
  options: options('Neglect', 'Other'),
};
const details: Field = {
  id: 'details',
  label: 'Details',
  type: 'textarea',
  required: true,
  conditional: { fieldId: 'experiences', value: 'any' },
};
const form: FormTemplate = {
  formId: 'f',
  formTitle: 'F',
  steps: [{ stepTitle: 'Hard things', fields: [abuse, separated, ageThen, experiences, details] }],
};

describe('progress and check marks with declined answers', () => {
  it.each<[string, Record<string, unknown>, number, boolean]>([
    ['nothing answered', {}, 0, false],
    ['every required question declined', { abuse: DECLINED_ANSWER, separated: DECLINED_ANSWER }, 100, false],
    [
      'every question declined (the section is complete too)',
      { abuse: DECLINED_ANSWER, separated: DECLINED_ANSWER, experiences: DECLINED_ANSWER },
      100,
      true,
    ],
    ['one declined, one missing', { abuse: DECLINED_ANSWER }, 50, false],
    ['declined after "Yes": the follow-up goes', { abuse: 'x', separated: DECLINED_ANSWER }, 100, false],
    ['"Yes" answered: the follow-up counts', { abuse: DECLINED_ANSWER, separated: 'Yes' }, 67, false],
    [
      'a declined checkbox opens no follow-up',
      { abuse: 'x', separated: 'No', experiences: DECLINED_ANSWER },
      100,
      true,
    ],
    ['an empty answer is not declined', { abuse: '', separated: 'No' }, 50, false],
  ])('%s → %i %%, section complete %s', (_case, answers, percent, complete) => {
    expect(recordProgress(form, answers).percent).toBe(percent);
    expect(stepCompletion(form, answers)).toEqual([complete]);
  });

  it('hides the follow-ups of a declined question, in the Life Inventory too', () => {
    const visibility = fieldVisibility(lifeInventoryForm, { childhoodExperiences: DECLINED_ANSWER });
    const follow = lifeInventoryForm.steps
      .flatMap((step) => step.fields)
      .find((f) => f.id === 'childhoodExperienceDetails');
    expect(follow && visibility.isFieldVisible(follow)).toBe(false);
  });
});

describe('report material without declined answers (prepareReportData)', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['a declined answer is left out', { name: 'Ada', abuse: DECLINED_ANSWER }, { name: 'Ada' }],
    ['only declined answers: nothing to report', { abuse: DECLINED_ANSWER, separated: DECLINED_ANSWER }, {}],
    [
      'a declined table cell is left out, its row kept for the other cells',
      { kids__0__name: 'Tom', kids__0__note: DECLINED_ANSWER, kids__0__age: 4 },
      { kids: { '0': { name: 'Tom', age: 4 } } },
    ],
    [
      'a declined cell in the flattened map is left out',
      { flattened: { kids__0__note: DECLINED_ANSWER, kids__0__age: 4 } },
      { kids: { '0': { age: 4 } } },
    ],
    [
      'text reading "Prefer not to answer" is a real answer',
      { abuse: 'Prefer not to answer' },
      { abuse: 'Prefer not to answer' },
    ],
  ])('%s', (_case, data, expected) => {
    expect(prepareReportData(data)).toEqual(expected);
  });
});

describe('the wizard narrative (sent to a model) takes no declined mark', () => {
  it.each(['livingArrangementAfterSeparation', 'childhoodExperiences'])('refuses it as %s', (key) => {
    expect(wizardAnswersSchema.safeParse({ [key]: DECLINED_ANSWER }).success).toBe(false);
  });
});
