import { isDeclined } from './declined-answer.ts';
import { answerSlots } from './form-answer-keys.ts';
import { type FormTemplate, formTemplateSchema } from './form-template.ts';

/**
 * Issue 44 §5: the questions a person chose "Prefer not to answer" for, named as people read them
 * (the field's label, "Table › Row › Cell" for a cell) from the form the record is answered
 * against; a key the form does not know (an older version's) is shown as stored.
 */
export function declinedQuestions(answers: Readonly<Record<string, unknown>>, form: unknown): string[] {
  const parsed = formTemplateSchema.safeParse(form);
  const labels = new Map(
    (parsed.success ? answerSlots(parsed.data as FormTemplate) : []).map((slot) => [slot.key, slot.label]),
  );
  return Object.entries(answers)
    .filter(([, value]) => isDeclined(value))
    .map(([key]) => labels.get(key)?.trim() || key);
}
