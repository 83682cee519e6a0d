import type { FieldOption } from './form-template.ts';

/**
 * The answers the inventory wizard offers (customer-app §3 Enumerations, in the spec's order), as the
 * wizard screen renders them and the Life Inventory form (life-inventory.ts) lists them.
 */
export const GENDERS = [
  'Woman',
  'Man',
  'Transgender',
  'Non-binary/non-conforming',
  'Prefer not to respond',
] as const;
export const HAIR_COLORS = ['Bald', 'Black', 'Blonde', 'Brown', 'Red', 'Silver', 'Gray', 'Other'] as const;
export const EYE_COLORS = ['Blue', 'Brown', 'Green', 'Hazel', 'Pink (Albino)', 'Gray'] as const;
export const ASSISTIVE_DEVICES = [
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
] as const;
export const OTHER_CARETAKERS = [
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
] as const;
export const CHILDHOOD_EXPERIENCES = [
  'Separation from family',
  'Emotional abuse',
  'Physical abuse',
  'Sexual abuse',
  'Neglect',
  'Homelessness',
] as const;
/** parentsSeparated and experiencesStillBother. */
export const YES_NO = ['Yes', 'No'] as const;
/** The relation of a sibling in the siblings table (full, half or step, as the sibling counts). */
export const SIBLING_RELATIONS = ['Full', 'Half', 'Step'] as const;

/** Option lists: label equals value, as the form builder makes them (admin-app §5 Options). */
export function optionsOf(values: readonly string[]): FieldOption[] {
  return values.map((value) => ({ label: value, value }));
}
