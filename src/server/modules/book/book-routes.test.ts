import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActionText } from '#domain/audit.ts';
import { BOOK_MESSAGES } from '#domain/book-request.ts';
import { queryRows } from '../../db/database.ts';
import { type ApiFixtures, createApiFixtures, createTestRecord } from '../../test-support/api-fixtures.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import type { TestUser } from '../../test-support/test-users.ts';
import { makeBook } from './book-making.ts';
import { insertBook } from './book-repository.ts';
import { BOOK_MESSAGES_SERVER } from './book-service.ts';
import { BOOK_TEST_DATA, BOOK_TEST_FORM, UNCHOSEN_ANSWER } from './test-support/book-fixture.ts';
import { readPdf } from './test-support/read-pdf.ts';

// Issue 42 §4–§5 through the real server and database: the owner asks, the book is made in the
// background with progress, downloaded, audited; nobody else reaches it; nothing is kept in the clear.

const test = setUpTestApp();
let f: ApiFixtures;
let recordId: string;
beforeAll(async () => {
  f = await createApiFixtures(test.database.db, test.config);
  recordId = await createTestRecord(test.database.db, {
    inventoryTypeId: f.inventoryTypeId,
    organizationId: f.organizationA,
    clientId: f.users.owner.id,
    data: { steps: BOOK_TEST_FORM.steps, ...BOOK_TEST_DATA },
    submitted: true, // issue 42 §1: after Complete & Send too
  });
});

const CHOICES = {
  format: 'pdf',
  title: 'The story of Zoë',
  subtitle: 'For my grandchildren',
  sections: [1, 0],
  pageSize: '6x9',
  locale: 'de-DE',
};

function ask(actor: TestUser | null, body: object = CHOICES, id = recordId) {
  return test.app.inject({
    method: 'POST',
    url: `/api/records/${id}/books`,
    headers: actor ? actor.headers : {},
    payload: body,
  });
}
const status = (actor: TestUser, id: string) =>
  test.app.inject({ method: 'GET', url: `/api/books/${id}`, headers: actor.headers });
const download = (actor: TestUser, id: string) =>
  test.app.inject({ method: 'GET', url: `/api/books/${id}/file`, headers: actor.headers });

async function madeBook(body: object = CHOICES): Promise<string> {
  const response = await ask(f.users.owner, body);
  expect(response.statusCode).toBe(202);
  const { id } = response.json() as { id: string };
  await test.app.bookRunner.idle();
  return id;
}

