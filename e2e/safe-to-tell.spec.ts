import type { BrowserContext, Page } from '@playwright/test';
import { lifeInventoryForm } from '../src/domain/life-inventory.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { createRecord, createUser } from './support/cli.ts';
import { accountMenuButton, login, uniqueEmail } from './support/fixtures.ts';
import { fieldLocator, sectionOptions } from './support/record-form-driver.ts';
import {
  expectOnServer,
  idTokenOf,
  openRecord,
  PASSWORD,
  personWithRecord,
  recordOnServer,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

// Issue 28 §2, §4–§8 "Safe to tell": content notes, Take a break, Leave quickly, support lines,
// calm motion, keyboard and screen-reader names, at 1280 and 390 px.

const form = lifeInventoryForm;
const NOTED = 'Family of Origin - Separation';
const QUICK_EXIT = 'https://www.bbc.co.uk/weather';
const SHOTS = process.env.SAFE_TO_TELL_SHOTS;

/** The neutral page, served here: the browser tests never reach the network. */
async function stubNeutralPage(context: BrowserContext) {
  await context.route(`${QUICK_EXIT}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Weather</title><h1>Weather</h1>' }),
  );
}

/** Screenshots at 1280 and 390 px for a person to look at (SAFE_TO_TELL_SHOTS=dir), axe at both. */
async function lookAt(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeFindings(page, `safe to tell at ${width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the noted section through the sections list, without answering its note. */
async function openNotedSection(page: Page) {
  await page.getByRole('button', { name: /^Sections/ }).click();
  await page.getByRole('searchbox', { name: 'Search steps' }).fill('Separation');
  await page.getByRole('option', { name: new RegExp(`: ${NOTED}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: NOTED })).toBeVisible();
}

const note = (page: Page) => page.getByRole('region', { name: 'Before this section' });

// Each test signs in and runs axe on several screens (every rule, issue 44 §8): a busy machine
// needs more than the suite's 60 s.
test.describe.configure({ timeout: 120_000 });

test('a content note asks first; Skip this section for now goes on and the list says so', async ({
  page,
  browser,
  recordOwner: owner,
}) => {
  const token = await idTokenOf(page);
  await openNotedSection(page);

  await expect(note(page)).toBeVisible();
  await expect(note(page).getByRole('heading', { name: 'Before this section' })).toBeVisible();
  // The section's questions wait for the person's choice.
  await expect(fieldLocator(page, form, 'parentsSeparated')).toHaveCount(0);
  // The first note met explains Leave quickly, and that it does not clear the history.
  await expect(note(page).getByText(/does not clear your browser’s history/)).toBeVisible();
  await expect(note(page).getByRole('link', { name: /how to clear your browsing history/ })).toBeVisible();
  await lookAt(page, 'content-note');

  // Take a break from the note: the pause view, and back to the note, still asking.
  await note(page).getByRole('button', { name: 'Take a break' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Take a break' })).toBeFocused();
  await page.getByRole('button', { name: 'Back to my record' }).click();
  await expect(note(page)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: NOTED })).toBeFocused();

  await note(page).getByRole('button', { name: 'Skip this section for now' }).click();
  // It is the form's last section: there is no next one, so it says it is skipped, and opens on request.
  expect(form.steps.at(-1)?.stepTitle).toBe(NOTED);
  await expect(page.getByRole('region', { name: 'Skipped for now' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: NOTED })).toBeFocused();
  await lookAt(page, 'skipped-last-section');
  const options = await sectionOptions(page);
  expect(options.find((option) => option.includes(NOTED))).toMatch(/Skipped for now/);
  expect(options.find((option) => option.includes(NOTED))).not.toMatch(/complete/);
  await expect
    .poll(async () => (await recordOnServer(token, owner.recordId)).data[`sectionChoice:${NOTED}`])
    .toBe('skipped');

  // Coming back by Previous then Next: it asks again (not chosen yet), and opens on Continue.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(
    page.getByRole('heading', { level: 2, name: form.steps.at(-2)?.stepTitle ?? '' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(note(page)).toBeVisible();
  await expect(note(page).getByText(/does not clear your browser’s history/)).toHaveCount(0);
  await note(page).getByRole('button', { name: 'Continue' }).click();
  await expect(note(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: NOTED })).toBeFocused();
  // The end of a noted section says where to turn.
  await expect(page.getByRole('region', { name: 'Support' })).toBeVisible();
  await lookAt(page, 'noted-section-open');

  // Another device does not ask again.
  const other = await browser.newContext();
  const second = await other.newPage();
  await openRecord(second, owner);
  await openNotedSection(second);
  await expect(second.getByRole('heading', { level: 2, name: NOTED })).toBeVisible();
  await expect(note(second)).toHaveCount(0);
  await other.close();
  await expectOnServer(token, owner.recordId, { [`sectionChoice:${NOTED}`]: 'continue' });
});

test('Take a break: saved only once the server has every answer; offline says kept; back and log out', async ({
  page,
  context,
  recordOwner: _owner,
}) => {
  const name = fieldLocator(page, form, 'name');

  // A save held back by the server: the view says it is still saving, then saved.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('saveRecordAnswers')) await held;
    await route.continue();
  });
  await name.fill('Ada Pause');
  await page.getByRole('button', { name: 'Take a break' }).click();
  const pause = page.getByRole('region', { name: 'Take a break' });
  await expect(pause.getByRole('heading', { name: 'Take a break' })).toBeFocused();
  await expect(pause.getByRole('status')).toHaveText(/still being saved/);
  await lookAt(page, 'pause-saving');
  release();
  await expect(pause.getByRole('status')).toHaveText('Your answers are saved.');
  await expect(pause.getByText('It is fine to stop here', { exact: false })).toBeVisible();
  await expect(pause.getByText(/To come back, sign in/)).toBeVisible();
  await expect(pause.getByRole('region', { name: 'Support' })).toBeVisible();
  await lookAt(page, 'pause-saved');
  await page.unroute('**/graphql');

  await pause.getByRole('button', { name: 'Back to my record' }).click();
  await expect(name).toHaveValue('Ada Pause');

  // Offline: kept on this device and sent later.
  await context.setOffline(true);
  await name.fill('Ada Offline');
  await page.getByRole('button', { name: 'Take a break' }).click();
  await expect(pause.getByRole('status')).toHaveText(/offline.*kept on this device/i);
  await context.setOffline(false);
  await expect(pause.getByRole('status')).toHaveText('Your answers are saved.');

  // Log out is the header's logout (nothing unsent now, so it goes straight through).
  await pause.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeVisible();
});

test('Leave quickly: Back does not show the record; the answer typed just before is sent at the next sign-in', async ({
  page,
  context,
}) => {
  const owner = personWithRecord('leave');
  await stubNeutralPage(context);
  await login(page, { email: owner.email, password: PASSWORD });
  const token = await idTokenOf(page);
  await page.goto(`/#/record/${owner.recordId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Life Inventory' })).toBeVisible();
  await lookAt(page, 'record-care-controls');

  // Saves do not reach the server, so the answer can only be in the kept store.
  await page.route('**/graphql', (route) =>
    route.request().postData()?.includes('saveRecordAnswers') ? route.abort() : route.continue(),
  );
  await fieldLocator(page, form, 'name').fill('Typed before leaving');
  await page.getByRole('button', { name: 'Leave quickly' }).click();
  await page.waitForURL(`${QUICK_EXIT}**`);
  await expect(page.getByRole('heading', { name: 'Weather' })).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(new RegExp(owner.recordId));
  await expect(page.getByRole('heading', { level: 1, name: 'Life Inventory' })).toHaveCount(0);
  expect((await recordOnServer(token, owner.recordId)).data.name).toBeUndefined();

  // The next visit, in a new tab of the same browser: sign in, open the record, the answer goes out.
  await page.close();
  const next = await context.newPage();
  await next.goto('/');
  // The provider may still know the person (its session cookie): then the tab signs in by itself.
  // Login shows while that quiet sign-in is still on its way: give it time before typing a password.
  const signedIn = await expect(accountMenuButton(next))
    .toBeVisible({ timeout: 8_000 })
    .then(
      () => true,
      () => false,
    );
  if (!signedIn) await login(next, { email: owner.email, password: PASSWORD });
  await next.goto(`/#/record/${owner.recordId}`);
  await expect(fieldLocator(next, form, 'name')).toHaveValue('Typed before leaving');
  await expectOnServer(await idTokenOf(next), owner.recordId, { name: 'Typed before leaving' });
});

test('Escape three times within 2 s leaves from anywhere; the wizard has Leave quickly too', async ({
  page,
  context,
}) => {
  await stubNeutralPage(context);
  const email = uniqueEmail('wizard-leave');
  createUser({
    email,
    name: 'Wen Wizard',
    password: PASSWORD,
    role: 'customer',
    organization: 'Demo Organization',
  });
  await login(page, { email, password: PASSWORD });
  await page.goto('/#/inventory');
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave quickly' })).toBeVisible();
  await lookAt(page, 'wizard');

  // Two presses, a pause, two more: not three within 2 s.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.waitForTimeout(2100);
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/#\/inventory/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.waitForURL(`${QUICK_EXIT}**`);
});

test('Need support? shows the organization’s line, set in the admin console, else the default', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const caring = `Caring Org ${stamp}`;
  const adminEmail = uniqueEmail('support-admin');
  createUser({ email: adminEmail, name: 'Sam Admin', password: PASSWORD, role: 'admin' });
  const clientEmail = uniqueEmail('support-client');
  createUser({
    email: clientEmail,
    name: 'Cy Client',
    password: PASSWORD,
    role: 'client',
    organization: caring,
  });
  const recordId = createRecord({ clientEmail, type: 'Life Inventory', organization: caring });

  await login(page, { email: adminEmail, password: PASSWORD });
  await page.goto(`/#/admin?tab=organizations&q=${encodeURIComponent(caring)}`);
  await page.getByRole('button', { name: `Edit ${caring}` }).click();
  const of = `of ${caring}`;
  await page.getByRole('textbox', { name: `Support number ${of}` }).fill('0800 11 22 33');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('A support number or link needs a support text too.');
  await page
    .getByRole('textbox', { name: `Support text ${of}` })
    .fill('Our counsellors listen, day and night.');
  await page.getByRole('textbox', { name: `Support link ${of}` }).fill('https://caring.example/help');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Our counsellors listen, day and night. · 0800 11 22 33')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/admin-organizations-1280.png` });

  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await login(clientPage, { email: clientEmail, password: PASSWORD });
  await clientPage.goto(`/#/record/${recordId}`);
  await clientPage.getByRole('button', { name: 'Need support?' }).click();
  await expect(clientPage.getByRole('button', { name: 'Need support?' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const support = clientPage.getByRole('region', { name: 'Support' });
  await expect(support).toContainText('Our counsellors listen, day and night.');
  await expect(support.getByRole('link', { name: '0800 11 22 33' })).toHaveAttribute(
    'href',
    'tel:0800112233',
  );
  await expect(support.getByRole('link', { name: /caring\.example\/help/ })).toBeVisible();
  await lookAt(clientPage, 'need-support-organization');
  await client.close();

  // A record of the demo organization, which sets none: the configured default.
  const owner = personWithRecord('support-default');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await openRecord(otherPage, owner);
  await otherPage.getByRole('button', { name: 'Need support?' }).click();
  await expect(otherPage.getByRole('region', { name: 'Support' })).toContainText(
    'you do not have to carry it alone',
  );
  await other.close();
});

test('keyboard: Need support?, Take a break and Leave quickly are reached in order', async ({
  page,
  recordOwner: _owner,
}) => {
  const need = page.getByRole('button', { name: 'Need support?' });
  await need.focus();
  await page.keyboard.press('Enter');
  await expect(need).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Take a break' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Leave quickly' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Take a break' })).toBeFocused();
});

test('calm motion: with reduced motion no curtain, no sliding toast, no smooth scrolling', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const styles = await page.evaluate(() => {
    document.documentElement.style.scrollBehavior = 'smooth';
    const probe = (className: string) => {
      const element = document.createElement('div');
      element.className = className;
      document.body.append(element);
      const style = getComputedStyle(element);
      const result = {
        display: style.display,
        duration: style.animationDuration,
        scroll: style.scrollBehavior,
      };
      element.remove();
      return result;
    };
    return {
      html: getComputedStyle(document.documentElement).scrollBehavior,
      curtain: probe('curtain-overlay curtain-overlay--rise curtain-overlay--cover'),
      toast: probe('toast'),
    };
  });
  expect(styles.html).toBe('auto');
  expect(styles.curtain.display).toBe('none');
  expect(['0s', '0.001s']).toContain(styles.toast.duration);
});
