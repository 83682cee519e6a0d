import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_MESSAGES } from '#domain/book-request.ts';
import { DECLINED_ANSWER } from '#domain/declined-answer.ts';
import type { FormTemplate } from '#domain/form-template.ts';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { renderApp } from '#web/test-support/render-app.tsx';

// Issue 42 §1: the "Make my book" screen in the whole client, the server answered at fetch.

const FORM: FormTemplate = {
  formId: 'story',
  formTitle: 'Story',
  steps: [
    { stepTitle: 'Childhood', fields: [{ id: 'home', label: 'Where did you grow up?', type: 'text' }] },
    { stepTitle: 'Work', fields: [{ id: 'job', label: 'What was your first job?', type: 'text' }] },
    {
      stepTitle: 'Hard years',
      contentNote: 'About loss.',
      fields: [
        { id: 'loss', label: 'Who did you lose?', type: 'text', sensitive: true },
        { id: 'help', label: 'What helped?', type: 'text' },
      ],
    },
    { stepTitle: 'Later', fields: [{ id: 'later', label: 'And later?', type: 'text' }] },
  ],
};
const DATA = {
  home: 'By the sea',
  job: 'Baker',
  loss: DECLINED_ANSWER,
  help: 'Friends',
  'sectionChoice:Hard years': 'skipped',
};

/** The preview's contents page: each entry's title and page number ("…" while counted). */
function contentsPage(): [string, string][] {
  return within(screen.getByText('Page 2: the contents').closest('figure') as HTMLElement)
    .getAllByRole('listitem')
    .map((item) => [
      item.querySelector('.book-page__contents-title')?.textContent ?? '',
      item.querySelector('.book-page__contents-page')?.textContent ?? '',
    ]);
}

type PagesAnswer = (body: { pageSize?: string; sections: number[] }) => Response | Promise<Response>;

function open(sub = 'subject-1', pages?: PagesAnswer) {
  const asked: unknown[] = [];
  let polls = 0;
  const { network } = renderApp('/record/r1/book', {
    signedIn: { sub, roles: ['client'] },
    graphql: () =>
      jsonResponse({
        data: {
          record: {
            id: 'r1',
            submitted: true,
            data: DATA,
            user: { id: 'u1', federatedId: 'subject-1', name: 'Ada' },
            inventoryType: { id: 't1', name: 'Life Inventory' },
            form: { template: FORM, problem: null },
          },
        },
      }),
    api: ({ path, method, body }) => {
      if (path === '/api/records/r1/book-pages' && pages)
        return pages(body as { pageSize?: string; sections: number[] });
      if (path === '/api/records/r1/books' && method === 'POST') {
        asked.push(body);
        return jsonResponse(
          { id: 'b1', format: 'pdf', state: 'queued', progress: 0, error: null, bytes: null, expiresAt: '' },
          202,
        );
      }
      if (path === '/api/books/b1') {
        polls += 1;
        const done = polls > 1;
        return jsonResponse({
          id: 'b1',
          format: 'pdf',
          state: done ? 'completed' : 'active',
          progress: done ? 1 : 0.4,
          error: null,
          bytes: done ? 52_000 : null,
          expiresAt: '',
        });
      }
      return jsonResponse({ error: 'Not found.' }, 404);
    },
  });
  return { asked, network };
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Make my book', () => {
  it('starts from the answered sections, and the preview follows the order and choices', async () => {
    open();
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('The story of Ada');
    const list = screen.getByRole('list', { name: 'Sections of your book, in order' });
    expect((within(list).getByRole('checkbox', { name: 'Childhood' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(list).getByRole('checkbox', { name: 'Work' }) as HTMLInputElement).checked).toBe(true);
    // Skipped for now: offered, not chosen. Nothing answered: cannot be chosen.
    expect((within(list).getByRole('checkbox', { name: 'Hard years' }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect(within(list).getByText('Skipped for now · 1 answer')).toBeDefined();
    expect((within(list).getByRole('checkbox', { name: 'Later' }) as HTMLInputElement).disabled).toBe(true);

    const contents = () => contentsPage().map(([title]) => title);
    expect(contents()).toEqual(['Childhood', 'Work']);
    await userEvent.click(screen.getByRole('button', { name: 'Move up Work' }));
    expect(contents()).toEqual(['Work', 'Childhood']);
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Hard years' }));
    expect(contents()).toEqual(['Work', 'Childhood', 'Hard years']);
    await userEvent.click(within(list).getByRole('checkbox', { name: 'Childhood' }));
    expect(contents()).toEqual(['Work', 'Hard years']);
  });

  it('shows the PDF’s page numbers once counted for the current choices, never an earlier answer', async () => {
    const counted: { pageSize?: string; sections: number[] }[] = [];
    let releaseA4: () => void = () => {};
    open('subject-1', async (body) => {
      counted.push(body);
      // The first count (A4) answers late: after the person chose another size.
      if (counted.length === 1) await new Promise<void>((resolve) => (releaseA4 = resolve));
      return jsonResponse({ chapterPages: body.pageSize === '6x9' ? [3, 7] : [3, 5] });
    });
    await screen.findByLabelText('Title');
    expect(contentsPage()).toEqual([
      ['Childhood', '…'],
      ['Work', '…'],
    ]);
    await waitFor(() => expect(counted).toHaveLength(1), { timeout: 3000 });
    await userEvent.click(screen.getByRole('radio', { name: '6 × 9 in (print)' }));
    releaseA4();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(contentsPage()[1]).toEqual(['Work', '…']); // the A4 answer came, and was not shown
    await waitFor(() => expect(counted).toHaveLength(2), { timeout: 3000 });
    await waitFor(() =>
      expect(contentsPage()).toEqual([
        ['Childhood', '3'],
        ['Work', '7'],
      ]),
    );
    // Changes in quick succession are counted once, after the last.
    await userEvent.click(screen.getByRole('radio', { name: 'A4' }));
    expect(contentsPage()[1]).toEqual(['Work', '…']);
    await userEvent.click(screen.getByRole('button', { name: 'Move up Work' }));
    await waitFor(() =>
      expect(contentsPage()).toEqual([
        ['Work', '3'],
        ['Childhood', '5'],
      ]),
    );
    expect(counted.map((body) => [body.pageSize, body.sections])).toEqual([
      ['a4', [0, 1]],
      ['6x9', [0, 1]],
      ['a4', [1, 0]],
    ]);
  });

  it('asks the server for the chosen book, shows its progress, then offers the download', async () => {
    const { asked } = open();
    await screen.findByLabelText('Title');
    await userEvent.click(
      screen.getByLabelText('Include the questions I chose not to answer (“Prefer not to answer”)'),
    );
    await userEvent.click(screen.getByRole('radio', { name: '6 × 9 in (print)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make my book' }));
    expect(await screen.findByText('Making your book (PDF)…')).toBeDefined();
    expect(
      await screen.findByRole('button', { name: 'Download your book (PDF)' }, { timeout: 3000 }),
    ).toBeDefined();
    expect(asked).toEqual([
      {
        format: 'pdf',
        title: 'The story of Ada',
        subtitle: '',
        sections: [0, 1],
        showQuestions: true,
        includeDeclined: true,
        pageSize: '6x9',
        locale: expect.any(String),
      },
    ]);
  });

  it('says what is wrong before asking, and never for someone else’s record', async () => {
    open();
    const title = await screen.findByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Make my book' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${BOOK_MESSAGES.noTitle}`);
    cleanup();
    open('subject-2');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(`Error: ${BOOK_MESSAGES.notOwner}`),
    );
  });
});
