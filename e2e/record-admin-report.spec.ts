import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { startFakeOpenAiServer } from '../src/server/test-support/fake-openai-server.ts';
import { wordText, zipEntries } from '../src/web/test-support/zip-entries.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import { answerAsOwner, PASSWORD, personWithRecord } from './support/record-session.ts';

// Issue 6: the record screen's admin-only area (customer-app §2 Record, §8 Reports) and the Word
// download (admin-app §9) in Chromium against the real server: the offline generator on the e2e
// server, and a failing OpenAI-compatible API (a local test server) on a server of this spec's own.

const ANSWERS = {
  name: 'Ada Lovelace',
  dateOfBirth: '1980-12-10',
  height: '170 cm',
  weight: '61 kg',
  hairColor: 'Red',
  parentsSeparated: 'Yes',
  ageAtSeparation: 7,
  livingArrangementAfterSeparation: 'With my mother <script>alert("x")</script> & my aunt',
};

async function openAsAdmin(page: Page, recordId: string, server?: Record<string, string>) {
  const email = uniqueEmail('report-admin');
  createUser({ email, name: 'Adele Admin', password: PASSWORD, role: 'admin' }, server);
  await login(page, { email, password: PASSWORD });
  await page.goto(`/#/record/${recordId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  return page.getByRole('region', { name: /Reports/ });
}

test('an admin generates an offline report, edits it, and downloads a real Word document', async ({
  browser,
  page,
}) => {
  const owner = personWithRecord('report-owner');
  await answerAsOwner(browser, owner, ANSWERS);

  // The owner's screen never shows the admin area.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await login(ownerPage, { email: owner.email, password: PASSWORD });
  await ownerPage.goto(`/#/record/${owner.recordId}`);
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: 'Generate New Report' })).toHaveCount(0);
  await ownerContext.close();

  const area = await openAsAdmin(page, owner.recordId);
  await expect(area.getByText('No reports have been generated yet.')).toBeVisible();
  await expect(area.getByRole('combobox', { name: 'AI model' })).toHaveValue('gpt-4o-mini');
  await area.getByRole('combobox', { name: 'AI model' }).selectOption('gpt-4o');

  // A second admin screen on the same record hears of the new generation by the subscription.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  const watcherArea = await openAsAdmin(watcher, owner.recordId);
  await expect(watcherArea.getByText('No reports have been generated yet.')).toBeVisible();

  await area.getByRole('button', { name: 'Generate New Report' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'New report generated successfully!' }),
  ).toBeVisible();
  const text = area.getByRole('region', { name: 'Report text' });
  await expect(text.getByRole('heading', { name: 'Offline draft — no AI model was used' })).toBeVisible();
  await expect(text).toContainText('With my mother <script>alert("x")</script> & my aunt');
  const generations = area.getByRole('combobox', { name: 'Report generations' });
  await expect(generations.locator('option:checked')).toHaveText(/ - offline$/);
  await expect(watcherArea.getByRole('region', { name: 'Report text' })).toContainText(
    'What is your full name? Ada Lovelace.',
  );
  await watcherContext.close();

  await expectNoAxeFindings(page, 'the generated report', { include: '.admin-report', minorToo: true });
  await page.locator('.admin-report').screenshot({ path: 'test-results/admin-report-generated.png' });

  await area.getByRole('button', { name: 'Edit' }).click();
  const editor = area.getByRole('textbox', { name: 'Report text' });
  await editor.press('ControlOrMeta+End');
  await editor.pressSequentially('\n\n**Family**\nEdited by the admin.\nSecond line.');
  await area.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Report updated successfully!' })).toBeVisible();
  await expect(text.getByRole('heading', { name: 'Family', exact: true })).toBeVisible();
  await page.locator('.admin-report').screenshot({ path: 'test-results/admin-report-edited.png' });

  const downloading = page.waitForEvent('download');
  await area.getByRole('button', { name: 'Download as Word' }).click();
  const download = await downloading;
  await expect(
    page.getByRole('status').filter({ hasText: 'Word document downloaded successfully!' }),
  ).toBeVisible();
  expect(download.suggestedFilename()).toMatch(
    /^trauma-report-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.docx$/,
  );
  const entries = zipEntries(fs.readFileSync(await download.path()));
  const documentXml = entries.get('word/document.xml')?.toString('utf8') ?? '';
  const footerName = [...entries.keys()].find((name) => /^word\/footer\d*\.xml$/.test(name)) ?? '';
  const texts = wordText(documentXml);
  expect(texts[0]).toBe('Trauma Resources Report');
  expect(documentXml).toMatch(/<w:pStyle w:val="Title"\/>[\s\S]*?Trauma Resources Report/);
  expect(documentXml).toMatch(/<w:pStyle w:val="Heading1"\/>(?:(?!<\/w:p>)[\s\S])*?<w:t[^>]*>Family<\/w:t>/);
  expect(documentXml).toMatch(/Edited by the admin\.<\/w:t>[\s\S]*?<w:br\/>[\s\S]*?Second line\./);
  expect(texts.join('\n')).toContain('With my mother <script>alert("x")</script> & my aunt');
  expect(documentXml).not.toContain('<script>');
  expect(wordText(entries.get(footerName)?.toString('utf8') ?? '').join('')).toMatch(/^Generated on: \S/);
});

test('a failing model API: the admin sees "Error generating new report: …" and nothing is stored', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = await startFakeOpenAiServer();
  provider.behave({ kind: 'status', status: 500, message: 'internal details' });
  const server = ownServer(undefined, { OPENAI_API_KEY: 'sk-e2e-secret', OPENAI_BASE_URL: provider.baseUrl });
  try {
    await server.start();
    const owner = personWithRecord('report-fail', server.env);
    await answerAsOwner(browser, owner, ANSWERS, server.baseUrl, { aiConsent: true });
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    const area = await openAsAdmin(page, owner.recordId, server.env);
    await area.getByRole('combobox', { name: 'AI model' }).selectOption('gpt-5');
    await area.getByRole('button', { name: 'Generate New Report' }).click();
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Error generating new report: The AI service failed (HTTP 500). Please try again.',
      }),
    ).toBeVisible();
    await expect(area.getByText('No reports have been generated yet.')).toBeVisible();
    expect(provider.received.map((request) => request.body.model)).toEqual(['gpt-5']);
    expect(JSON.stringify(provider.received[0]?.body.messages)).toContain('Ada Lovelace');
    await context.close();
  } finally {
    await server.stop();
    await provider.close();
  }
});
