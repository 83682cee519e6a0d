import { type FormTemplate, parseFormTemplate, stepSchema } from './form-template.ts';
import { isPlainObject } from './record-form-data.ts';

// Kept apart from record-form-data.ts: this rule validates with zod, which the record screen no
// longer loads (issue 15 §2/§3): the server resolves a record's form and the browser trusts it.

/**
 * The form a record is filled in with. customer-app §3 record data may carry its own `steps` (a copy
 * taken when the record was set up; admin-app §5 migration replaces it with the target form's): when
 * it holds valid steps, the record keeps the questions it was started with. Otherwise the inventory
 * type's form. Null with the reason when neither is a valid form (decision 060).
 */
export function formOfRecord(
  typeForm: unknown,
  data: unknown,
): { ok: true; form: FormTemplate } | { ok: false; error: string } {
  const type = parseFormTemplate(typeForm);
  const ownSteps = isPlainObject(data) ? data.steps : undefined;
  if (Array.isArray(ownSteps) && ownSteps.length > 0) {
    const steps = stepSchema.array().safeParse(ownSteps);
    if (steps.success) {
      const base = type.ok ? type.form : { formId: 'custom-form', formTitle: 'Custom Form' };
      return { ok: true, form: { formId: base.formId, formTitle: base.formTitle, steps: steps.data } };
    }
  }
  return type;
}

/** The record's form as the API answers it (LifeRecord.form): the template, or why there is none. */
export function recordFormAnswer(
  typeForm: unknown,
  data: unknown,
): { template: FormTemplate | null; problem: string | null } {
  const form = formOfRecord(typeForm, data);
  return form.ok ? { template: form.form, problem: null } : { template: null, problem: form.error };
}
