import { z } from 'zod';

/**
 * Issue 42 §1 (docs/decisions/190): what a person chooses on "Make my book". One schema for the
 * screen's form and the server's edge. Sections are named by their index in the record's form, in
 * the order the person wants them; a chosen "Skipped for now" section goes in because it was chosen.
 */
export const BOOK_FORMATS = ['pdf', 'docx', 'epub'] as const;
export type BookFormat = (typeof BOOK_FORMATS)[number];

export const BOOK_FORMAT_NAMES: Record<BookFormat, string> = {
  pdf: 'PDF',
  docx: 'Word',
  epub: 'EPUB',
};

export const BOOK_MEDIA_TYPES: Record<BookFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  epub: 'application/epub+zip',
};

/** Issue 42 §2: A4, US Letter and the 6 × 9 in trade paperback of print-on-demand services. */
export const PAGE_SIZES = ['a4', 'letter', '6x9'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export const PAGE_SIZE_NAMES: Record<PageSize, string> = {
  a4: 'A4',
  letter: 'US Letter',
  '6x9': '6 × 9 in (print)',
};

export const MAX_BOOK_TITLE_LENGTH = 200;
export const MAX_BOOK_SUBTITLE_LENGTH = 300;
/** More than any form has sections; a list longer than this is not a person's choice. */
export const MAX_BOOK_SECTIONS = 500;

export const BOOK_MESSAGES = {
  noTitle: 'Please give your book a title.',
  titleTooLong: `A title can be at most ${MAX_BOOK_TITLE_LENGTH} characters.`,
  subtitleTooLong: `A subtitle can be at most ${MAX_BOOK_SUBTITLE_LENGTH} characters.`,
  noSections: 'Please choose at least one section for your book.',
  repeatedSection: 'Each section can go into the book once.',
  unknownSection:
    'One of the chosen sections is not in this record any more. Please reload and choose again.',
  nothingToPrint: 'The chosen sections have no answers yet, so there is nothing to put in a book.',
  badLocale: 'The language setting sent with the request is not one we know.',
  notOwner: 'Only the person this record belongs to can make a book of it.',
} as const;

/** The default title (issue 42 §1): "The story of {name}". */
export function defaultBookTitle(name: string | null | undefined): string {
  const trimmed = name?.trim();
  return trimmed ? `The story of ${trimmed}` : 'My story';
}

/** A BCP 47 tag the runtime knows ("en-GB", "fr"), canonicalised; null for anything else. */
export function canonicalLocale(value: string): string | null {
  try {
    const [tag] = Intl.getCanonicalLocales(value);
    return tag && tag.length <= 35 ? tag : null;
  } catch {
    return null;
  }
}

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

export const bookRequestSchema = z.object({
  format: z.enum(BOOK_FORMATS),
  title: z
    .string()
    .trim()
    .min(1, BOOK_MESSAGES.noTitle)
    .max(MAX_BOOK_TITLE_LENGTH, BOOK_MESSAGES.titleTooLong)
    .regex(NO_CONTROL_CHARACTERS, BOOK_MESSAGES.noTitle),
  subtitle: z
    .string()
    .trim()
    .max(MAX_BOOK_SUBTITLE_LENGTH, BOOK_MESSAGES.subtitleTooLong)
    .regex(NO_CONTROL_CHARACTERS, BOOK_MESSAGES.subtitleTooLong)
    .default(''),
  sections: z
    .array(z.number().int().min(0).max(10_000))
    .min(1, BOOK_MESSAGES.noSections)
    .max(MAX_BOOK_SECTIONS, BOOK_MESSAGES.noSections)
    .refine((list) => new Set(list).size === list.length, BOOK_MESSAGES.repeatedSection),
  /** Each answer introduced by its question (issue 42 §1). */
  showQuestions: z.boolean().default(true),
  /** "Prefer not to answer" questions are left out unless chosen (issue 42 §1). */
  includeDeclined: z.boolean().default(false),
  pageSize: z.enum(PAGE_SIZES).default('a4'),
  /** The person's locale, for dates and the document's language. */
  locale: z
    .string()
    .max(35)
    .transform((value, context) => {
      const locale = canonicalLocale(value);
      if (!locale) context.addIssue({ code: 'custom', message: BOOK_MESSAGES.badLocale });
      return locale ?? 'en';
    })
    .default('en'),
});
export type BookRequest = z.infer<typeof bookRequestSchema>;

/** Issue 42 §1: what the preview's contents page numbers depend on: everything but the format. */
export const bookPagesRequestSchema = bookRequestSchema.omit({ format: true });
export type BookPagesRequestInput = z.input<typeof bookPagesRequestSchema>;
export type BookRequestInput = z.input<typeof bookRequestSchema>;

/** The file's name: the title in plain letters, so it reads well in a downloads folder. */
export function bookFileName(title: string, format: BookFormat): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .toLowerCase();
  return `${stem || 'my-story'}.${format}`;
}
