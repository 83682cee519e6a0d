import { describe, expect, it } from 'vitest';
import { bookDate, DECLINED_IN_BOOK, paragraphsOf } from './book-answers.ts';
import {
  type Book,
  type BookSource,
  bookSectionChoices,
  buildBook,
  defaultBookSections,
} from './book-model.ts';
import {
  BOOK_MESSAGES,
  type BookRequest,
  bookFileName,
  bookRequestSchema,
  defaultBookTitle,
} from './book-request.ts';
import { DECLINED_ANSWER } from './declined-answer.ts';
import type { FormTemplate } from './form-template.ts';
import { recordingKey } from './voice-answer-keys.ts';

const FORM: FormTemplate = {
  formId: 'story',
  formTitle: 'Story',
  steps: [
    {
      stepTitle: 'About you',
      fields: [
        { id: 'name', label: 'What is your name?', type: 'text' },
        { id: 'born', label: 'When were you born?', type: 'date' },
        { id: 'age', label: 'Age', type: 'hidden' },
        {
          id: 'hair',
          label: 'Hair colour',
          type: 'radio',
          options: [
            { label: 'Dark brown', value: 'brown' },
            { label: 'Red', value: 'red' },
          ],
        },
        { id: 'agree', label: 'Happy to share?', type: 'checkbox' },
      ],
    },
    {
      stepTitle: 'Family',
      fields: [
        {
          id: 'siblings',
          label: 'Brothers and sisters',
          type: 'table',
          rows: [0, 1, 2].map((row) => ({
            id: `s${row}`,
            label: `Sibling ${row + 1}`,
            fields: [
              { id: 'first', label: 'First name', type: 'text' },
              { id: 'born', label: 'Born', type: 'date' },
            ],
          })),
        },
        {
          id: 'carers',
          label: 'Who cared for you?',
          type: 'checkbox',
          options: [
            { label: 'Grandparents', value: 'grandparents' },
            { label: 'Aunt or uncle', value: 'aunt' },
            { label: 'Other', value: 'Other' },
          ],
        },
        {
          id: 'carerOther',
          label: 'Please specify',
          type: 'text',
          conditional: { fieldId: 'carers', value: ['Other'] },
        },
      ],
    },
    {
      stepTitle: 'Hard times',
      contentNote: 'This section asks about separation.',
      fields: [
        { id: 'separated', label: 'Did your parents separate?', type: 'radio', sensitive: true },
        { id: 'story', label: 'Tell us what happened', type: 'textarea' },
      ],
    },
    { stepTitle: 'Later', fields: [{ id: 'later', label: 'What came later?', type: 'textarea' }] },
  ],
};

const DATA = {
  currentStep: 2,
  name: 'Zoë Ångström',
  born: '1956-03-08',
  age: 70,
  hair: 'red',
  agree: true,
  siblings__0__first: 'Ada',
  siblings__0__born: '1950-01-02',
  siblings__2__first: 'Борис',
  carers: ['grandparents', 'aunt'],
  carerOther: 'A neighbour (answered before the box was unticked)',
  separated: DECLINED_ANSWER,
  story: 'We moved.\n\nThen we moved again.\n',
  'sectionChoice:Hard times': 'skipped',
};
const SOURCE: BookSource = { form: FORM, data: DATA };

function request(overrides: Partial<BookRequest> = {}): Omit<BookRequest, 'format'> {
  return {
    title: 'The story of Zoë',
    subtitle: '',
    sections: [0, 1],
    showQuestions: true,
    includeDeclined: false,
    pageSize: 'a4',
    locale: 'en-GB',
    ...overrides,
  };
}

function bookOf(overrides: Partial<BookRequest> = {}, source: BookSource = SOURCE): Book {
  const result = buildBook(source, request(overrides), {
    author: 'Zoë',
    madeAt: new Date(Date.UTC(2026, 10, 29)),
  });
  if (!result.ok) throw new Error(result.error);
  return result.book;
}