describe('the owner', () => {
  it('asks for a book, follows it to the end and downloads the chosen sections as a tagged PDF', async () => {
    const response = await ask(f.users.owner);
    expect(response.statusCode).toBe(202);
    expect(response.headers['cache-control']).toContain('no-store');
    const asked = response.json();
    expect(asked).toMatchObject({ format: 'pdf', state: 'queued', progress: 0, error: null });
    await test.app.bookRunner.idle();

    const done = (await status(f.users.owner, asked.id)).json();
    expect(done).toMatchObject({ id: asked.id, state: 'completed', progress: 1, error: null });
    const file = await download(f.users.owner, asked.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="the-story-of-zoe.pdf"');
    expect(file.headers['cache-control']).toContain('no-store');
    expect(file.rawPayload.length).toBe(done.bytes);
    const pdf = await readPdf(file.rawPayload);
    expect(pdf).toMatchObject({ marked: true, title: 'The story of Zoë', language: 'de-DE' });
    const text = pdf.elements.map((element) => element.text);
    expect(text.filter((line) => ['Brothers and sisters', 'Where I come from'].includes(line))).toEqual([
      'Brothers and sisters',
      'Where I come from',
    ]);
    expect(text).toContain('8. März 1956');
    expect(text.join('\n')).not.toContain(UNCHOSEN_ANSWER);
  }, 60_000);

  it('is told in the audit list, in their own words, of every book made', async () => {
    const id = await madeBook({ ...CHOICES, format: 'epub' });
    const entries = await queryRows<{ action: string; actor_id: string; subject_id: string }>(
      test.database.db,
      sql`select action, actor_id, subject_id from audit_entries where record_id = ${recordId} order by seq`,
    );
    expect(entries.map((entry) => entry.action)).toEqual(['book.pdf', 'book.epub']);
    expect(
      entries.every((entry) => entry.actor_id === f.users.owner.id && entry.subject_id === f.users.owner.id),
    ).toBe(true);
    expect(auditActionText({ action: 'book.epub', model: null })).toBe('made a book of your record (EPUB)');
    const file = await download(f.users.owner, id);
    expect(file.headers['content-type']).toBe('application/epub+zip');
  });

  it('gets a Word file with its headings', async () => {
    const id = await madeBook({ ...CHOICES, format: 'docx', sections: [0] });
    const file = await download(f.users.owner, id);
    const xml = strFromU8(unzipSync(new Uint8Array(file.rawPayload))['word/document.xml'] as Uint8Array);
    expect(xml).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml).toContain('Where I come from');
  });

  it.each([
    [{ sections: [] }, 400, BOOK_MESSAGES.noSections],
    [{ sections: [7] }, 400, BOOK_MESSAGES.unknownSection],
    [{ sections: [2], includeDeclined: false, showQuestions: false }, 202, null],
    [{ format: 'rtf' }, 400, null],
    [{ title: '' }, 400, BOOK_MESSAGES.noTitle],
  ])('is refused %j clearly (%i)', async (change, code, message) => {
    const body = { ...CHOICES, ...change };
    const response = await ask(f.users.owner, body);
    expect(response.statusCode).toBe(code);
    if (message) expect(response.json()).toEqual({ error: message });
  });

  it('keeps the made file sealed in the database, and never the choices or answers in the clear', async () => {
    const id = await madeBook({ ...CHOICES, format: 'epub', subtitle: 'Subtitle-marker-7781' });
    const [row] = await queryRows<{ request: Uint8Array; file: Uint8Array }>(
      test.database.db,
      sql`select request, file from books where id = ${id}`,
    );
    const stored = Buffer.concat([Buffer.from(row?.request ?? []), Buffer.from(row?.file ?? [])]);
    expect(stored.length).toBeGreaterThan(1000);
    // The ZIP's local-file header (4 bytes) rather than "PK" alone, which random ciphertext of
    // tens of kilobytes contains by chance about half the time.
    for (const marker of ['Subtitle-marker-7781', 'Θεσσαλονίκη', 'Ada', 'PK\u0003\u0004'])
      expect(stored.includes(Buffer.from(marker))).toBe(false);
  });

  it('waits for their books in making before asking for more', async () => {
    const waiting = { recordId, ownerId: f.users.owner.id, format: 'pdf', lifetimeSeconds: 60 };
    const request = await test.database.vault.sealBytes(recordId, 'book-request', Buffer.from('{}'));
    // Three books waiting (not handed to the runner here, so they stay waiting).
    for (let index = 0; index < 3; index++) await insertBook(test.database, { ...waiting, request });
    const response = await ask(f.users.owner);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({ error: BOOK_MESSAGES_SERVER.busy });
    await test.database.db.execute(sql`delete from books where state = 'queued'`);
  });
});

describe('anyone else', () => {
  it.each([
    ['admin', 403, BOOK_MESSAGES.notOwner],
    ['customerA', 403, BOOK_MESSAGES.notOwner],
    ['customerB', 404, 'Record not found.'],
    ['otherClient', 404, 'Record not found.'],
  ] as const)('%s cannot make a book of the owner’s record (%i)', async (name, code, error) => {
    const response = await ask(f.users[name]);
    expect(response.statusCode).toBe(code);
    expect(response.json()).toEqual({ error });
  });

  it('cannot follow or download the owner’s book', async () => {
    const id = await madeBook();
    for (const actor of [f.users.admin, f.users.customerA, f.users.otherClient]) {
      expect((await status(actor, id)).statusCode).toBe(404);
      expect((await download(actor, id)).statusCode).toBe(404);
    }
    expect((await ask(null)).statusCode).toBe(401);
  });
});

describe('the job', () => {
  const deps = () => ({
    database: test.database,
    changes: test.app.recordChanges,
    invalidateUser: async () => {},
    jobs: test.app.jobs,
  });

  it('does nothing for a book that is not waiting (made already, or unknown)', async () => {
    const id = await madeBook();
    await makeBook(deps(), { bookId: id });
    expect((await status(f.users.owner, id)).json().state).toBe('completed');
  });

  it('fails the book, in words, when the record is no longer its owner’s', async () => {
    const vault = test.database.vault;
    const sealed = await vault.sealBytes(
      recordId,
      'book-request',
      Buffer.from(
        JSON.stringify({
          request: { ...CHOICES, showQuestions: true, includeDeclined: false },
          author: null,
        }),
      ),
    );
    // A book row naming someone who does not own the record (as after a reassignment).
    const row = await insertBook(test.database, {
      recordId,
      ownerId: f.users.otherClient.id,
      format: 'pdf',
      request: sealed,
      lifetimeSeconds: 60,
    });
    await makeBook(deps(), { bookId: row.id });
    expect((await status(f.users.otherClient, row.id)).json()).toMatchObject({
      state: 'failed',
      error: 'Record not found.',
    });
  });
});
