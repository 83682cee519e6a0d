import fs from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { startFakeOpenAiServer } from '../src/server/test-support/fake-openai-server.ts';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { e2eBaseUrl } from './support/e2e-environment.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { createType, signedInAdmin } from './support/form-admin-api.ts';
import { ownServer } from './support/own-server.ts';
import {
  answerAsOwner,
  expectOnServer,
  idTokenOf,
  openRecordOf,
  PASSWORD,
  personWithRecord,
  recordOnServer,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 28 §1 and §3: "Why we ask" beside a question's label, and "Prefer not to answer" on a
// sensitive question: a required sensitive question declined gives 100 % and Complete & Send
// goes through; the declined answer never reaches the model (a local OpenAI-compatible server).

const WHY = 'Knowing this helps the report describe what shaped you. Share only what you want to.';
const HARD_QUESTION = 'Did anyone hurt you as a child?';
const careForm = {
  formId: 'care',
  formTitle: 'Care',
  steps: [
    {
      stepTitle: 'Your childhood',
      fields: [
        { id: 'name', label: 'Your name', type: 'text', required: true },
        {
          id: 'hurt',
          label: HARD_QUESTION,
          type: 'textarea',
          required: true,
          sensitive: true,
          whyWeAsk: WHY,
        },
        {
          id: 'separated',
          label: 'Did your parents separate?',
          type: 'radio',
          sensitive: true,
          whyWeAsk: 'A separation often shapes where a child grows up.',
          options: [
            { label: 'Yes', value: 'Yes' },
            { label: 'No', value: 'No' },
          ],
        },
      ],
    },
  ],
};

test('a required sensitive question declined → 100 % and Complete & Send succeeds', async ({
  page,
  browser,
  screenshots,
  expectAxeClean,
}) => {
  test.setTimeout(150_000);
  seedDemo();
  const admin = await signedInAdmin(browser);
  const typeName = `Care ${Date.now().toString(36)}`;
  await createType(admin, typeName, careForm);
  await admin.dispose();
  const email = uniqueEmail('declining');
  createUser({
    email,
    name: 'Dee Clining',
    password: PASSWORD,
    role: 'client',
    organization: 'Demo Organization',
  });
  const recordId = createRecord({ clientEmail: email, type: typeName, organization: 'Demo Organization' });
  await openRecordOf(page, { email, recordId }, typeName);
  const token = await idTokenOf(page);
  const main = page.getByRole('main');
  const progress = main.getByRole('progressbar', { name: 'Record progress' });

  // "Why we ask": a disclosure button, by keyboard too.
  const why = main.getByRole('button', { name: 'Why we ask' }).first();
  await expect(why).toHaveAttribute('aria-expanded', 'false');
  await expect(main.getByText(WHY)).toBeHidden();
  await why.focus();
  await page.keyboard.press('Enter');
  await expect(why).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByText(WHY)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(main.getByLabel(HARD_QUESTION)).toBeFocused();

  await main.getByLabel('Your name').fill('Dee');
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  const decline = main.getByRole('button', { name: 'Prefer not to answer' }).first();
  await expect(decline).toHaveAttribute('aria-pressed', 'false');
  await decline.click();
  await expect(decline).toHaveAttribute('aria-pressed', 'true');
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(main.getByText('100% Completed')).toBeVisible();
  await expectOnServer(token, recordId, { name: 'Dee', hurt: { declined: true } });
  // A choice question declines the same way; its answer, once picked, undoes it.
  const separated = main.getByRole('group', { name: 'Did your parents separate?' });
  await separated.getByRole('button', { name: 'Why we ask' }).click();
  const declineSeparated = main.getByRole('button', { name: 'Prefer not to answer' }).nth(1);
  await declineSeparated.click();
  await expect(declineSeparated).toHaveAttribute('aria-pressed', 'true');
  await expectOnServer(token, recordId, { separated: { declined: true } });
  await expectAxeClean(page, 'the record with sensitive questions');
  await screenshots(page, 'sensitive-declined');
  await separated.getByRole('radio', { name: 'No' }).check();
  await expect(declineSeparated).toHaveAttribute('aria-pressed', 'false');
  await expectOnServer(token, recordId, { separated: 'No' });
  await declineSeparated.click();
  await expect(separated.getByRole('radio', { name: 'No' })).not.toBeChecked();

  // Undone by answering: the text replaces the mark; declining again puts it back.
  await main.getByLabel(HARD_QUESTION).fill('Not really');
  await expect(decline).toHaveAttribute('aria-pressed', 'false');
  await expectOnServer(token, recordId, { hurt: 'Not really' });
  await decline.click();
  await expectOnServer(token, recordId, { hurt: { declined: true } });
  await expect(main.getByLabel(HARD_QUESTION)).toHaveValue('');

  // Kept across a reload, like any saved answer; the section has its check mark.
  await page.reload();
  await expect(main.getByRole('button', { name: 'Prefer not to answer' })).toHaveCount(2);
  for (const button of await main.getByRole('button', { name: 'Prefer not to answer' }).all()) {
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await page.getByRole('button', { name: /^Sections/ }).click();
  await expect(page.getByRole('listbox', { name: 'Sections' }).getByRole('option').first()).toContainText(
    '✓',
  );
  await page.getByRole('searchbox', { name: 'Search steps' }).press('Escape');

  await main.getByRole('button', { name: 'Complete & Send' }).click();
  await expect(page.getByText('Form submitted successfully!')).toBeVisible();
  const stored = await recordOnServer(token, recordId);
  expect(stored.submitted).toBe(true);
  // The read-only record says it in words.
  await expect(main.getByText('Prefer not to answer')).toHaveCount(2);
  await expectAxeClean(page, 'the record with sensitive questions');
  await screenshots(page, 'sensitive-read-only');

  // Download my data says it too, and marks it declined.
  const api = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  const myData = await (
    await api.get('/api/my-data', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  await api.dispose();
  const record = myData.records.find((candidate: { id: string }) => candidate.id === recordId);
  expect(record.answers).toContainEqual(
    expect.objectContaining({ key: 'hurt', answer: 'Prefer not to answer', declined: true }),
  );

  // An admin's datasync page says it in words above the stored JSON, each named by its question (issue 44 §5).
  const adminEmail = uniqueEmail('declined-datasync');
  createUser({ email: adminEmail, name: 'Dana Sync', password: PASSWORD, role: 'admin' });
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await login(adminPage, { email: adminEmail, password: PASSWORD });
  await adminPage.goto(`/#/datasync/${recordId}`);
  const recordData = adminPage.getByRole('region', { name: 'Record data' });
  await expect(recordData.getByText(/^Prefer not to answer \(2,.*\):$/)).toBeVisible();
  await expect(recordData.getByRole('listitem')).toHaveText([HARD_QUESTION, 'Did your parents separate?']);
  await adminPage.screenshot({ path: 'test-results/a11y-datasync-declined-1280.png' });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await expect(recordData.getByRole('listitem').first()).toBeVisible();
  await adminPage.screenshot({ path: 'test-results/a11y-datasync-declined-390.png' });
  await context.close();
});

/** The owner's answers, two of them declined (the screen's own test above declines by clicking). */
const DECLINING_ANSWERS = {
  name: 'Ada Lovelace',
  parentsSeparated: 'Yes',
  ageAtSeparation: 7,
  livingArrangementAfterSeparation: { declined: true },
  childhoodExperiences: { declined: true },
};

test('a declined answer is absent from the request the model API receives', async ({ browser }) => {
  test.setTimeout(180_000);
  const provider = await startFakeOpenAiServer();
  const server = ownServer(undefined, { OPENAI_API_KEY: 'sk-e2e-secret', OPENAI_BASE_URL: provider.baseUrl });
  try {
    await server.start();
    const owner = personWithRecord('declined-report', server.env);
    await answerAsOwner(browser, owner, DECLINING_ANSWERS, server.baseUrl, { aiConsent: true });
    const email = uniqueEmail('declined-admin');
    createUser({ email, name: 'Adele Admin', password: PASSWORD, role: 'admin' }, server.env);
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await login(page, { email, password: PASSWORD });
    await page.goto(`/#/record/${owner.recordId}`);
    const area = page.getByRole('region', { name: /Reports/ });
    await area.getByRole('button', { name: 'Generate New Report' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'New report generated successfully!' }),
    ).toBeVisible();
    expect(provider.received).toHaveLength(1);
    const sent = JSON.stringify(provider.received[0]?.body.messages);
    expect(sent).toContain('Ada Lovelace');
    expect(sent).toContain('How old were you when they separated?');
    for (const absent of [
      'declined',
      'Prefer not to answer',
      'livingArrangementAfterSeparation',
      'Whom did you live with after the separation?',
      'childhoodExperiences',
    ]) {
      expect(sent).not.toContain(absent);
    }
    await context.close();
  } finally {
    await server.stop();
    await provider.close();
  }
});

test('the form builder edits a content note, "Why we ask" and the Sensitive marker, and downloads them', async ({
  page,
  browser,
  screenshots,
  expectAxeClean,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInAdmin(browser);
  const typeName = `Care builder ${Date.now().toString(36)}`;
  const typeId = await createType(admin, typeName, careForm);
  await admin.dispose();
  const email = uniqueEmail('care-builder');
  createUser({ email, name: 'Bea Builder', password: PASSWORD, role: 'admin' });
  await login(page, { email, password: PASSWORD });
  await page.goto(`/#/formbuilder/${typeId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Form builder' })).toBeVisible();
  const sections = page.getByRole('list', { name: 'Sections' });
  await expect(sections.getByText('Sensitive', { exact: true })).toHaveCount(2);
  await expect(sections.getByText('Why we ask', { exact: true })).toHaveCount(2);

  await page.getByLabel('Content note of section 1 (optional)').fill('This section asks about childhood.');
  await page.getByRole('button', { name: 'Edit field Your name' }).click();
  const editor = page.getByRole('region', { name: /^Edit Field/ });
  await editor.getByRole('checkbox', { name: 'Sensitive' }).check();
  await editor.getByLabel('Why we ask (optional)').fill('To address you by name.');
  await editor.getByRole('button', { name: 'Update Field' }).click();
  await expect(sections.getByText('Sensitive', { exact: true })).toHaveCount(3);
  await expectAxeClean(page, 'the record with sensitive questions');
  await screenshots(page, 'builder-care');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const file = await download;
  const json = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
  expect(json.steps[0].contentNote).toBe('This section asks about childhood.');
  expect(json.steps[0].fields[0]).toMatchObject({ sensitive: true, whyWeAsk: 'To address you by name.' });
  expect(json.steps[0].fields[1]).toMatchObject({ sensitive: true, whyWeAsk: WHY });
});
