import type { CellField, Field, FormTemplate, TableRow } from './form-template.ts';
import { SEPARATION_CONTENT_NOTE, WHY_EXPERIENCES, WHY_SEPARATION } from './life-inventory-care.ts';
import {
  ASSISTIVE_DEVICES,
  CHILDHOOD_EXPERIENCES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  OTHER_CARETAKERS,
  optionsOf,
  SIBLING_RELATIONS,
  YES_NO,
} from './life-inventory-choices.ts';

/**
 * The spec's inventory wizard (customer-app §2 Inventory, §3 answers and enumerations, §4
 * conditionals, §5 required fields) as a record form (Form/Field format of customer-app §3) for
 * the "Life Inventory" inventory type. Field ids are the wizard's answer keys, except the birth date: its id is
 * `dateOfBirth`, the id the hidden `age` field is computed from (customer-app §3).
 */
export const LIFE_INVENTORY_TYPE_NAME = 'Life Inventory';

/** customer-app §2: the seven question steps of the wizard (steps 8 and 9 are review and narrative). */
export const LIFE_INVENTORY_SECTION_TITLES = [
  'Name & Date of Birth',
  'Physical Characteristics',
  'Assistive Devices',
  'Location',
  'Family of Origin - Siblings',
  'Family of Origin - Parents',
  'Family of Origin - Separation',
] as const;

const SIBLING_TABLE_ROWS = 4;

function siblingRow(index: number): TableRow {
  // customer-app §5: a cell's conditional names a cell of the same row (combined with row and cell ids).
  const whenNamed = { fieldId: 'siblingName', value: 'any' };
  const cells: CellField[] = [
    { id: 'siblingName', label: 'First name', type: 'text', placeholder: 'First name' },
    {
      id: 'relation',
      label: 'Relation',
      type: 'radio',
      options: optionsOf(SIBLING_RELATIONS),
      conditional: whenNamed,
    },
    {
      id: 'stillInContact',
      label: 'Still in contact?',
      type: 'radio',
      options: optionsOf(YES_NO),
      conditional: whenNamed,
    },
  ];
  return { id: `sibling-${index + 1}`, label: `Sibling ${index + 1}`, fields: cells };
}

function count(id: string, label: string, number: string): Field {
  return { id, label, type: 'number', required: true, placeholder: '0', number };
}

