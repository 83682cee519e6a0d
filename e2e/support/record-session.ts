// Browser-test helpers for the record screen: a person with a Life Inventory record (made by the
// CLI through the running server), signed in through the real provider, and the record read back
// through the GraphQL API (never through the screen) for "is it on the server" checks.
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { createRecord, createUser, seedDemo } from './cli.ts';
import { e2eBaseUrl } from './e2e-environment.ts';
import { login, uniqueEmail } from './fixtures.ts';

export const PASSWORD = 'correct horse battery staple';

export interface RecordOwner {
  email: string;
  name: string;
  recordId: string;
}

/** A client with one Life Inventory record (seed-demo provides the type). */
export function personWithRecord(prefix = 'filler', server?: Record<string, string>): RecordOwner {
  seedDemo(server);
  const email = uniqueEmail(prefix);
  const name = `Ada ${prefix}`;
  createUser({ email, name, password: PASSWORD, role: 'client', organization: 'Demo Organization' }, server);
  const recordId = createRecord({ clientEmail: email, type: 'Life Inventory' }, server);
  return { email, name, recordId };
}

/** Signs in and opens the record screen; waits until the form is there. */
export async function openRecord(page: Page, owner: { email: string; recordId: string }): Promise<void> {
  await openRecordOf(page, owner, 'Life Inventory');
}

/** Signs in and opens a record of the named inventory type; waits until the form is there. */
export async function openRecordOf(
  page: Page,
  owner: { email: string; recordId: string },
  typeName: string,
): Promise<void> {
  await login(page, { email: owner.email, password: PASSWORD });
  await page.goto(`/#/record/${owner.recordId}`);
  await expect(page.getByRole('heading', { level: 1, name: typeName })).toBeVisible();
}

/** The signed-in tab's ID token (oidc-client-ts keeps the user in sessionStorage). */
export async function idTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('oidc.user:')) return JSON.parse(sessionStorage.getItem(key) ?? '{}').id_token;
    }
    throw new Error('Nobody is signed in in this tab.');
  });
}

export interface RecordOnServer {
  data: Record<string, unknown>;
  version: number;
  submitted: boolean;
}

/** The record as the API has it, read from the test process (not the browser). */
export async function recordOnServer(
  token: string,
  recordId: string,
  baseURL = e2eBaseUrl,
): Promise<RecordOnServer> {
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await api.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        query: 'query ($id: ID!) { record(id: $id) { data version submitted } }',
        variables: { id: recordId },
      },
    });
    const body = await response.json();
    if (body.errors) throw new Error(body.errors[0].message);
    return body.data.record;
  } finally {
    await api.dispose();
  }
}

/** Polls the API until the record's answers include `expected`. */
export async function expectOnServer(
  token: string,
  recordId: string,
  expected: Record<string, unknown>,
  baseURL = e2eBaseUrl,
): Promise<void> {
  await expect
    .poll(async () => (await recordOnServer(token, recordId, baseURL)).data, { timeout: 20_000 })
    .toMatchObject(expected);
}

/**
 * The owner saves answers through the API from a browser context of their own (not the screen);
 * with `aiConsent`, they also agree to AI processing (issue 29 §3: without their yes no answer
 * goes to an outside model).
 */
export async function answerAsOwner(
  browser: import('@playwright/test').Browser,
  owner: { email: string; recordId: string },
  answers: Record<string, unknown>,
  baseURL = e2eBaseUrl,
  { aiConsent = false }: { aiConsent?: boolean } = {},
): Promise<void> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, { email: owner.email, password: PASSWORD });
  const token = await idTokenOf(page);
  await context.close();
  const { version } = await recordOnServer(token, owner.recordId, baseURL);
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await api.post('/graphql', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        query: 'mutation($i: SaveRecordAnswersInput!) { saveRecordAnswers(input: $i) { version } }',
        variables: { i: { id: owner.recordId, baseVersion: version, answers } },
      },
    });
    expect((await response.json()).errors).toBeUndefined();
    if (aiConsent) {
      const agreed = await api.post('/graphql', {
        headers: { authorization: `Bearer ${token}` },
        data: {
          query: 'mutation($id: ID!) { setAiConsent(recordId: $id, agreed: true) { agreed } }',
          variables: { id: owner.recordId },
        },
      });
      expect((await agreed.json()).errors).toBeUndefined();
    }
  } finally {
    await api.dispose();
  }
}
