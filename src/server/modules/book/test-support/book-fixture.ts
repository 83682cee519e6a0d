import { DECLINED_ANSWER } from '#domain/declined-answer.ts';
import type { FormTemplate } from '#domain/form-template.ts';

/**
 * A record to make books from in tests: every kind of answer, accented, Greek and Cyrillic letters,
 * a table of brothers and sisters, a checkbox list, a declined question, a section skipped for now
 * and one never chosen. `UNCHOSEN` words must never appear in a book of the default sections.
 */
export const UNCHOSEN_ANSWER = 'Nothing of this may reach the book';

export const BOOK_TEST_FORM: FormTemplate = {
  formId: 'story',
  formTitle: 'Story',
  steps: [
    {
      stepTitle: 'Where I come from',
      fields: [
        { id: 'name', label: 'What is your name?', type: 'text' },
        { id: 'born', label: 'When were you born?', type: 'date' },
        { id: 'city', label: 'Where were you born?', type: 'text' },
        { id: 'story', label: 'Tell the story of your first home', type: 'textarea' },
      ],
    },
    {
      stepTitle: 'Brothers and sisters',
      fields: [
        {
          id: 'siblings',
          label: 'Your brothers and sisters',
          type: 'table',
          rows: [0, 1].map((row) => ({
            id: `s${row}`,
            label: `Sibling ${row + 1}`,
            fields: [
              { id: 'first', label: 'First name', type: 'text' },
              { id: 'born', label: 'Born', type: 'date' },
            ],
          })),
        },
        {
          id: 'places',
          label: 'Places you have lived',
          type: 'checkbox',
          options: [
            { label: 'By the sea', value: 'sea' },
            { label: 'In a city', value: 'city' },
            { label: 'In the mountains', value: 'mountains' },
          ],
        },
      ],
    },
    {
      stepTitle: 'Hard years',
      contentNote: 'This section asks about separation and loss.',
      fields: [
        { id: 'separated', label: 'Did your parents separate?', type: 'radio', sensitive: true },
        { id: 'hard', label: 'What helped you through?', type: 'textarea' },
      ],
    },
    { stepTitle: 'Not for the book', fields: [{ id: 'secret', label: 'Something private', type: 'text' }] },
  ],
};

const LONG_STORY = Array.from(
  { length: 40 },
  (_, index) =>
    `${index + 1}. The house had a blue door and a kitchen that smelled of bread; my grandmother Zoë sang in Ελληνικά and my grandfather answered in Русский.`,
).join('\n');

export const BOOK_TEST_DATA: Record<string, unknown> = {
  currentStep: 1,
  name: 'Zoë Ångström-Ñúñez',
  born: '1956-03-08',
  city: 'Θεσσαλονίκη',
  story: LONG_STORY,
  siblings__0__first: 'Ada',
  siblings__0__born: '1950-01-02',
  siblings__1__first: 'Борис',
  places: ['sea', 'mountains'],
  separated: DECLINED_ANSWER,
  hard: 'My friends, and the river.',
  'sectionChoice:Hard years': 'skipped',
  secret: UNCHOSEN_ANSWER,
};
