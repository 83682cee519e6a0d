import { type AnsweredQuestion, answerText } from '#domain/answer-text.ts';
import type { Field, FormTemplate } from '#domain/form-template.ts';
import type { DraftSection } from './report-writer.ts';

/** The title of the section for prepared answers whose question the form no longer has. */
export const OTHER_ANSWERS_TITLE = 'Other answers';

/**
 * An answer as words (src/domain/answer-text.ts, the rule the record screen shows), on one line. A
 * value no question describes that is not plain text (an object) is kept as JSON rather than lost.
 */
function answerLine(question: AnsweredQuestion | undefined, value: unknown): string {
  const text = answerText(question, value);
  if (text !== null) return oneLine(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? oneLine(JSON.stringify(value))
    : '';
}

/** One sentence per line in the draft: an answer's own line breaks become spaces. */
function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** "What is your full name? Ada." / "Height: 170 cm." */
function statement(label: string, answer: string): string {
  const question = oneLine(label) || 'Answer';
  const joined = /[?:.!]$/.test(question) ? `${question} ${answer}` : `${question}: ${answer}`;
  return /[.!?]$/.test(joined) ? joined : `${joined}.`;
}

/** The kept rows of a table (prepareReportData groups them by row index) as one sentence each. */
function tableSentences(table: Field, rows: unknown): string[] {
  if (typeof rows !== 'object' || rows === null) return [];
  return Object.entries(rows as Record<string, Record<string, unknown>>).map(([index, cells]) => {
    const row = table.rows?.[Number(index)];
    // In the template's order of cells (stored JSON does not keep the order answers were typed in).
    const order = (cellId: string) => {
      const at = row?.fields.findIndex((candidate) => candidate.id === cellId) ?? -1;
      return at === -1 ? Number.MAX_SAFE_INTEGER : at;
    };
    const entries = Object.entries(cells).sort(([a], [b]) => order(a) - order(b));
    const parts = entries.map(([cellId, value]) => {
      const cell = row?.fields.find((candidate) => candidate.id === cellId);
      const label = oneLine(cell?.label ?? cellId);
      const answer = answerLine(cell, value);
      return /[?:]$/.test(label) ? `${label} ${answer}` : `${label}: ${answer}`;
    });
    const rowLabel = oneLine(row?.label ?? '') || `${oneLine(table.label)} ${Number(index) + 1}`;
    return `${rowLabel} — ${parts.join('; ')}.`;
  });
}

/**
 * Prepared answers (src/domain/report-data.ts) as sections by step title, each answer a plain
 * sentence with its question's label (DESIGN §1 offline generator). Answers to questions the form
 * no longer has come last, under their keys.
 */
export function answerSections(form: FormTemplate, prepared: Record<string, unknown>): DraftSection[] {
  const used = new Set<string>();
  const sections = form.steps.map((step, index) => {
    const sentences: string[] = [];
    for (const field of step.fields) {
      if (!Object.hasOwn(prepared, field.id) || used.has(field.id)) continue;
      used.add(field.id);
      const value = prepared[field.id];
      if (field.type === 'table') sentences.push(...tableSentences(field, value));
      else sentences.push(statement(field.label, answerLine(field, value)));
    }
    return { title: oneLine(step.stepTitle) || `Section ${index + 1}`, sentences };
  });
  const others = Object.entries(prepared)
    .filter(([key]) => !used.has(key))
    .map(([key, value]) => statement(key, answerLine(undefined, value)));
  return [
    ...sections.filter((section) => section.sentences.length > 0),
    ...(others.length > 0 ? [{ title: OTHER_ANSWERS_TITLE, sentences: others }] : []),
  ];
}

/** Each question's label by answer key, for the model (ids alone such as `q17` say nothing). */
export function questionLabels(form: FormTemplate, prepared: Record<string, unknown>): string[] {
  const lines = form.steps
    .flatMap((step) => step.fields)
    .filter((field) => Object.hasOwn(prepared, field.id))
    .map((field) => `- ${field.id}: ${oneLine(field.label)}`);
  return [...new Set(lines)];
}
