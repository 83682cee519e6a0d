import type { FormTemplate } from '#domain/form-template.ts';
import { LIFE_INVENTORY_TYPE_NAME, lifeInventoryForm } from '#domain/life-inventory.ts';
import { optionsOf, YES_NO } from '#domain/life-inventory-choices.ts';

/**
 * What `seed-demo` loads so the product can be tried at once (foundation issue, CLI): an
 * organization, the spec's inventory wizard as the "Life Inventory" type, a second small type, two
 * products and a few unassigned records (credits). Everything is found again by its name.
 */
export const DEMO_ORGANIZATION = {
  name: 'Demo Organization',
  phone: '(555) 010-0100',
  website: 'https://example.org',
};

export const FAMILY_STORIES_TYPE_NAME = 'Family Stories';

const TRADITIONS = ['Holidays', 'Recipes', 'Music', 'Faith', 'Sports', 'Other'] as const;

export const familyStoriesForm: FormTemplate = {
  formId: 'family-stories',
  formTitle: FAMILY_STORIES_TYPE_NAME,
  steps: [
    {
      stepTitle: 'Where Your Family Comes From',
      fields: [
        {
          id: 'familyName',
          label: 'Which family names do you carry or grew up with?',
          type: 'text',
          required: true,
          placeholder: 'Family names',
          number: '1',
        },
        {
          id: 'familyOrigin',
          label: 'Where did your family come from, and how did they come to live where you grew up?',
          type: 'textarea',
          required: true,
          placeholder: 'Places, moves, reasons',
          number: '2',
        },
        {
          id: 'heardStories',
          label: 'Did your elders tell stories about the family?',
          type: 'radio',
          options: optionsOf(YES_NO),
          number: '3',
        },
        {
          id: 'favoriteStory',
          label: 'Which of those stories do you remember best?',
          type: 'textarea',
          required: true,
          placeholder: 'Tell the story as you heard it',
          number: '3a',
          conditional: { fieldId: 'heardStories', value: 'Yes' },
        },
      ],
    },
    {
      stepTitle: 'Traditions',
      fields: [
        {
          id: 'traditions',
          label: 'Which traditions did your family keep? Check all that apply.',
          type: 'checkbox',
          options: optionsOf(TRADITIONS),
          number: '4',
        },
        {
          id: 'traditionDetails',
          label: 'Describe the tradition that meant the most to you',
          type: 'textarea',
          placeholder: 'When, who, what happened',
          number: '4a',
          conditional: { fieldId: 'traditions', value: 'any' },
        },
        {
          id: 'messageToFamily',
          label: 'What would you like the next generation of your family to know?',
          type: 'textarea',
          placeholder: 'A message in your own words',
          number: '5',
        },
      ],
    },
  ],
};

export interface DemoInventoryType {
  name: string;
  description: string;
  form: FormTemplate;
  model: string;
  reportQuery: string;
  /** Unassigned records granted to the demo organization, once. */
  demoCredits: number;
}

export const DEMO_INVENTORY_TYPES: DemoInventoryType[] = [
  {
    name: LIFE_INVENTORY_TYPE_NAME,
    description:
      'The guided life inventory: name and birth, physical characteristics, assistive devices, ' +
      'locations and the family of origin.',
    form: lifeInventoryForm,
    model: 'gpt-4o-mini',
    // customer-app §7: the wizard's request (synopsis plus a professional psychological report).
    reportQuery:
      'Write a synopsis of the physical description, location history and family background, ' +
      'followed by a professional psychological report based on these answers.',
    demoCredits: 3,
  },
  {
    name: FAMILY_STORIES_TYPE_NAME,
    description: 'A short record of the stories and traditions a family hands down.',
    form: familyStoriesForm,
    model: 'gpt-4o-mini',
    reportQuery: 'Retell these family stories and traditions as a warm, readable family history.',
    demoCredits: 2,
  },
];

export interface DemoProduct {
  name: string;
  description: string;
  cost: string;
  credits: number;
  inventoryTypeName: string;
}

// stripe_id and stripe_paylink stay empty: the payments sandbox serves the demo.
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: `${LIFE_INVENTORY_TYPE_NAME} — single record`,
    description: 'One Life Inventory record to invite one person.',
    cost: '49.00',
    credits: 1,
    inventoryTypeName: LIFE_INVENTORY_TYPE_NAME,
  },
  {
    name: `${LIFE_INVENTORY_TYPE_NAME} — family pack`,
    description: 'Five Life Inventory records for a family or a small group.',
    cost: '199.00',
    credits: 5,
    inventoryTypeName: LIFE_INVENTORY_TYPE_NAME,
  },
];
