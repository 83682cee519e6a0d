import { describe, expect, it } from 'vitest';
import {
  emptyWizardAnswers,
  isWizardFieldShown,
  visibleWizardAnswers,
  WIZARD_FIELDS_BY_KEY,
  WIZARD_LIST_KEYS,
  WIZARD_STEPS,
  WIZARD_TEXT_KEYS,
  type WizardAnswerKey,
  type WizardAnswers,
  wizardAnswersSchema,
} from './inventory-wizard.ts';
import {
  ASSISTIVE_DEVICES,
  CHILDHOOD_EXPERIENCES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  OTHER_CARETAKERS,
  YES_NO,
} from './life-inventory-choices.ts';

const field = (id: WizardAnswerKey) => {
  const found = WIZARD_FIELDS_BY_KEY.get(id);
  if (!found) throw new Error(`no wizard field ${id}`);
  return found;
};
const answers = (overrides: Partial<WizardAnswers>): WizardAnswers => ({
  ...emptyWizardAnswers(),
  ...overrides,
});

describe('inventory wizard (customer-app §2 Inventory, §3, §4, §5)', () => {
  it('has the seven question steps of the spec, in order', () => {
    expect(WIZARD_STEPS.map((step) => `${step.number}. ${step.title}`)).toEqual([
      '1. Name & Date of Birth',
      '2. Physical Characteristics',
      '3. Assistive Devices',
      '4. Location',
      '5. Family of Origin - Siblings',
      '6. Family of Origin - Parents',
      '7. Family of Origin - Separation',
    ]);
  });

  it('asks for exactly the answers of §3, each once', () => {
    const asked = WIZARD_STEPS.flatMap((step) => step.fields.map((f) => f.id));
    expect(new Set(asked).size).toBe(asked.length);
    expect([...asked].sort()).toEqual([...WIZARD_TEXT_KEYS, ...WIZARD_LIST_KEYS].sort());
  });

  it.each<[WizardAnswerKey, readonly string[], 'radio' | 'checkbox']>([
    ['gender', GENDERS, 'radio'],
    ['hairColor', HAIR_COLORS, 'radio'],
    ['eyeColor', EYE_COLORS, 'radio'],
    ['assistiveDevices', ASSISTIVE_DEVICES, 'checkbox'],
    ['otherCaretakers', OTHER_CARETAKERS, 'checkbox'],
    ['childhoodExperiences', CHILDHOOD_EXPERIENCES, 'checkbox'],
    ['parentsSeparated', YES_NO, 'radio'],
    ['experiencesStillBother', YES_NO, 'radio'],
  ])('%s offers the enumeration of §3', (id, values, kind) => {
    expect(field(id).kind).toBe(kind);
    expect(field(id).options).toEqual(values);
  });

  it('requires the text inputs of §5 and nothing else', () => {
    const required = WIZARD_STEPS.flatMap((step) => step.fields.filter((f) => f.required).map((f) => f.id));
    expect(required.sort()).toEqual(
      [
        'name',
        'dob',
        'height',
        'weight',
        'cityOfBirth',
        'stateOfBirth',
        'longestLivedLocation',
        'fullBrothers',
        'halfBrothers',
        'stepBrothers',
        'fullSisters',
        'halfSisters',
        'stepSisters',
        'yearsWithFather',
        'yearsWithMother',
        'otherCaretakerDetails',
        'ageAtSeparation',
        'livingArrangementAfterSeparation',
        'ageLeftHome',
        'childhoodExperienceDetails',
        'experiencesStillBotherDetails',
      ].sort(),
    );
  });

  it('shows dates and numbers as free text (§5: no format check)', () => {
    expect(field('dob').kind).toBe('text');
    expect(field('fullBrothers').kind).toBe('text');
    expect(field('ageLeftHome').kind).toBe('text');
  });

  it.each<[string, WizardAnswerKey, Partial<WizardAnswers>, boolean]>([
    ['"Please specify" hidden without Other', 'otherCaretakerDetails', { otherCaretakers: ['Aunt'] }, false],
    [
      '"Please specify" shown with Other',
      'otherCaretakerDetails',
      { otherCaretakers: ['Aunt', 'Other'] },
      true,
    ],
    ['age at separation hidden before an answer', 'ageAtSeparation', {}, false],
    ['age at separation hidden for No', 'ageAtSeparation', { parentsSeparated: 'No' }, false],
    ['age at separation shown for Yes', 'ageAtSeparation', { parentsSeparated: 'Yes' }, true],
    [
      'living arrangement shown for Yes',
      'livingArrangementAfterSeparation',
      { parentsSeparated: 'Yes' },
      true,
    ],
    [
      'living arrangement hidden for No',
      'livingArrangementAfterSeparation',
      { parentsSeparated: 'No' },
      false,
    ],
    ['experience details hidden with none checked', 'childhoodExperienceDetails', {}, false],
    [
      'experience details shown with one checked',
      'childhoodExperienceDetails',
      { childhoodExperiences: ['Neglect'] },
      true,
    ],
    [
      '"still bother" shown with one checked',
      'experiencesStillBother',
      { childhoodExperiences: ['Neglect'] },
      true,
    ],
    [
      '"still bother" hidden with none checked',
      'experiencesStillBother',
      { experiencesStillBother: 'Yes' },
      false,
    ],
    [
      'bother details shown for Yes',
      'experiencesStillBotherDetails',
      { childhoodExperiences: ['Neglect'], experiencesStillBother: 'Yes' },
      true,
    ],
    [
      'bother details hidden for No',
      'experiencesStillBotherDetails',
      { childhoodExperiences: ['Neglect'], experiencesStillBother: 'No' },
      false,
    ],
    [
      'bother details hidden once no experience is checked, even after Yes',
      'experiencesStillBotherDetails',
      { childhoodExperiences: [], experiencesStillBother: 'Yes' },
      false,
    ],
    ['an unconditional question', 'ageLeftHome', {}, true],
  ])('%s (§4)', (_case, id, given, shown) => {
    expect(isWizardFieldShown(field(id), answers(given))).toBe(shown);
  });

  it('passes on only the answers of questions still shown', () => {
    const given = answers({
      name: 'Ada',
      parentsSeparated: 'No',
      ageAtSeparation: '7',
      otherCaretakers: ['Aunt'],
      otherCaretakerDetails: 'A neighbour',
    });
    const visible = visibleWizardAnswers(given);
    expect(visible.name).toBe('Ada');
    expect(visible.parentsSeparated).toBe('No');
    expect(visible).not.toHaveProperty('ageAtSeparation');
    expect(visible).not.toHaveProperty('otherCaretakerDetails');
  });

  describe('the server’s check of submitted answers', () => {
    it('accepts a filled wizard and fills in what is missing', () => {
      const parsed = wizardAnswersSchema.parse({ name: 'Ada', gender: 'Woman', assistiveDevices: ['Cane'] });
      expect(parsed).toEqual(answers({ name: 'Ada', gender: 'Woman', assistiveDevices: ['Cane'] }));
    });

    it('drops keys the wizard does not ask', () => {
      expect(wizardAnswersSchema.parse({ name: 'Ada', isAdmin: true })).not.toHaveProperty('isAdmin');
    });

    it.each<[string, Record<string, unknown>]>([
      ['a choice outside the enumeration', { gender: 'Robot' }],
      ['a list entry outside the enumeration', { otherCaretakers: ['Butler'] }],
      ['a list given as text', { otherCaretakers: 'Aunt' }],
      ['a number where text is expected', { name: 42 }],
      ['an answer of 5001 characters', { name: 'x'.repeat(5001) }],
    ])('refuses %s', (_case, input) => {
      expect(wizardAnswersSchema.safeParse(input).success).toBe(false);
    });
  });
});
