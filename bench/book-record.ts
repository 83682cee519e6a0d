import type { FormTemplate } from '../src/domain/form-template.ts';
import { generatedForm } from './generated-form.ts';

/**
 * Issue 42 §5: the record the book is measured on. The benchmarks' 500-question form over `sections`
 * sections, every question answered as a person would: a sentence, three paragraphs of narrative,
 * a number, a choice, a ticked list, a date; accents and Greek and Cyrillic letters in the text.
 */
const SENTENCE =
  'We walked to the river every Sunday, and Grand-mère Zoë told us about Θεσσαλονίκη and Москва.';
const NARRATIVE = [
  'The house on Mill Lane had a kitchen that smelled of bread and paint, and a garden that went on forever when I was small. My brother and I built a raft there one summer and it sank at once.',
  'When we moved, I kept a box of letters under my bed. I still have some of them, and reading them now I hear my mother’s voice, quick and warm and a little impatient.',
  'Later I understood how hard those years were for her. She never said so. She sang while she worked, and that is what I remember best.',
].join('\n');

export function bookBenchRecord(
  questions = 500,
  sections = 20,
): { form: FormTemplate; data: Record<string, unknown> } {
  const form = generatedForm(questions, sections);
  const data: Record<string, unknown> = { currentStep: 0 };
  form.steps.forEach((step) => {
    for (const field of step.fields) {
      const index = Number(field.id.slice(1));
      switch (field.type) {
        case 'text':
          data[field.id] = `${SENTENCE} (${index + 1})`;
          break;
        case 'textarea':
          data[field.id] = NARRATIVE;
          break;
        case 'number':
          data[field.id] = index;
          break;
        case 'radio':
          data[field.id] = 'Yes';
          break;
        case 'checkbox':
          data[field.id] = ['Yes', 'Sometimes', 'Never'];
          break;
        default:
          data[field.id] = `19${String(index % 90).padStart(2, '0')}-0${(index % 9) + 1}-1${index % 9}`;
      }
    }
  });
  return { form, data };
}
