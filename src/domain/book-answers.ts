import { isFilledValue } from './answer-completeness.ts';
import { isDeclined } from './declined-answer.ts';
import type { FieldVisibility } from './field-visibility.ts';
import type { CellField, Field } from './form-template.ts';
import { tableAnswerKey } from './table-answer-keys.ts';

/**
 * Issue 42 §2: one answer as a part of the book. Text and long text are paragraphs (the wizard's
 * narrative stays the person's prose), choices their labels, checkboxes a list, dates in the
 * person's locale, tables a table with its header row. A declined question is a block of its own,
 * shown only when the person chose to include it.
 */
export type BookBlock =
  | { readonly kind: 'answer'; readonly question: string | null; readonly paragraphs: readonly string[] }
  | { readonly kind: 'list'; readonly question: string | null; readonly items: readonly string[] }
  | {
      readonly kind: 'table';
      /** A table always keeps its name: without it the columns say nothing. */
      readonly caption: string;
      readonly columns: readonly string[];
      /** Whether the rows carry a heading of their own ("Sibling 1"): a first column of row headers. */
      readonly rowHeadings: boolean;
      readonly rows: readonly BookTableRow[];
    }
  | { readonly kind: 'declined'; readonly question: string };

export interface BookTableRow {
  readonly heading: string | null;
  readonly cells: readonly string[];
}

export interface BlockContext {
  readonly answers: Readonly<Record<string, unknown>>;
  readonly visibility: FieldVisibility;
  readonly locale: string;
  readonly showQuestions: boolean;
  readonly includeDeclined: boolean;
}

/** The words people read as a declined answer (decision 121). */
export const DECLINED_IN_BOOK = 'I chose not to answer this question.';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    // UTC: a stored date has no time of day, so no time zone may move it to the day before.
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date answer ("1956-03-08") in the person's locale ("8 March 1956"); other text as it was typed. */
export function bookDate(value: string, locale: string): string {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return value.trim();
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return value.trim();
  return dateFormat(locale).format(date);
}

/** Text as paragraphs: each line the person typed is one, blank lines fall away. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function optionLabel(question: Pick<CellField, 'options'>, value: unknown): string {
  const text = String(value).trim();
  return question.options?.find((option) => option.value === text)?.label.trim() || text;
}

/** One answer value as the words of a cell or a sentence; '' when it holds nothing. */
export function answerWords(question: Pick<CellField, 'type' | 'options'>, value: unknown, locale: string) {
  if (!isFilledValue(value) || isDeclined(value)) return '';
  if (value === true) return 'Yes';
  const entries = (Array.isArray(value) ? value : [value]).filter(isFilledValue);
  if (question.type === 'date') return entries.map((entry) => bookDate(String(entry), locale)).join(', ');
  return entries.map((entry) => optionLabel(question, entry)).join(', ');
}

function questionOf(field: Pick<Field, 'label' | 'id'>, context: BlockContext): string | null {
  return context.showQuestions ? field.label.trim() || null : null;
}

function tableBlock(field: Field, context: BlockContext): BookBlock | null {
  const columns: { id: string; label: string }[] = [];
  for (const row of field.rows ?? [])
    for (const cell of row.fields)
      if (!columns.some((column) => column.id === cell.id))
        columns.push({ id: cell.id, label: cell.label.trim() || cell.id });
  const rows: BookTableRow[] = [];
  (field.rows ?? []).forEach((row, rowIndex) => {
    const cells = columns.map(({ id }) => {
      const cell = row.fields.find((candidate) => candidate.id === id);
      if (!cell || cell.type === 'hidden' || !context.visibility.isCellVisible(field, rowIndex, cell))
        return '';
      return answerWords(cell, context.answers[tableAnswerKey(field.id, rowIndex, cell.id)], context.locale);
    });
    if (cells.some((cell) => cell !== '')) rows.push({ heading: row.label?.trim() || null, cells });
  });
  if (rows.length === 0) return null;
  return {
    kind: 'table',
    caption: field.label.trim() || field.id,
    columns: columns.map((column) => column.label),
    rowHeadings: rows.some((row) => row.heading !== null),
    rows,
  };
}

/** The block of one question of a section, or null when it adds nothing to the book. */
export function bookBlockOf(field: Field, context: BlockContext): BookBlock | null {
  if (field.type === 'hidden' || !context.visibility.isFieldVisible(field)) return null;
  if (field.type === 'table') return tableBlock(field, context);
  const value = context.answers[field.id];
  if (isDeclined(value)) {
    const question = field.label.trim();
    return context.includeDeclined && context.showQuestions && question
      ? { kind: 'declined', question }
      : null;
  }
  const question = questionOf(field, context);
  if (field.type === 'checkbox' && (field.options?.length ?? 0) > 0) {
    const items = (Array.isArray(value) ? value : [value])
      .filter(isFilledValue)
      .map((entry) => optionLabel(field, entry));
    return items.length > 0 ? { kind: 'list', question, items } : null;
  }
  // Issue 41 (decision 185): an accepted transcript is in the typed answer ("Use this transcript"
  // wrote it there); the recording's descriptor and its draft transcript are bookkeeping, never read.
  const paragraphs = paragraphsOf(answerWords(field, value, context.locale));
  return paragraphs.length > 0 ? { kind: 'answer', question, paragraphs } : null;
}