describe('the sections a book is made of', () => {
  it('offers every section, answered ones chosen, skipped and empty ones not', () => {
    expect(bookSectionChoices(SOURCE)).toEqual([
      { section: 0, title: 'About you', answered: 4, declined: 0, skipped: false, chosenByDefault: true },
      { section: 1, title: 'Family', answered: 2, declined: 0, skipped: false, chosenByDefault: true },
      { section: 2, title: 'Hard times', answered: 1, declined: 1, skipped: true, chosenByDefault: false },
      { section: 3, title: 'Later', answered: 0, declined: 0, skipped: false, chosenByDefault: false },
    ]);
    expect(defaultBookSections(SOURCE)).toEqual([0, 1]);
  });

  it.each([
    ['the chosen order', [1, 0], ['Family', 'About you']],
    ['a skipped section when chosen', [2], ['Hard times']],
    ['no empty chapter for a section without answers', [3, 0], ['About you']],
  ])('keeps %s', (_name, sections, titles) => {
    expect(bookOf({ sections }).chapters.map((chapter) => chapter.title)).toEqual(titles);
  });

  it.each([
    [[3], BOOK_MESSAGES.nothingToPrint],
    [[9], BOOK_MESSAGES.unknownSection],
  ])('refuses the sections %j: %s', (sections, error) => {
    expect(buildBook(SOURCE, request({ sections }), { author: null, madeAt: new Date() })).toEqual({
      ok: false,
      error,
    });
  });
});

describe('answers in the book', () => {
  it('prints each kind of answer in words, dates in the person’s locale, hidden fields left out', () => {
    const [about, family] = bookOf().chapters;
    expect(about?.blocks).toEqual([
      { kind: 'answer', question: 'What is your name?', paragraphs: ['Zoë Ångström'] },
      { kind: 'answer', question: 'When were you born?', paragraphs: ['8 March 1956'] },
      { kind: 'answer', question: 'Hair colour', paragraphs: ['Red'] },
      { kind: 'answer', question: 'Happy to share?', paragraphs: ['Yes'] },
    ]);
    expect(family?.blocks).toEqual([
      {
        kind: 'table',
        caption: 'Brothers and sisters',
        columns: ['First name', 'Born'],
        rowHeadings: true,
        rows: [
          { heading: 'Sibling 1', cells: ['Ada', '2 January 1950'] },
          { heading: 'Sibling 3', cells: ['Борис', ''] },
        ],
      },
      // The follow-up of an unticked "Other" is not shown on the screen, so not in the book.
      { kind: 'list', question: 'Who cared for you?', items: ['Grandparents', 'Aunt or uncle'] },
    ]);
  });

  it.each([
    ['en-US', 'March 8, 1956'],
    ['de-DE', '8. März 1956'],
    ['fr', '8 mars 1956'],
  ])('writes a date in %s as %s', (locale, text) => {
    expect(bookDate('1956-03-08', locale)).toBe(text);
  });

  it.each([
    ['not a date', 'not a date'],
    ['1956-02-30', '1956-02-30'],
  ])('keeps the text %j of a date field that is no date', (value, text) => {
    expect(bookDate(value, 'en')).toBe(text);
  });

  it('keeps the narrative as paragraphs, one per line typed', () => {
    expect(paragraphsOf('We moved.\n\n  Then again.\r\nAnd again. ')).toEqual([
      'We moved.',
      'Then again.',
      'And again.',
    ]);
  });

  it.each([
    [
      false,
      [
        {
          kind: 'answer',
          question: 'Tell us what happened',
          paragraphs: ['We moved.', 'Then we moved again.'],
        },
      ],
    ],
    [
      true,
      [
        { kind: 'declined', question: 'Did your parents separate?' },
        {
          kind: 'answer',
          question: 'Tell us what happened',
          paragraphs: ['We moved.', 'Then we moved again.'],
        },
      ],
    ],
  ])('with "Prefer not to answer" included: %s', (includeDeclined, blocks) => {
    expect(bookOf({ sections: [2], includeDeclined }).chapters[0]?.blocks).toEqual(blocks);
    expect(DECLINED_IN_BOOK).toMatch(/not to answer/);
  });

  it('leaves the questions out when the person wants only the answers', () => {
    const [about] = bookOf({ showQuestions: false, includeDeclined: true }).chapters;
    expect(about?.blocks[0]).toEqual({ kind: 'answer', question: null, paragraphs: ['Zoë Ångström'] });
    // A declined question without its question would say nothing: left out.
    expect(
      bookOf({ sections: [2], showQuestions: false, includeDeclined: true }).chapters[0]?.blocks,
    ).toHaveLength(1);
  });

  it('prints a voice answer as its used transcript only, never the recording’s draft', () => {
    // Issue 41 (decision 185): "Use this transcript" writes it into the typed answer; the recording's
    // descriptor beside it, with the machine's draft, is bookkeeping.
    const recording = (text: string) => ({
      id: '0b9f4c1e-8d51-4b8e-9a37-2f0e6c3d1a55',
      mimeType: 'audio/webm',
      durationMs: 4000,
      bytes: 4096,
      recordedAt: '2026-11-29T10:00:00.000Z',
      transcript: { state: 'done', text },
    });
    const data = {
      ...DATA,
      story: 'We moved.\n\nI said this aloud.',
      [recordingKey('story')]: recording('I said this aloud.'),
      [recordingKey('later')]: recording('A draft the person never used.'),
    };
    const source = { ...SOURCE, data };
    const book = bookOf({ sections: [2, 3] }, source);
    expect(book.chapters.map((chapter) => chapter.title)).toEqual(['Hard times']);
    expect(book.chapters[0]?.blocks.at(-1)).toEqual({
      kind: 'answer',
      question: 'Tell us what happened',
      paragraphs: ['We moved.', 'I said this aloud.'],
    });
    expect(JSON.stringify(book)).not.toContain('never used');
    // A question answered only by voice, without a used transcript, has nothing to print yet.
    expect(bookSectionChoices(source)[3]).toMatchObject({ answered: 0, chosenByDefault: false });
  });

  it('carries title, subtitle, author, locale and the day it was made', () => {
    const book = bookOf({ subtitle: 'For my grandchildren', pageSize: '6x9' });
    expect(book).toMatchObject({
      title: 'The story of Zoë',
      subtitle: 'For my grandchildren',
      author: 'Zoë',
      locale: 'en-GB',
      pageSize: '6x9',
      madeOn: '29 November 2026',
    });
  });
});

