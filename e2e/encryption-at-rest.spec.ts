import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { ownServer } from './support/own-server.ts';
import { answer } from './support/record-form-driver.ts';
import { expectOnServer, idTokenOf, openRecord, personWithRecord } from './support/record-session.ts';

// Issue 30 "Done when", as someone holding the disk would check it: an answer typed on the record
// screen reaches the server and is found in no file under DATA_DIR afterwards (the embedded
// database, its write-ahead log, the key store), byte for byte.

const form = lifeInventoryForm;
const server = ownServer();

test.afterAll(async () => {
  await server.stop();
});

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

const holding = (text: string) =>
  filesUnder(server.dataDir).filter((file) => fs.readFileSync(file).includes(Buffer.from(text, 'utf8')));

test('an answer typed on the record screen is in no file of the data directory', async ({ browser }) => {
  test.setTimeout(180_000);
  await server.start();
  const owner = personWithRecord('sealed', server.env);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  await openRecord(page, owner);
  const token = await idTokenOf(page);
  const typed = `Zanzibar Quillfeather ${Date.now()}`;
  await answer(page, form, 'name', typed);
  await expectOnServer(token, owner.recordId, { name: typed }, server.baseUrl);
  await context.close();
  await server.stop();

  // The scan reads the database: the person's e-mail address is stored in the clear there.
  expect(holding(owner.email).length).toBeGreaterThan(0);
  expect(filesUnder(server.dataDir).some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
  expect(holding(typed)).toEqual([]);
  expect(holding('Quillfeather')).toEqual([]);
});
