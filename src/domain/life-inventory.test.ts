import { describe, expect, it } from 'vitest';
import { type Field, parseFormTemplate } from './form-template.ts';
import { LIFE_INVENTORY_SECTION_TITLES, lifeInventoryForm } from './life-inventory.ts';
import {
  ASSISTIVE_DEVICES,
  CHILDHOOD_EXPERIENCES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  OTHER_CARETAKERS,
  YES_NO,
} from './life-inventory-choices.ts';

const fields = lifeInventoryForm.steps.flatMap((step) => step.fields);
const fieldById = (id: string): Field => {
  const field = fields.find((candidate) => candidate.id === id);
  if (!field) throw new Error(`no field ${id}`);
  return field;
};

// customer-app §3 "Inventory wizard answers", with dob stored as dateOfBirth (the id age is computed from).
const WIZARD_ANSWERS = [
  'name',
  'dateOfBirth',
  'gender',
  'height',
  'weight',
  'hairColor',
  'eyeColor',
  'assistiveDevices',
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
  'otherCaretakers',
  'otherCaretakerDetails',
  'parentsSeparated',
  'ageAtSeparation',
  'livingArrangementAfterSeparation',
  'ageLeftHome',
  'childhoodExperiences',
  'childhoodExperienceDetails',
  'experiencesStillBother',
  'experiencesStillBotherDetails',
];

