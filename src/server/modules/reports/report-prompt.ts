import type { FormTemplate } from '#domain/form-template.ts';
import { answerSections, questionLabels } from './report-material.ts';
import type { ChatMessage, WritingRequest } from './report-writer.ts';

/** How a model is asked to lay the text out, so the Word download makes headings of it (admin-app §9). */
const FORMAT_RULES =
  'Put each section heading on a line of its own, wrapped in double asterisks, like **Family Background**. ' +
  'Write plain paragraphs otherwise: no Markdown lists or # headings, no HTML.';

export function answersBlock(prepared: Record<string, unknown>): string {
  return `\`\`\`json\n${JSON.stringify(prepared, null, 2)}\n\`\`\``;
}

/**
 * POST /api/reports (admin-app §7): the model is told what to write, the type's report query
 * being part of the instructions; the answers are the prepared record data (customer-app §5,
 * admin-app §5) as JSON, with each question's label.
 */
export function reportRequest(input: {
  model: string;
  typeName: string;
  reportQuery: string | null;
  form: FormTemplate;
  prepared: Record<string, unknown>;
}): WritingRequest {
  const instructions = [
    `You are an experienced, trauma-informed clinician. Write a professional report from one person's ` +
      `answers to the "${input.typeName}" questionnaire. Use only what the answers say; do not invent facts.`,
    FORMAT_RULES,
    input.reportQuery?.trim() ? `Instructions for this questionnaire:\n${input.reportQuery.trim()}` : '',
  ].filter(Boolean);
  const labels = questionLabels(input.form, input.prepared);
  const messages: ChatMessage[] = [
    { role: 'system', content: instructions.join('\n\n') },
    {
      role: 'user',
      content: [
        'The answers, as JSON keyed by question id:',
        answersBlock(input.prepared),
        labels.length > 0 ? `The questions, by id:\n${labels.join('\n')}` : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
    },
  ];
  return { model: input.model, messages, draft: { sections: answerSections(input.form, input.prepared) } };
}

/**
 * POST /api/narrative (customer-app §7 "AI service from the browser", now on the server): one user
 * message asking for a synopsis of physical description, location history and family background
 * plus a professional psychological report, from the form data as JSON.
 */
export function narrativeRequest(input: {
  model: string;
  form: FormTemplate;
  answers: Record<string, unknown>;
}): WritingRequest {
  const content =
    'Based on the following form data, write a synopsis of the person’s physical description, ' +
    'location history and family background, followed by a professional psychological report. ' +
    `${FORMAT_RULES}\n\nForm data (JSON):\n${answersBlock(input.answers)}`;
  return {
    model: input.model,
    messages: [{ role: 'user', content }],
    draft: {
      sections: answerSections(input.form, input.answers),
      closing: [
        {
          title: 'Psychological report',
          sentences: ['A professional psychological report is written by an AI model; none is configured.'],
        },
      ],
    },
  };
}
