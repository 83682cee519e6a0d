import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingKey } from '#domain/voice-answers.ts';
import { queryRows } from '../../db/database.ts';
import { type ApiFixtures, createApiFixtures } from '../../test-support/api-fixtures.ts';
import {
  FAKE_TRANSCRIPT,
  type FakeOpenAiServer,
  startFakeOpenAiServer,
} from '../../test-support/fake-openai-server.ts';
import { graphql } from '../../test-support/graphql-client.ts';
import { uploadRecording } from '../../test-support/recording-upload.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { fakeWebm } from '../../test-support/webm-fixture.ts';

// Issue 41 §5–§6 through a local OpenAI-compatible server: only with the owner's consent, in the
// background, split under the endpoint's limit, audited, a draft in the recording's descriptor.

let test: TestApp;
let f: ApiFixtures;
let provider: FakeOpenAiServer;
const baseUrl = () => `http://127.0.0.1:${(test.app.server.address() as { port: number }).port}`;

beforeAll(async () => {
  provider = await startFakeOpenAiServer();
  test = await createTestApp({
    listen: true,
    env: {
      TRANSCRIPTION_BASE_URL: provider.baseUrl,
      TRANSCRIPTION_API_KEY: 'sk-transcribe',
      TRANSCRIPTION_MODEL: 'whisper-large',
      TRANSCRIPTION_MAX_BYTES: String(64 * 1024),
    },
  });
  f = await createApiFixtures(test.database.db, test.config);
});
afterAll(async () => {
  await test.close();
  await provider.close();
});

async function descriptor() {
  const response = await graphql(
    test.app,
    'query($id: ID!) { record(id: $id) { data } }',
    { id: f.ownedRecordId },
    f.users.owner.headers,
  );
  return (response.data as { record: { data: Record<string, unknown> } }).record.data[
    recordingKey('name')
  ] as {
    id: string;
    transcript: { state: string; text?: string; error?: string };
  };
}

const record = (audio: Buffer) =>
  uploadRecording({
    baseUrl: baseUrl(),
    token: f.users.owner.token,
    recordId: f.ownedRecordId,
    answerKey: 'name',
    audio,
  });

async function setConsent(agreed: boolean) {
  const response = await graphql(
    test.app,
    'mutation($r: ID!, $a: Boolean!) { setAiConsent(recordId: $r, agreed: $a) { agreed } }',
    { r: f.ownedRecordId, a: agreed },
    f.users.owner.headers,
  );
  expect(response.errors).toBeUndefined();
}

