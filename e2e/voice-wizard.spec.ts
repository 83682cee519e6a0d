import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, type Page, test } from '@playwright/test';
import { FAKE_TRANSCRIPT, startFakeOpenAiServer } from '../src/server/test-support/fake-openai-server.ts';
import { expectNoAxeFindings } from './support/axe.ts';
import { createUser } from './support/cli.ts';
import { fakeMicrophone } from './support/fake-microphone.ts';
import { login, uniqueEmail } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';

// Issue 41 §1 on the inventory wizard's narrative questions (decision 188): recorded with the fake
// microphone, kept on the device through a reload, played from there, transcribed on request by a
// local OpenAI-compatible test server, used, deleted; the server keeps no audio of it.

test.use(fakeMicrophone('We moved house every year, and I changed schools six times.'));

const password = 'a long passphrase 42';
const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });

/** Steps 1–6 with the least the browser's form asks, then step 7 with an experience ticked. */
async function toTheExperiences(page: Page) {
  await page.goto('/#/inventory');
  const fill = async (label: RegExp, value: string) => page.getByLabel(label).fill(value);
  await fill(/What is your full name/, 'Ada Lovelace');
  await fill(/What is your date of birth/, '12/10/1980');
  await next(page).click();
  await fill(/Height/, '170 cm');
  await fill(/Weight/, '61 kg');
  await next(page).click();
  await next(page).click();
  await fill(/In which city/, 'Dayton');
  await fill(/In which state/, 'Ohio');
  await fill(/lived the longest/, 'Columbus');
  await next(page).click();
  for (const label of [
    /full brothers/,
    /half brothers/,
    /stepbrothers/,
    /full sisters/,
    /half sisters/,
    /stepsisters/,
  ])
    await fill(label, '0');
  await next(page).click();
  await fill(/with your father/, '10');
  await fill(/with your mother/, '18');
  await next(page).click();
  await fill(/when you left home/, '18');
  await page.getByRole('checkbox', { name: 'Homelessness' }).check();
  return page.locator('.wizard-question').filter({ hasText: 'Please describe these experiences' });
}

test('the wizard’s narrative question: recorded, kept on the device through a reload, transcribed, used, deleted', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const provider = await startFakeOpenAiServer();
  const server = ownServer(undefined, { OPENAI_BASE_URL: provider.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  try {
    await server.start();
    const email = uniqueEmail('wizard-voice');
    createUser(
      { email, name: 'Cora Customer', password, role: 'customer', organization: 'Voice Org' },
      server.env,
    );
    const page = await (await browser.newContext({ baseURL: server.baseUrl })).newPage();
    await login(page, { email, password });
    let question = await toTheExperiences(page);
    await question.getByRole('textbox').fill('We moved often.');
    await question.getByRole('button', { name: 'Record an answer' }).click();
    await expect(question.getByRole('status').filter({ hasText: 'Recording.' })).toBeAttached();
    // Past one 5 s chunk: what was kept outlives the page.
    await expect(question.getByText(/^Recorded 0:0[6-9]/)).toBeVisible({ timeout: 15_000 });
    await question.getByRole('button', { name: 'Stop' }).click();
    await expect(
      question.getByText(/^Your recorded answer \(0:0\d\), kept on this device only/),
    ).toBeVisible();
    await page.reload();

    // The wizard starts again (it keeps no typed answer), but the recording is still on the device.
    question = await toTheExperiences(page);
    await expect(
      question.getByText(/^Your recorded answer \(0:0[5-9]\), kept on this device only/),
    ).toBeVisible();
    await question.getByRole('button', { name: 'Play recording' }).click();
    await expect
      .poll(() => question.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0.3);
    await question.getByRole('button', { name: 'Pause recording' }).click();
    await question.getByRole('textbox').fill('We moved often.');
    const make = question.getByRole('button', { name: 'Make a transcript' });
    await expect(make).toBeDisabled();
    await question.getByRole('checkbox', { name: /Allow the transcription service/ }).check();
    await make.click();
    await expect(question.getByText(FAKE_TRANSCRIPT)).toBeVisible({ timeout: 30_000 });
    expect(provider.transcriptions).toHaveLength(1);
    expect(provider.transcriptions[0]?.bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    await question.getByRole('button', { name: 'Use this transcript' }).click();
    await expect(question.getByRole('textbox')).toHaveValue(`We moved often.\n\n${FAKE_TRANSCRIPT}`);
    await expectNoAxeFindings(page, 'the wizard with a spoken answer', '.wizard');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await question.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/voice-wizard-${width}.png` });
    }

    await question.getByRole('button', { name: 'Delete recording' }).click();
    await expect(question.getByRole('button', { name: 'Record an answer' })).toBeVisible();
    await expect(question.getByText(/kept on this device only/)).toHaveCount(0);
    // Transcribed in the request, never stored: the server has no recording at all.
    await server.stop();
    const database = await PGlite.create(path.join(server.dataDir, 'pg'));
    const left = await database.query<{ n: number }>(
      'select (select count(*) from recordings)::int + (select count(*) from recording_parts)::int as n',
    );
    await database.close();
    expect(left.rows[0]?.n).toBe(0);
  } finally {
    await server.stop();
    await provider.close();
  }
});
