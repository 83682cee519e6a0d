import { z } from 'zod';
import { directionControlMessage, hasDirectionControl } from './direction-controls.ts';
import { supportLineFields, supportLineHasText } from './support-line-input.ts';
import { SUPPORT_LINE_MESSAGES } from './support-line-rules.ts';

/**
 * What an admin types into the console's inline rows (admin-app §5), as the one set of schemas the
 * console validates with before sending and the server validates with before writing: a refusal
 * reads the same in both places.
 */

// admin-app §8: a console refusal reads "Access denied. Admins only." (kept with the policy, which
// has no schema library, so the route guard in the main bundle does not pull zod in).
export { ADMINS_ONLY_MESSAGE } from './permissions.ts';

// admin-app §5 Organization add/edit: "Name is required."; an empty phone or website is sent as null.
export const ORGANIZATION_NAME_REQUIRED = 'Name is required.';
const emptyAsNull = (max: number, tooLong: string, field: string) =>
  z
    .string()
    .max(max, tooLong)
    // Issue 38 §5: invisible direction controls could disguise the number or link.
    .refine((value) => !hasDirectionControl(value), directionControlMessage(field))
    .nullish()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value.trim(),
    );

export const organizationInputSchema = z
  .object({
    name: z
      .string(ORGANIZATION_NAME_REQUIRED)
      .trim()
      .min(1, ORGANIZATION_NAME_REQUIRED)
      .max(200, 'The name is too long.')
      .refine((value) => !hasDirectionControl(value), directionControlMessage('The name')),
    phone: emptyAsNull(500, 'Phone and website may hold at most 500 characters.', 'The phone number'),
    website: emptyAsNull(500, 'Phone and website may hold at most 500 characters.', 'The website'),
    // Issue 28 §6: the organization's support line; left out of an update, it stays as stored.
    ...supportLineFields,
  })
  .refine(supportLineHasText, { message: SUPPORT_LINE_MESSAGES.textNeeded, path: ['supportText'] });
export type OrganizationInput = z.output<typeof organizationInputSchema>;

// admin-app §5 User edit: "Name and organization are required."
export const USER_REQUIRED = 'Name and organization are required.';
export const userInputSchema = z.object({
  name: z.string(USER_REQUIRED).trim().min(1, USER_REQUIRED).max(200, 'The name is too long.'),
  organizationId: z.string(USER_REQUIRED).trim().min(1, USER_REQUIRED),
});
export type UserInput = z.output<typeof userInputSchema>;

// admin-app §5 Product add/edit: every field but the paylink is required.
export const PRODUCT_REQUIRED = 'All fields are required.';
export const COST_FORMAT_MESSAGE = 'Cost must be an amount such as 49 or 1,250.00 (dollars and cents).';
export const CREDITS_FORMAT_MESSAGE = 'Credits must be a whole number from 1 to 10,000.';

/**
 * A cost as typed: "49", "49.5", "$1,250.00" (admin-app §5: "a currency-formatted cost is stripped to
 * a number"). Only a dollar sign, spaces and thousands separators in groups of three are stripped, so
 * "1,5" (a decimal comma), "1e309" and "0x10" are refused rather than read as some other amount.
 * Returns the plain decimal, or null when the text is not an amount.
 */
export function parseCost(text: string): string | null {
  const plain = text.trim().replace(/^\$\s*/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(plain)) return null;
  const digits = plain.replace(/,/g, '');
  return /^\d{1,10}(\.\d{1,2})?$/.test(digits) ? digits : null;
}

/** Credits as typed or sent: a whole number written in plain digits (admin-app §5 "credits as an integer"). */
export function parseCredits(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d{1,5}$/.test(text)) return null;
  const credits = Number(text);
  return credits >= 1 && credits <= 10_000 ? credits : null;
}

const requiredText = z
  .string(PRODUCT_REQUIRED)
  .trim()
  .min(1, PRODUCT_REQUIRED)
  .max(5000, 'A field is too long.');

export const productInputSchema = z.object({
  name: requiredText,
  description: requiredText,
  cost: z
    .string(PRODUCT_REQUIRED)
    .trim()
    .min(1, PRODUCT_REQUIRED)
    .transform((text, context) => {
      const cost = parseCost(text);
      if (cost === null) context.addIssue({ code: 'custom', message: COST_FORMAT_MESSAGE });
      return cost ?? z.NEVER;
    }),
  credits: z
    .union([z.number(), z.string().trim().min(1, PRODUCT_REQUIRED)], PRODUCT_REQUIRED)
    .transform((value, context) => {
      const credits = parseCredits(value);
      if (credits === null) context.addIssue({ code: 'custom', message: CREDITS_FORMAT_MESSAGE });
      return credits ?? z.NEVER;
    }),
  inventoryTypeId: requiredText,
  stripeId: requiredText,
  stripePaylink: z
    .string()
    .max(2000, 'The Stripe paylink is too long.')
    .nullish()
    .transform((value) =>
      value === undefined || value === null || value.trim() === '' ? null : value.trim(),
    ),
});
export type ProductInput = z.output<typeof productInputSchema>;

/** The first problem of a refused input, as the console and the server show it. */
export function firstInputProblem(error: z.ZodError, fallback: string): string {
  return error.issues[0]?.message ?? fallback;
}

/** Issue 10: inventory type names are unique, whatever their case. */
export const duplicateInventoryTypeNameMessage = (name: string) =>
  `An inventory type named "${name}" already exists. Choose another name.`;

/**
 * admin-app §9: a clone is named "{name} (2)"; when that name is taken too, the next free number, so
 * cloning twice never collides with the unique names.
 */
export function cloneNameCandidates(name: string, count = 20): string[] {
  return Array.from({ length: count }, (_, index) => `${name} (${index + 2})`);
}

// admin-app §5 Migration: the tool's refusals, told by the console before sending and by the server.
export const MIGRATION_BOTH_REQUIRED = 'Please select both source and target inventory types.';
export const MIGRATION_SAME_TYPE = 'Source and target inventory types must be different.';
export const MIGRATION_TARGET_INVALID = 'Target inventory type form is not valid JSON.';
export const NO_MATCHING_RECORDS = 'No matching reports found.';
export const migrationCompleteMessage = (updated: number) =>
  `Migration complete. Updated ${updated} reports.`;

/** The console's and the server's first check of a migration request, or null when it may go ahead. */
export function migrationChoiceProblem(sourceTypeId: string, targetTypeId: string): string | null {
  if (sourceTypeId.trim() === '' || targetTypeId.trim() === '') return MIGRATION_BOTH_REQUIRED;
  if (sourceTypeId === targetTypeId) return MIGRATION_SAME_TYPE;
  return null;
}