describe('the Life Inventory record form', () => {
  it('is a valid form template in the Form/Field format', () => {
    expect(parseFormTemplate(lifeInventoryForm)).toEqual({ ok: true, form: lifeInventoryForm });
    expect(parseFormTemplate(JSON.stringify(lifeInventoryForm))).toEqual({
      ok: true,
      form: lifeInventoryForm,
    });
  });

  it('has the seven question sections of the wizard, titled as the spec says, in order', () => {
    expect(lifeInventoryForm.steps.map((step) => step.stepTitle)).toEqual([
      'Name & Date of Birth',
      'Physical Characteristics',
      'Assistive Devices',
      'Location',
      'Family of Origin - Siblings',
      'Family of Origin - Parents',
      'Family of Origin - Separation',
    ]);
    expect(LIFE_INVENTORY_SECTION_TITLES).toEqual(lifeInventoryForm.steps.map((step) => step.stepTitle));
  });

  it('asks every wizard answer once, in the order of the spec, plus the hidden age and one table', () => {
    const ids = fields.map((field) => field.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id !== 'age' && id !== 'siblingList')).toEqual(WIZARD_ANSWERS);
    expect(fieldById('age').type).toBe('hidden');
  });

  it.each([
    ['gender', ['Woman', 'Man', 'Transgender', 'Non-binary/non-conforming', 'Prefer not to respond']],
    ['hairColor', ['Bald', 'Black', 'Blonde', 'Brown', 'Red', 'Silver', 'Gray', 'Other']],
    ['eyeColor', ['Blue', 'Brown', 'Green', 'Hazel', 'Pink (Albino)', 'Gray']],
    [
      'assistiveDevices',
      [
        'Back Brace',
        'Hand Brace',
        'Neck Brace',
        'Knee Brace',
        'Contact Lenses',
        'Glasses',
        'Cane',
        'Crutches',
        'Hearing Aid',
        'Wheel Chair',
        'Walker',
        'Prosthetic Device',
      ],
    ],
    [
      'otherCaretakers',
      [
        'Stepfather',
        'Stepmother',
        'Adoptive Father',
        'Adoptive Mother',
        'Grandfather',
        'Grandmother',
        'Uncle',
        'Aunt',
        'Foster Father',
        'Foster Mother',
        'Other',
      ],
    ],
    [
      'childhoodExperiences',
      [
        'Separation from family',
        'Emotional abuse',
        'Physical abuse',
        'Sexual abuse',
        'Neglect',
        'Homelessness',
      ],
    ],
    ['parentsSeparated', ['Yes', 'No']],
    ['experiencesStillBother', ['Yes', 'No']],
  ])('offers the enumeration of %s exactly (label equals value)', (id, values) => {
    const options = fieldById(id).options ?? [];
    expect(options.map((option) => option.value)).toEqual(values);
    expect(options.every((option) => option.label === option.value)).toBe(true);
  });

  it('exports the enumerations the wizard screen reuses', () => {
    expect([GENDERS, HAIR_COLORS, EYE_COLORS, ASSISTIVE_DEVICES].map((list) => list.length)).toEqual([
      5, 8, 6, 12,
    ]);
    expect([OTHER_CARETAKERS, CHILDHOOD_EXPERIENCES, YES_NO].map((list) => list.length)).toEqual([11, 6, 2]);
  });

  it.each([
    ['radio', ['gender', 'hairColor', 'eyeColor', 'parentsSeparated', 'experiencesStillBother']],
    ['checkbox', ['assistiveDevices', 'otherCaretakers', 'childhoodExperiences']],
    [
      'number',
      [
        'fullBrothers',
        'halfBrothers',
        'stepBrothers',
        'fullSisters',
        'halfSisters',
        'stepSisters',
        'yearsWithFather',
        'yearsWithMother',
        'ageAtSeparation',
        'ageLeftHome',
      ],
    ],
    ['date', ['dateOfBirth']],
    [
      'textarea',
      ['livingArrangementAfterSeparation', 'childhoodExperienceDetails', 'experiencesStillBotherDetails'],
    ],
  ])('uses %s fields for %j', (type, ids) => {
    for (const id of ids) expect(fieldById(id).type, id).toBe(type);
  });

  it('requires what the wizard requires (customer-app §5), and nothing a person cannot type', () => {
    const required = fields.filter((field) => field.required).map((field) => field.id);
    expect(required).toEqual([
      'name',
      'dateOfBirth',
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
    ]);
  });

  it('carries the conditional rules of customer-app §4', () => {
    const conditionals = Object.fromEntries(
      fields.filter((field) => field.conditional).map((field) => [field.id, field.conditional]),
    );
    expect(conditionals).toEqual({
      otherCaretakerDetails: { fieldId: 'otherCaretakers', value: ['Other'] },
      ageAtSeparation: { fieldId: 'parentsSeparated', value: 'Yes' },
      livingArrangementAfterSeparation: { fieldId: 'parentsSeparated', value: 'Yes' },
      childhoodExperienceDetails: { fieldId: 'childhoodExperiences', value: 'any' },
      experiencesStillBother: { fieldId: 'childhoodExperiences', value: 'any' },
      experiencesStillBotherDetails: { fieldId: 'experiencesStillBother', value: 'Yes' },
    });
    // Each controlling field comes before the field it controls, in the same step.
    for (const step of lifeInventoryForm.steps) {
      step.fields.forEach((field, index) => {
        if (!field.conditional) return;
        const controller = step.fields.findIndex((other) => other.id === field.conditional?.fieldId);
        expect(controller, field.id).toBeGreaterThanOrEqual(0);
        expect(controller, field.id).toBeLessThan(index);
      });
    }
  });

  it('has a siblings table whose relation and contact cells show once the row names a sibling', () => {
    const table = fieldById('siblingList');
    expect(lifeInventoryForm.steps[4]?.fields).toContain(table);
    expect(table).toMatchObject({ type: 'table', label: 'Your siblings, oldest first' });
    expect(table.rows).toHaveLength(4);
    for (const row of table.rows ?? []) {
      expect(row.fields.map((cell) => [cell.id, cell.type])).toEqual([
        ['siblingName', 'text'],
        ['relation', 'radio'],
        ['stillInContact', 'radio'],
      ]);
      expect(row.fields[1]?.options?.map((option) => option.value)).toEqual(['Full', 'Half', 'Step']);
      expect(row.fields[2]?.options?.map((option) => option.value)).toEqual(['Yes', 'No']);
      for (const cell of row.fields.slice(1))
        expect(cell.conditional).toEqual({ fieldId: 'siblingName', value: 'any' });
    }
  });

  it('numbers every visible question, each number once', () => {
    const numbered = fields.filter((field) => field.type !== 'hidden');
    expect(numbered.every((field) => field.number !== undefined)).toBe(true);
    const numbers = numbered.map((field) => String(field.number));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(fieldById('age').number).toBeUndefined();
  });
});
