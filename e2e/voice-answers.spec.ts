import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PGlite } from '@electric-sql/pglite';
import { request as playwrightRequest } from '@playwright/test';
import { unzipSync } from 'fflate';
import { FAKE_TRANSCRIPT, startFakeOpenAiServer } from '../src/server/test-support/fake-openai-server.ts';
import { fakeMicrophone } from './support/fake-microphone.ts';
import { login } from './support/fixtures.ts';
import { ownServer } from './support/own-server.ts';
import {
  expectOnServer,
  idTokenOf,
  PASSWORD,
  personWithRecord,
  recordOnServer,
} from './support/record-session.ts';
import { expect, test } from './support/test-fixtures.ts';

test.use({ axeScope: { include: '.record-screen' } });

// Issue 41 in Chromium with a fake microphone fed from a WAV that espeak-ng speaks, against a server
// of this spec's own whose transcription endpoint is a local OpenAI-compatible test server: record,
// reload in the middle, send while offline and back, play, transcribe, use the transcript, record
// again, delete; then the person erases their story and no audio is left that opens.

test.use(fakeMicrophone('I grew up in a small house by the sea. My grandmother told stories every evening.'));

test('a spoken answer: recorded, kept through a reload and offline, sent, played, transcribed, used, replaced, deleted, erased', async ({
  browser,
  screenshots,
  expectAxeClean,
}) => {
  test.setTimeout(300_000);
  const provider = await startFakeOpenAiServer();
  const server = ownServer(undefined, { OPENAI_BASE_URL: provider.baseUrl, OPENAI_API_KEY: 'sk-e2e' });
  try {
    await server.start();
    const owner = personWithRecord('voice', server.env);
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await login(page, { email: owner.email, password: PASSWORD });
    await page.goto(`/#/record/${owner.recordId}`);
    await page.getByRole('checkbox', { name: /use an AI service/ }).check();
    await expect(page.getByRole('status').filter({ hasText: /^Allowed since/ })).toBeVisible();
    const question = page.locator('.record-question').filter({ hasText: 'What is your full name?' });
    await question.getByRole('textbox').fill('Ada');

    // Record: time runs, Pause and Resume, and the state is announced.
    await question.getByRole('button', { name: 'Record an answer' }).click();
    await expect(question.getByRole('status').filter({ hasText: 'Recording.' })).toBeAttached();
    await expect(question.getByText(/^Recorded 0:0[2-9]/)).toBeVisible({ timeout: 10_000 });
    await question.getByRole('button', { name: 'Pause' }).click();
    await expect(question.getByRole('status').filter({ hasText: /^Paused at/ })).toBeAttached();
    await expect(question.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expectAxeClean(page, 'the record screen with spoken answers');
    await screenshots(page, 'paused', { fullPage: false });
    await question.getByRole('button', { name: 'Resume' }).click();
    // Past one 5 s chunk, the page goes away in the middle of the recording.
    await expect(question.getByText(/^Recorded 0:0[7-9]/)).toBeVisible({ timeout: 15_000 });
    await page.reload();

    // The next visit finds what was kept (at most the last 5 s lost) and sends it while offline:
    // it waits, kept on the device, and goes out once the connection is back.
    const interrupted = question.getByText(/^A recording of 0:0[2-9] was interrupted before it was sent/);
    await expect(interrupted).toBeVisible();
    await screenshots(page, 'interrupted', { fullPage: false });
    await context.setOffline(true);
    await question.getByRole('button', { name: 'Send it' }).click();
    await expect(question.getByText(/^You are offline\. Your recording/)).toBeVisible();
    await context.setOffline(false);
    const token = await idTokenOf(page);
    await expect
      .poll(
        async () => (await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'],
        {
          timeout: 30_000,
        },
      )
      .toMatchObject({ mimeType: 'audio/webm;codecs=opus' });

    // Transcribed in the background with the person's consent; a draft until they use it.
    await expect(question.getByText(FAKE_TRANSCRIPT)).toBeVisible({ timeout: 30_000 });
    expect(provider.transcriptions[0]?.bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    await expect(
      question.getByText('Machine transcript (a draft: check it before you use it)'),
    ).toBeVisible();
    await question.getByRole('button', { name: 'Use this transcript' }).click();
    await expect(question.getByRole('textbox')).toHaveValue(`Ada ${FAKE_TRANSCRIPT}`);
    await expectOnServer(
      token,
      owner.recordId,
      { name: expect.stringContaining(FAKE_TRANSCRIPT) },
      server.baseUrl,
    );
    await expectAxeClean(page, 'the record screen with spoken answers');
    await screenshots(page, 'transcribed', { fullPage: false });

    // Play: the player plays, seeks by keyboard, and changes speed.
    await question.getByRole('button', { name: 'Play recording' }).click();
    await expect(question.getByRole('button', { name: 'Pause recording' })).toBeVisible();
    await expect
      .poll(() => question.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(0.3);
    await question.getByRole('button', { name: 'Pause recording' }).click();
    const position = question.getByRole('slider', { name: 'Position' });
    await position.focus();
    await page.keyboard.press('Home');
    await expect(position).toHaveValue('0');
    // A few seconds were kept before the reload: 5 s forward reaches (about) the end, and the
    // audio element really moved there (a browser-made WebM seeks once it is loaded whole).
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => question.locator('audio').evaluate((a: HTMLAudioElement) => a.currentTime))
      .toBeGreaterThan(1.5);
    await expect(position).not.toHaveValue('0');
    await question.getByLabel('Speed').selectOption('1.5');
    expect(await question.locator('audio').evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);

    // Record again: the new recording replaces the first; then it is deleted and the text stays.
    const first = (await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'] as {
      id: string;
    };
    await question.getByRole('button', { name: 'Record again' }).click();
    await expect(question.getByText(/^Recorded 0:0[3-9]/)).toBeVisible({ timeout: 10_000 });
    await question.getByRole('button', { name: 'Stop' }).click();
    await expect(
      question.getByRole('status').filter({ hasText: /^Recording stopped: \d+ seconds recorded\./ }),
    ).toBeAttached();
    await expect
      .poll(
        async () =>
          (
            (await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'] as {
              id: string;
            }
          ).id,
        {
          timeout: 20_000,
        },
      )
      .not.toBe(first.id);
    const audio = await fetchAudio(
      server.baseUrl,
      token,
      ((await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'] as { id: string })
        .id,
    );
    expect(audio.length).toBeGreaterThan(1_000);
    expect((await fetchAudioResponse(server.baseUrl, token, first.id)).status).toBe(404);
    await question.getByRole('button', { name: 'Delete recording' }).click();
    await expect(question.getByRole('button', { name: 'Record an answer' })).toBeVisible();
    await expect(question.getByRole('textbox')).toHaveValue(new RegExp(FAKE_TRANSCRIPT.replace('.', '\\.')));

    // One more recording, then the person erases their story: no audio is left that opens, and
    // none lies in the clear under the server's data directory.
    await question.getByRole('button', { name: 'Record an answer' }).click();
    await expect(question.getByText(/^Recorded 0:0[3-9]/)).toBeVisible({ timeout: 10_000 });
    await question.getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(
        async () =>
          (await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'] ?? null,
        { timeout: 20_000 },
      )
      .not.toBeNull();
    const lastId = (
      (await recordOnServer(token, owner.recordId, server.baseUrl)).data['recording:name'] as { id: string }
    ).id;
    const clear = await fetchAudio(server.baseUrl, token, lastId);
    await page.goto('/#/');
    // Download my data holds the recording's audio, whole.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data with my recordings (ZIP)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('life-record-my-data.zip');
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Buffer.from(files[`recordings/${lastId}.webm`] ?? []).equals(clear)).toBe(true);
    const account = page.getByRole('region', { name: 'Your account' });
    await account.getByRole('button', { name: 'Delete my account and my story' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account and my story' });
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await dialog.getByRole('button', { name: 'Delete my account and my story' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your account and your story have been erased' }),
    ).toBeVisible();
    await server.stop();
    const probe = clear.subarray(Math.floor(clear.length / 2), Math.floor(clear.length / 2) + 24);
    for (const file of fs.readdirSync(server.dataDir, { recursive: true, withFileTypes: true })) {
      if (file.isFile())
        expect(fs.readFileSync(path.join(file.parentPath, file.name)).includes(probe), file.name).toBe(false);
    }
    // The rows are gone and the record's data key with them: nothing left that opens.
    const database = await PGlite.create(path.join(server.dataDir, 'pg'));
    const left = await database.query<{ n: number }>(
      'select (select count(*) from recordings)::int + (select count(*) from recording_parts)::int as n',
    );
    await database.close();
    expect(left.rows[0]?.n).toBe(0);
    const keys = new DatabaseSync(path.join(server.dataDir, 'keys', 'data-keys.sqlite'));
    expect(
      keys.prepare('select count(*) as n from data_keys where record_id = ?').get(owner.recordId),
    ).toEqual({ n: 0 });
    keys.close();
  } finally {
    await server.stop();
    await provider.close();
  }
});

async function fetchAudioResponse(baseURL: string, token: string, id: string) {
  const api = await playwrightRequest.newContext({ baseURL });
  const response = await api.get(`/api/recordings/${id}/audio`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const result = { status: response.status(), body: await response.body() };
  await api.dispose();
  return result;
}

async function fetchAudio(baseURL: string, token: string, id: string) {
  const response = await fetchAudioResponse(baseURL, token, id);
  expect(response.status).toBe(200);
  return response.body;
}