describe('the request', () => {
  it.each([
    [{ title: '  ' }, BOOK_MESSAGES.noTitle],
    [{ sections: [] }, BOOK_MESSAGES.noSections],
    [{ sections: [1, 1] }, BOOK_MESSAGES.repeatedSection],
    [{ locale: 'not a locale!' }, BOOK_MESSAGES.badLocale],
    [{ title: 'x'.repeat(201) }, BOOK_MESSAGES.titleTooLong],
  ])('refuses %j with %s', (overrides, message) => {
    const parsed = bookRequestSchema.safeParse({ format: 'pdf', title: 'T', sections: [0], ...overrides });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('fills the defaults and canonicalises the locale', () => {
    expect(
      bookRequestSchema.parse({ format: 'epub', title: ' T ', sections: [2, 0], locale: 'EN-gb' }),
    ).toEqual({
      format: 'epub',
      title: 'T',
      subtitle: '',
      sections: [2, 0],
      showQuestions: true,
      includeDeclined: false,
      pageSize: 'a4',
      locale: 'en-GB',
    });
  });

  it.each([
    ['Ada', 'The story of Ada'],
    ['  ', 'My story'],
    [null, 'My story'],
  ])('titles the book of %j "%s"', (name, title) => {
    expect(defaultBookTitle(name)).toBe(title);
  });

  it.each([
    ['The story of Zoë Ångström', 'pdf', 'the-story-of-zoe-angstrom.pdf'],
    ['Мой рассказ', 'epub', 'my-story.epub'],
  ] as const)('names the file of "%s" (%s) %s', (title, format, name) => {
    expect(bookFileName(title, format)).toBe(name);
  });
});
