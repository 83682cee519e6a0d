import { type BlockContext, type BookBlock, bookBlockOf } from './book-answers.ts';
import { BOOK_MESSAGES, type BookRequest, type PageSize } from './book-request.ts';
import { fieldVisibility } from './field-visibility.ts';
import type { FormTemplate, Step } from './form-template.ts';
import { answersOfRecordData } from './record-form-data.ts';
import { isSkippedForNow } from './section-choices.ts';

/**
 * Issue 42 §2 (docs/decisions/190): the one model every format is made from (PDF, Word, EPUB) and
 * the screen's preview reads. Pure: the record's form and stored data in, the book out, so the
 * rules (which sections, which answers, in what words) are written and tested once.
 */
export interface Book {
  readonly title: string;
  readonly subtitle: string;
  readonly author: string | null;
  /** The document's language and the locale of its dates (BCP 47). */
  readonly locale: string;
  readonly pageSize: PageSize;
  /** When it was made, in the person's locale ("29 November 2026"). */
  readonly madeOn: string;
  readonly chapters: readonly Chapter[];
}

export interface Chapter {
  /** The section's index in the record's form. */
  readonly section: number;
  readonly title: string;
  readonly blocks: readonly BookBlock[];
}

export interface BookSource {
  readonly form: FormTemplate;
  /** The record's stored data: answers and bookkeeping (skipped sections, declined marks). */
  readonly data: unknown;
}

/** A section as the "Make my book" screen offers it. */
export interface BookSectionChoice {
  readonly section: number;
  readonly title: string;
  /** Questions with an answer the book would print (declined ones not counted). */
  readonly answered: number;
  /** Questions answered "Prefer not to answer". */
  readonly declined: number;
  /** "Skipped for now" at its content note (decision 120). */
  readonly skipped: boolean;
  /** Issue 42 §1: answered sections go in by default; skipped ones only when chosen. */
  readonly chosenByDefault: boolean;
}

function sectionTitle(step: Step, index: number): string {
  return step.stepTitle.trim() || `Section ${index + 1}`;
}

function contextOf(
  source: BookSource,
  options: Pick<BlockContext, 'locale' | 'showQuestions' | 'includeDeclined'>,
): BlockContext {
  const answers = answersOfRecordData(source.data);
  return {
    ...options,
    answers,
    visibility: fieldVisibility(source.form, answers),
  };
}

function blocksOf(step: Step, context: BlockContext): BookBlock[] {
  return step.fields.flatMap((field) => bookBlockOf(field, context) ?? []);
}

/** Every section of the record's form, with what the book would hold of it. */
export function bookSectionChoices(source: BookSource): BookSectionChoice[] {
  const context = contextOf(source, { locale: 'en', showQuestions: true, includeDeclined: true });
  return source.form.steps.map((step, section) => {
    const blocks = blocksOf(step, context);
    const declined = blocks.filter((block) => block.kind === 'declined').length;
    const answered = blocks.length - declined;
    const skipped = isSkippedForNow(source.data, step);
    return {
      section,
      title: sectionTitle(step, section),
      answered,
      declined,
      skipped,
      chosenByDefault: answered > 0 && !skipped,
    };
  });
}

/** The sections chosen by default, in the form's order (the screen's starting point). */
export function defaultBookSections(source: BookSource): number[] {
  return bookSectionChoices(source)
    .filter((choice) => choice.chosenByDefault)
    .map((choice) => choice.section);
}

export type BookBuildResult = { ok: true; book: Book } | { ok: false; error: string };

export interface BookMeta {
  readonly author: string | null;
  readonly madeAt: Date;
}

/**
 * The book of the chosen sections, in the chosen order. A chosen section that holds nothing for
 * the book (no answers, or only declined ones left out) is left out rather than printed empty; if
 * none holds anything there is no book to make.
 */
export function buildBook(
  source: BookSource,
  request: Omit<BookRequest, 'format'>,
  meta: BookMeta,
): BookBuildResult {
  const steps = source.form.steps;
  if (request.sections.some((section) => !steps[section]))
    return { ok: false, error: BOOK_MESSAGES.unknownSection };
  const context = contextOf(source, request);
  const chapters = request.sections
    .map((section) => ({
      section,
      title: sectionTitle(steps[section] as Step, section),
      blocks: blocksOf(steps[section] as Step, context),
    }))
    .filter((chapter) => chapter.blocks.length > 0);
  if (chapters.length === 0) return { ok: false, error: BOOK_MESSAGES.nothingToPrint };
  return {
    ok: true,
    book: {
      title: request.title,
      subtitle: request.subtitle,
      author: meta.author?.trim() || null,
      locale: request.locale,
      pageSize: request.pageSize,
      madeOn: new Intl.DateTimeFormat(request.locale, { dateStyle: 'long' }).format(meta.madeAt),
      chapters,
    },
  };
}
