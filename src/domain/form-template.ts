import { z } from 'zod';
import { groupDigits } from './group-digits.ts';
import { findInputProblem, INPUT_LIMIT_MESSAGES } from './input-limits.ts';

/**
 * The Form/Field format of customer-app §3 and admin-app §3: a form has steps ("sections"), a step
 * has fields, a table field has rows of cell fields. Templates are authored by admins in the form
 * builder and stored as JSON on the inventory type.
 */
export const FIELD_TYPES = [
  'text',
  'date',
  'number',
  'textarea',
  'radio',
  'checkbox',
  'table',
  'hidden',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** admin-app §3: hidden is not offered inside table cells. */
export const CELL_FIELD_TYPES = FIELD_TYPES.filter((type) => type !== 'table' && type !== 'hidden');

export const fieldOptionSchema = z.object({
  label: z.string(),
  value: z.string(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

/** customer-app §5: no conditional or an empty fieldId means always shown; value is 'any', one value or a list. */
export const conditionalSchema = z.object({
  fieldId: z.string(),
  value: z.union([z.string(), z.array(z.string())]),
});
export type Conditional = z.infer<typeof conditionalSchema>;

const baseField = {
  id: z.string().trim().min(1, 'Every field needs an id.'),
  label: z.string(),
  placeholder: z.string().optional(),
  required: z.boolean().optional(),
  value: z.unknown().optional(),
  options: z.array(fieldOptionSchema).optional(),
  /** Display number shown before the label (customer-app §3 Field.number). */
  number: z.union([z.string(), z.number()]).optional(),
  conditional: conditionalSchema.nullable().optional(),
};

export const cellFieldSchema = z.object({ ...baseField, type: z.enum(FIELD_TYPES) });
export type CellField = z.infer<typeof cellFieldSchema>;

export const tableRowSchema = z.object({
  id: z.string().optional(),
  label: z.string().optional(),
  fields: z.array(cellFieldSchema),
});
export type TableRow = z.infer<typeof tableRowSchema>;

/** Issue 28 §1 (decision 121): "Why we ask" help beside a question's label, plain text. */
export const MAX_WHY_WE_ASK_LENGTH = 500;
/** Issue 28 §1 (decision 120): the note shown before a section with hard questions, plain text. */
export const MAX_CONTENT_NOTE_LENGTH = 1_000;

export const fieldSchema = z.object({
  ...baseField,
  type: z.enum(FIELD_TYPES),
  rows: z.array(tableRowSchema).optional(),
  whyWeAsk: z
    .string()
    .max(MAX_WHY_WE_ASK_LENGTH, `"Why we ask" can be at most ${MAX_WHY_WE_ASK_LENGTH} characters.`)
    .optional(),
  /** Issue 28 §3: the question offers "Prefer not to answer" (declined-answer.ts). */
  sensitive: z.boolean().optional(),
});
export type Field = z.infer<typeof fieldSchema>;

export const stepSchema = z.object({
  stepTitle: z.string(),
  fields: z.array(fieldSchema),
  contentNote: z
    .string()
    .max(
      MAX_CONTENT_NOTE_LENGTH,
      `A content note can be at most ${groupDigits(MAX_CONTENT_NOTE_LENGTH)} characters.`,
    )
    .optional(),
});
export type Step = z.infer<typeof stepSchema>;

export const formTemplateSchema = z.object({
  formId: z.string().default('custom-form'),
  formTitle: z.string().default('Custom Form'),
  steps: z.array(stepSchema).default([]),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

/** admin-app §5 Form builder save: the builder says it before saving, the server if it is sent anyway. */
export const DETAILS_REQUIRED_MESSAGE = 'Form name and description are required.';

/** admin-app §3: the default for an empty form. */
export const EMPTY_FORM: FormTemplate = { formId: 'custom-form', formTitle: 'Custom Form', steps: [] };

export type FormParseResult = { ok: true; form: FormTemplate } | { ok: false; error: string };

/**
 * A template as stored or pasted: an object, or a JSON string of one (admin-app §3: "it may arrive
 * as a string and must be parsed"), even encoded twice. Null or empty gives the empty form.
 */
export function parseFormTemplate(input: unknown): FormParseResult {
  let value = input;
  for (let depth = 0; typeof value === 'string' && depth < 3; depth++) {
    if (value.trim() === '') return { ok: true, form: EMPTY_FORM };
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, error: 'Invalid JSON format in form data.' };
    }
  }
  if (value === null || value === undefined) return { ok: true, form: EMPTY_FORM };
  // Issue 25 §7: a template nested thousands of levels deep overflowed the stack as it was written.
  const problem = findInputProblem(value);
  if (problem) return { ok: false, error: INPUT_LIMIT_MESSAGES[problem] };
  const parsed = formTemplateSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `Invalid form template at ${issue?.path.join('.') || 'top level'}: ${issue?.message}`,
    };
  }
  return { ok: true, form: parsed.data };
}