describe('transcription', () => {
  it('sends nothing without the owner’s consent, and says so', async () => {
    await record(fakeWebm(3, 1_000));
    expect((await descriptor()).transcript).toEqual({ state: 'no-consent' });
    expect(provider.transcriptions).toHaveLength(0);
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/recordings/${(await descriptor()).id}/transcription`,
      headers: f.users.owner.headers,
    });
    expect(again.statusCode).toBe(403);
    expect(provider.transcriptions).toHaveLength(0);
  });

  it('with consent, splits a long recording under the limit, each piece a WebM of its own, and keeps a draft', async () => {
    await setConsent(true);
    provider.transcribeAs((piece) => `Piece ${piece}.`);
    const audio = fakeWebm(12, 15_000); // 180 KB against a 64 KB limit
    await record(audio);
    await expect.poll(async () => (await descriptor()).transcript.state, { timeout: 20_000 }).toBe('done');
    const pieces = provider.transcriptions;
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    for (const piece of pieces) {
      expect(piece.bytes.length).toBeLessThanOrEqual(64 * 1024);
      expect(piece.bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
      expect(piece).toMatchObject({
        model: 'whisper-large',
        authorization: 'Bearer sk-transcribe',
        fileType: 'audio/webm',
      });
    }
    expect((await descriptor()).transcript).toEqual({
      state: 'done',
      text: pieces.map((_, index) => `Piece ${index + 1}.`).join(' '),
    });
    // The typed answer is untouched until the person uses the transcript.
    const response = await graphql(
      test.app,
      'query($id: ID!) { record(id: $id) { data } }',
      { id: f.ownedRecordId },
      f.users.owner.headers,
    );
    expect((response.data as { record: { data: { name: string } } }).record.data.name).toBe('Ada');
    const [entry] = await queryRows<{ action: string; model: string; actor_id: string }>(
      test.database.db,
      sql`select action, model, actor_id from audit_entries where action = 'recording.transcribe'`,
    );
    expect(entry).toEqual({
      action: 'recording.transcribe',
      model: 'whisper-large',
      actor_id: f.users.owner.id,
    });
  });

  it('says what went wrong when the endpoint fails, and tries again when asked', async () => {
    provider.transcriptions.length = 0;
    provider.behave({ kind: 'status', status: 500, message: 'boom' });
    await record(fakeWebm(2, 1_000));
    // The queue retries with back-off; meanwhile the person reads what happened and that it will.
    await expect
      .poll(async () => (await descriptor()).transcript, { timeout: 20_000 })
      .toEqual({
        state: 'queued',
        error:
          'The transcript could not be made: The AI service failed (HTTP 500). Please try again. Trying again shortly.',
      });
    provider.behave({ kind: 'reply', content: '' });
    provider.transcribeAs(() => FAKE_TRANSCRIPT);
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/recordings/${(await descriptor()).id}/transcription`,
      headers: f.users.owner.headers,
    });
    expect(again.statusCode).toBe(202);
    await expect
      .poll(async () => (await descriptor()).transcript, { timeout: 20_000 })
      .toEqual({ state: 'done', text: FAKE_TRANSCRIPT });
  });
});

// Decision 188: the inventory wizard has no record; its recording is transcribed in the request
// and never stored.
describe('the wizard’s recording', () => {
  const send = (headers: Record<string, string>, consent: boolean, body: Buffer) =>
    test.app.inject({
      method: 'POST',
      url: `/api/narrative/transcript${consent ? '?aiConsent=true' : ''}`,
      headers: { ...headers, 'content-type': 'audio/webm;codecs=opus' },
      payload: body,
    });

  it('is transcribed for a customer who says yes, in pieces, audited, and nothing of it is kept', async () => {
    provider.transcriptions.length = 0;
    provider.transcribeAs((piece) => `Wizard ${piece}.`);
    const count = async () =>
      (await queryRows<{ n: number }>(test.database.db, sql`select count(*)::int as n from recordings`))[0]
        ?.n;
    const before = await count();
    // 1.2 MB: past Fastify's usual 1 MB body, within a recording's limit.
    const answered = await send(f.users.customerA.headers, true, fakeWebm(60, 20_000));
    expect(answered.statusCode).toBe(200);
    const pieces = provider.transcriptions.length;
    expect(pieces).toBeGreaterThanOrEqual(3);
    expect(answered.json()).toEqual({
      text: Array.from({ length: pieces }, (_, index) => `Wizard ${index + 1}.`).join(' '),
    });
    expect(await count()).toBe(before);
    const entries = await queryRows<{ record_id: string | null }>(
      test.database.db,
      sql`select record_id from audit_entries where action = 'recording.transcribe' and actor_id = ${f.users.customerA.id}`,
    );
    expect(entries).toEqual([{ record_id: null }]);
  });

  it('is refused without the yes, to a client, and unsigned', async () => {
    provider.transcriptions.length = 0;
    expect((await send(f.users.customerA.headers, false, fakeWebm(1, 1_000))).statusCode).toBe(403);
    expect((await send(f.users.owner.headers, true, fakeWebm(1, 1_000))).statusCode).toBe(403);
    expect((await send({}, true, fakeWebm(1, 1_000))).statusCode).toBe(401);
    expect(provider.transcriptions).toHaveLength(0);
  });
});
