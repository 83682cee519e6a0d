import { type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { createRecord, createUser, seedDemo } from './support/cli.ts';
import { e2eBaseUrl } from './support/e2e-environment.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { idTokenOf, PASSWORD } from './support/record-session.ts';

// Issue 15 §4: with many questions in one step, the progress and the sections stay in view below
// the site header, the step controls at the bottom of the window, and a focused question is never
// hidden under either.

const QUESTIONS = 40;
// Inventory type names are unique (issue 10): each test makes a type of its own.
const typeNameFor = (width: number) => `Long step ${Date.now()} at ${width}`;

async function createLongStepType(page: Page, typeName: string) {
  const admin = {
    email: uniqueEmail('long-step-admin'),
    name: 'Admin Long',
    password: PASSWORD,
    role: 'admin' as const,
  };
  createUser(admin);
  await login(page, admin);
  const token = await idTokenOf(page);
  const api = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  const fields = Array.from({ length: QUESTIONS }, (_, index) => ({
    id: `q${index + 1}`,
    label: `Question ${index + 1}`,
    type: 'text',
    required: true,
  }));
  const response = await api.post('/graphql', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      query: 'mutation ($input: InventoryTypeInput!) { createInventoryType(input: $input) { id } }',
      variables: {
        input: {
          name: typeName,
          description: 'One long step',
          form: { formId: 'long', formTitle: 'Long', steps: [{ stepTitle: 'Everything', fields }] },
        },
      },
    },
  });
  expect((await response.json()).errors).toBeUndefined();
  await api.dispose();
  await page.context().clearCookies();
}

/** A new person's record of a new long-step type, and a page signed in as them. */
async function signedInWithLongStepRecord(browser: Browser, typeName: string, emailPrefix: string) {
  const setup = await browser.newPage();
  seedDemo();
  await createLongStepType(setup, typeName);
  await setup.close();
  const person = {
    email: uniqueEmail(emailPrefix),
    name: 'Ada Long',
    password: PASSWORD,
    role: 'client' as const,
  };
  createUser({ ...person, organization: 'Demo Organization' });
  const recordId = createRecord({ clientEmail: person.email, type: typeName });
  const page = await browser.newPage();
  await login(page, person);
  return { page, recordId };
}

async function inView(page: Page, box: { y: number; height: number } | null) {
  const height = page.viewportSize()?.height ?? 0;
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height + 1);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px the progress and the step controls stay in view on a long step`, async ({
    browser,
  }) => {
    const typeName = typeNameFor(viewport.width);
    const { page, recordId } = await signedInWithLongStepRecord(browser, typeName, 'long-step');
    // Signed in at the default width (the header's Logout is behind the menu button at 390 px).
    await page.setViewportSize(viewport);
    await page.goto(`/#/record/${recordId}`);
    await expect(page.getByRole('heading', { level: 1, name: typeName })).toBeVisible();

    const bar = page.getByRole('region', { name: 'Progress and sections' });
    const header = page.locator('.site-header');
    const last = page.getByRole('textbox', { name: `Question ${QUESTIONS}` });
    await last.focus();
    await last.fill('The end');
    await expect(page.getByText(/\d+% Completed/)).toBeVisible();

    const barBox = await bar.boundingBox();
    const headerBox = await header.boundingBox();
    await inView(page, barBox);
    expect(Math.round(barBox?.y ?? 0)).toBe(Math.round((headerBox?.y ?? 0) + (headerBox?.height ?? 0)));
    await inView(page, await page.getByRole('button', { name: 'Complete & Send' }).boundingBox());

    // A question reached with the keyboard in the middle of the step is not under the sticky bar.
    const middle = page.getByRole('textbox', { name: 'Question 20', exact: true });
    await page.getByRole('textbox', { name: 'Question 19', exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    // Forward again past Question 19 and its "Record an answer" (issue 41) to Question 20.
    for (
      let presses = 0;
      presses < 4 && !(await middle.evaluate((node) => node === document.activeElement));
      presses++
    )
      await page.keyboard.press('Tab');
    await expect(middle).toBeFocused();
    const middleBox = await middle.boundingBox();
    const barNow = await bar.boundingBox();
    expect(middleBox?.y ?? 0).toBeGreaterThanOrEqual((barNow?.y ?? 0) + (barNow?.height ?? 0) - 1);
    await page.screenshot({ path: `test-results/record-long-step-${viewport.width}.png` });
    await page.close();
  });
}

// Issue 15 §2: a long step paints its first questions whole and the others as their words at once,
// then builds every control in the background; nothing stays a placeholder, and the last question
// takes and keeps an answer like the first.
test('a long step shows every question at once and builds every control after', async ({ browser }) => {
  const { page, recordId } = await signedInWithLongStepRecord(browser, typeNameFor(0), 'long-build');
  // Every question's words arrive with the first paint of the step, whether built yet or not.
  const firstPaint = page.waitForFunction(
    (count) => {
      const fields = document.querySelector('.record-steps__fields');
      return fields && fields.children.length === count ? fields.textContent : null;
    },
    QUESTIONS,
    { polling: 'raf' },
  );
  await page.goto(`/#/record/${recordId}`);
  const text = (await (await firstPaint).jsonValue()) ?? '';
  for (const number of [1, 13, QUESTIONS]) expect(text).toContain(`Question ${number}`);

  const fields = page.locator('.record-steps__fields');
  await expect(fields).not.toHaveAttribute('aria-busy');
  await expect(page.locator('.record-field__pending')).toHaveCount(0);
  // The step's questions (the Reminders panel beside them has a field of its own).
  await expect(fields.getByRole('textbox')).toHaveCount(QUESTIONS);

  const last = page.getByRole('textbox', { name: `Question ${QUESTIONS}` });
  await last.fill('Built and kept');
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: `Question ${QUESTIONS}` })).toHaveValue('Built and kept');
  await page.close();
});