const steps: {
  stepTitle: (typeof LIFE_INVENTORY_SECTION_TITLES)[number];
  fields: Field[];
  contentNote?: string;
}[] = [
  {
    stepTitle: 'Name & Date of Birth',
    fields: [
      {
        id: 'name',
        label: 'What is your full name?',
        type: 'text',
        required: true,
        placeholder: 'First, middle and last name',
        number: '1',
      },
      { id: 'dateOfBirth', label: 'What is your date of birth?', type: 'date', required: true, number: '2' },
      // customer-app §3: computed from dateOfBirth as whole years; never shown.
      { id: 'age', label: 'Age', type: 'hidden' },
    ],
  },
  {
    stepTitle: 'Physical Characteristics',
    fields: [
      { id: 'gender', label: 'Gender', type: 'radio', options: optionsOf(GENDERS), number: '3' },
      {
        id: 'height',
        label: 'Height',
        type: 'text',
        required: true,
        placeholder: 'e.g. 5 ft 7 in or 170 cm',
        number: '4',
      },
      {
        id: 'weight',
        label: 'Weight',
        type: 'text',
        required: true,
        placeholder: 'e.g. 150 lb or 68 kg',
        number: '5',
      },
      { id: 'hairColor', label: 'Hair color', type: 'radio', options: optionsOf(HAIR_COLORS), number: '6' },
      { id: 'eyeColor', label: 'Eye color', type: 'radio', options: optionsOf(EYE_COLORS), number: '7' },
    ],
  },
  {
    stepTitle: 'Assistive Devices',
    fields: [
      {
        id: 'assistiveDevices',
        label: 'Which assistive devices do you use? Check all that apply.',
        type: 'checkbox',
        options: optionsOf(ASSISTIVE_DEVICES),
        number: '8',
      },
    ],
  },
  {
    stepTitle: 'Location',
    fields: [
      {
        id: 'cityOfBirth',
        label: 'In which city were you born?',
        type: 'text',
        required: true,
        placeholder: 'City',
        number: '9',
      },
      {
        // customer-app §5: every text input of a wizard step is required.
        id: 'stateOfBirth',
        label: 'In which state (or region) were you born?',
        type: 'text',
        required: true,
        placeholder: 'State or region',
        number: '10',
      },
      {
        id: 'longestLivedLocation',
        label: 'Where have you lived the longest?',
        type: 'text',
        required: true,
        placeholder: 'City and state',
        number: '11',
      },
    ],
  },
  {
    stepTitle: 'Family of Origin - Siblings',
    fields: [
      count('fullBrothers', 'How many full brothers do you have?', '12'),
      count('halfBrothers', 'How many half brothers do you have?', '13'),
      count('stepBrothers', 'How many stepbrothers do you have?', '14'),
      count('fullSisters', 'How many full sisters do you have?', '15'),
      count('halfSisters', 'How many half sisters do you have?', '16'),
      count('stepSisters', 'How many stepsisters do you have?', '17'),
      {
        id: 'siblingList',
        label: 'Your siblings, oldest first',
        type: 'table',
        number: '18',
        rows: Array.from({ length: SIBLING_TABLE_ROWS }, (_, index) => siblingRow(index)),
      },
    ],
  },
  {
    stepTitle: 'Family of Origin - Parents',
    fields: [
      count('yearsWithFather', 'How many years did you live with your father?', '19'),
      count('yearsWithMother', 'How many years did you live with your mother?', '20'),
      {
        id: 'otherCaretakers',
        label: 'Who else took care of you while you were growing up? Check all that apply.',
        type: 'checkbox',
        options: optionsOf(OTHER_CARETAKERS),
        number: '21',
      },
      {
        // customer-app §4: "Please specify" only when the Other caretaker is checked.
        id: 'otherCaretakerDetails',
        label: 'Please specify',
        type: 'text',
        required: true,
        placeholder: 'Who else took care of you?',
        number: '21a',
        conditional: { fieldId: 'otherCaretakers', value: ['Other'] },
      },
    ],
  },
  {
    stepTitle: 'Family of Origin - Separation',
    contentNote: SEPARATION_CONTENT_NOTE,
    fields: [
      {
        id: 'parentsSeparated',
        whyWeAsk: WHY_SEPARATION,
        sensitive: true,
        label: 'Did your parents separate or divorce?',
        type: 'radio',
        options: optionsOf(YES_NO),
        number: '22',
      },
      {
        // customer-app §4: age at separation and living arrangement only when parentsSeparated is Yes.
        id: 'ageAtSeparation',
        whyWeAsk: WHY_SEPARATION,
        sensitive: true,
        label: 'How old were you when they separated?',
        type: 'number',
        required: true,
        placeholder: 'Age in years',
        number: '22a',
        conditional: { fieldId: 'parentsSeparated', value: 'Yes' },
      },
      {
        id: 'livingArrangementAfterSeparation',
        whyWeAsk: WHY_SEPARATION,
        sensitive: true,
        label: 'Whom did you live with after the separation?',
        type: 'textarea',
        required: true,
        placeholder: 'Describe your living arrangement after the separation',
        number: '22b',
        conditional: { fieldId: 'parentsSeparated', value: 'Yes' },
      },
      {
        id: 'ageLeftHome',
        label: 'How old were you when you left home?',
        type: 'number',
        required: true,
        placeholder: 'Age in years',
        number: '23',
      },
      {
        id: 'childhoodExperiences',
        whyWeAsk: WHY_EXPERIENCES,
        sensitive: true,
        label: 'Did you experience any of the following as a child? Check all that apply.',
        type: 'checkbox',
        options: optionsOf(CHILDHOOD_EXPERIENCES),
        number: '24',
      },
      {
        // customer-app §4: details and "still bother" only when at least one experience is checked.
        id: 'childhoodExperienceDetails',
        whyWeAsk: WHY_EXPERIENCES,
        sensitive: true,
        label: 'Please describe these experiences',
        type: 'textarea',
        required: true,
        placeholder: 'Share as much or as little as you are comfortable with',
        number: '24a',
        conditional: { fieldId: 'childhoodExperiences', value: 'any' },
      },
      {
        id: 'experiencesStillBother',
        whyWeAsk: WHY_EXPERIENCES,
        sensitive: true,
        label: 'Do these experiences still bother you?',
        type: 'radio',
        options: optionsOf(YES_NO),
        number: '24b',
        conditional: { fieldId: 'childhoodExperiences', value: 'any' },
      },
      {
        // customer-app §4: bother details only when still bother is Yes.
        id: 'experiencesStillBotherDetails',
        whyWeAsk: WHY_EXPERIENCES,
        sensitive: true,
        label: 'How do they still bother you?',
        type: 'textarea',
        required: true,
        placeholder: 'Describe how these experiences affect you today',
        number: '24c',
        conditional: { fieldId: 'experiencesStillBother', value: 'Yes' },
      },
    ],
  },
];

export const lifeInventoryForm: FormTemplate = {
  formId: 'life-inventory',
  formTitle: LIFE_INVENTORY_TYPE_NAME,
  steps,
};
