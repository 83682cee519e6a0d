import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_MESSAGES } from '#domain/book-request.ts';
import { type ApiFixtures, createApiFixtures, createTestRecord } from '../../test-support/api-fixtures.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import type { TestUser } from '../../test-support/test-users.ts';
import { PAGE_COUNT_MESSAGES } from './book-pages.ts';
import { BOOK_TEST_DATA, BOOK_TEST_FORM } from './test-support/book-fixture.ts';

// Issue 42 §1 (decision 190): the preview's contents page numbers, counted by the server for the
// owner only, equal the ones the made PDF prints in its contents.

const test = setUpTestApp();
let f: ApiFixtures;
let recordId: string;
const folder = mkdtempSync(path.join(tmpdir(), 'book-pages-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
beforeAll(async () => {
  f = await createApiFixtures(test.database.db, test.config);
  recordId = await createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
    data: { steps: BOOK_TEST_FORM.steps, ...BOOK_TEST_DATA },
    submitted: true,
  });
});

const CHAPTERS = ['Brothers and sisters', 'Where I come from'];

function countPages(actor: TestUser | null, body: object) {
  return test.app.inject({
    method: 'POST',
    url: `/api/records/${recordId}/book-pages`,
    headers: actor ? actor.headers : {},
    payload: body,
  });
}

/** The chapters' page numbers as the made PDF prints them on its contents page (page 2). */
async function printedContents(body: object): Promise<number[]> {
  const asked = await test.app.inject({
    method: 'POST',
    url: `/api/records/${recordId}/books`,
    headers: f.users.owner.headers,
    payload: { format: 'pdf', ...body },
  });
  expect(asked.statusCode).toBe(202);
  await test.app.bookRunner.idle();
  const file = await test.app.inject({
    method: 'GET',
    url: `/api/books/${asked.json().id}/file`,
    headers: f.users.owner.headers,
  });
  const pdf = path.join(folder, `${asked.json().id}.pdf`);
  writeFileSync(pdf, file.rawPayload);
  const lines = execFileSync('pdftotext', ['-layout', '-f', '2', '-l', '2', pdf, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim());
  return CHAPTERS.filter((title) => lines.some((line) => line.startsWith(title)))
    .map((title) => lines.find((line) => line.startsWith(title)) ?? '')
    .sort((a, b) => lines.indexOf(a) - lines.indexOf(b))
    .map((line) => Number(/(\d+)$/.exec(line)?.[1]));
}

describe('the owner', () => {
  it.each([
    { title: 'The story of Zoë', sections: [1, 0], pageSize: '6x9', showQuestions: true, locale: 'de-DE' },
    { title: 'My story', sections: [0, 1], pageSize: 'a4', showQuestions: false },
    { title: 'My story', sections: [1, 0], pageSize: 'letter', showQuestions: true, includeDeclined: true },
  ])(
    'is told the page numbers the PDF prints in its contents ($pageSize)',
    async (choices) => {
      const response = await countPages(f.users.owner, choices);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toContain('no-store');
      const { chapterPages } = response.json() as { chapterPages: number[] };
      expect(chapterPages).toHaveLength(2);
      expect(chapterPages[0]).toBe(3);
      expect(chapterPages).toEqual(await printedContents(choices));
    },
    60_000,
  );

  it('is counted once at a time: a second ask while one runs is refused, not queued', async () => {
    const body = { title: 'My story', sections: [0, 1] };
    const [first, second] = await Promise.all([
      countPages(f.users.owner, body),
      countPages(f.users.owner, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 429]);
    expect([first, second].find((r) => r.statusCode === 429)?.json()).toEqual({
      error: PAGE_COUNT_MESSAGES.busy,
    });
    expect((await countPages(f.users.owner, body)).statusCode).toBe(200);
  });

  it('is told what is wrong with the choices', async () => {
    const response = await countPages(f.users.owner, { title: 'My story', sections: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: BOOK_MESSAGES.noSections });
  });
});

describe('anyone else', () => {
  it.each([
    ['admin', 403, BOOK_MESSAGES.notOwner],
    ['customerA', 403, BOOK_MESSAGES.notOwner],
    ['otherClient', 404, 'Record not found.'],
  ] as const)('%s is refused (%i)', async (name, code, error) => {
    const response = await countPages(f.users[name], { title: 'My story', sections: [0, 1] });
    expect(response.statusCode).toBe(code);
    expect(response.json()).toEqual({ error });
  });

  it('without signing in is refused', async () => {
    expect((await countPages(null, { title: 'My story', sections: [0] })).statusCode).toBe(401);
  });
});
