import { z } from 'zod';
import { fieldVisibility, withoutHiddenAnswers } from './field-visibility.ts';
import type { Field, FormTemplate } from './form-template.ts';
import { lifeInventoryForm } from './life-inventory.ts';
import {
  ASSISTIVE_DEVICES,
  CHILDHOOD_EXPERIENCES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  OTHER_CARETAKERS,
  YES_NO,
} from './life-inventory-choices.ts';

/**
 * The inventory wizard (customer-app §2 Inventory, §3 wizard answers, §4 conditionals, §5 required
 * fields): its seven question steps are the Life Inventory form's (src/domain/life-inventory.ts),
 * so questions, enumerations and conditional rules are written once. The wizard leaves out what
 * only the record form has (the hidden age and the siblings table) and answers the birth date as
 * `dob`, its §3 key. Step 8 reviews and signs, step 9 shows the narrative.
 */
export const WIZARD_STEP_COUNT = 9;
export const REVIEW_STEP = 8;
export const NARRATIVE_STEP = 9;

// customer-app §3 "Inventory wizard answers (all text)", lists marked "(list)".
export const WIZARD_LIST_KEYS = ['assistiveDevices', 'otherCaretakers', 'childhoodExperiences'] as const;
export const WIZARD_TEXT_KEYS = [
  'name',
  'dob',
  'gender',
  'height',
  'weight',
  'hairColor',
  'eyeColor',
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
  'parentsSeparated',
  'ageAtSeparation',
  'livingArrangementAfterSeparation',
  'ageLeftHome',
  'childhoodExperienceDetails',
  'experiencesStillBother',
  'experiencesStillBotherDetails',
] as const;
export type WizardListKey = (typeof WIZARD_LIST_KEYS)[number];
export type WizardTextKey = (typeof WIZARD_TEXT_KEYS)[number];
export type WizardAnswerKey = WizardListKey | WizardTextKey;

/** How the wizard shows a question: §5 "Dates and numbers are free text with no format check". */
export type WizardFieldKind = 'text' | 'textarea' | 'radio' | 'checkbox';

export interface WizardField {
  id: WizardAnswerKey;
  label: string;
  kind: WizardFieldKind;
  /** customer-app §5: every text input of a step is required, detail fields when shown. */
  required: boolean;
  placeholder?: string;
  /** Radio and checkbox choices (customer-app §3 Enumerations). */
  options: readonly string[];
  /** The record form's field, whose conditional decides when the question is shown (§4). */
  field: Field;
}

export interface WizardStep {
  /** 1 to 7. */
  number: number;
  title: string;
  fields: WizardField[];
}

const FORM_ID_TO_WIZARD_KEY: Record<string, WizardAnswerKey> = { dateOfBirth: 'dob' };

function toWizardField(field: Field): WizardField {
  const id = FORM_ID_TO_WIZARD_KEY[field.id] ?? (field.id as WizardAnswerKey);
  const kind: WizardFieldKind =
    field.type === 'radio' || field.type === 'checkbox' || field.type === 'textarea' ? field.type : 'text';
  return {
    id,
    label: field.label,
    kind,
    required: Boolean(field.required) && (kind === 'text' || kind === 'textarea'),
    ...(field.placeholder ? { placeholder: field.placeholder } : {}),
    options: (field.options ?? []).map((option) => option.value),
    field: { ...field, id },
  };
}

/** customer-app §2: steps 1–7, titled as the spec lists them. */
export const WIZARD_STEPS: readonly WizardStep[] = lifeInventoryForm.steps.map((step, index) => ({
  number: index + 1,
  title: step.stepTitle,
  fields: step.fields.filter((field) => field.type !== 'hidden' && field.type !== 'table').map(toWizardField),
}));

/** The wizard's questions as a form template: for the shared visibility rules, and for labels. */
export const WIZARD_FORM: FormTemplate = {
  formId: 'inventory-wizard',
  formTitle: 'Inventory',
  steps: WIZARD_STEPS.map((step) => ({ stepTitle: step.title, fields: step.fields.map((f) => f.field) })),
};

export type WizardAnswers = Record<WizardTextKey, string> & Record<WizardListKey, string[]>;

export function emptyWizardAnswers(): WizardAnswers {
  return Object.fromEntries([
    ...WIZARD_TEXT_KEYS.map((key) => [key, '']),
    ...WIZARD_LIST_KEYS.map((key) => [key, []]),
  ]) as WizardAnswers;
}

/** customer-app §4: whether a question is shown for these answers (its controller shown and matched). */
export function isWizardFieldShown(field: WizardField, answers: Partial<WizardAnswers>): boolean {
  return fieldVisibility(WIZARD_FORM, answers).isFieldVisible(field.field);
}

/** The answers without those of follow-ups the person can no longer see (decision 020 §10). */
export function visibleWizardAnswers(answers: Partial<WizardAnswers>): Partial<WizardAnswers> {
  return withoutHiddenAnswers(WIZARD_FORM, answers) as Partial<WizardAnswers>;
}

/** The wizard's questions by answer key (labels for prompts and drafts). */
export const WIZARD_FIELDS_BY_KEY: ReadonlyMap<WizardAnswerKey, WizardField> = new Map(
  WIZARD_STEPS.flatMap((step) => step.fields.map((field) => [field.id, field] as const)),
);

// The server's check of a submitted wizard (POST /api/narrative): each answer of its kind, choices
// from the enumerations, text of a sensible length. Unknown keys are dropped.
const TEXT_MAX = 5000;
const text = z.string().max(TEXT_MAX, `An answer is too long (at most ${TEXT_MAX} characters).`);
const oneOf = (values: readonly string[]) => `must be one of: ${values.join(', ')}`;
const choice = (values: readonly string[]) =>
  z
    .string()
    .refine((value) => value === '' || values.includes(value), oneOf(values))
    .default('');
const choices = (values: readonly string[]) =>
  z
    .array(z.string().refine((value) => values.includes(value), oneOf(values)))
    .max(values.length)
    .default([]);

const textAnswers = Object.fromEntries(WIZARD_TEXT_KEYS.map((key) => [key, text.default('')])) as Record<
  WizardTextKey,
  z.ZodDefault<z.ZodString>
>;

export const wizardAnswersSchema = z.object({
  ...textAnswers,
  gender: choice(GENDERS),
  hairColor: choice(HAIR_COLORS),
  eyeColor: choice(EYE_COLORS),
  parentsSeparated: choice(YES_NO),
  experiencesStillBother: choice(YES_NO),
  assistiveDevices: choices(ASSISTIVE_DEVICES),
  otherCaretakers: choices(OTHER_CARETAKERS),
  childhoodExperiences: choices(CHILDHOOD_EXPERIENCES),
}) satisfies z.ZodType<WizardAnswers>;
