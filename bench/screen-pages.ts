// The two screens the bench compares, each served to Chromium by request interception from its
// production build, with the data calls answered at the network boundary by an in-memory record:
// what is measured is each client, not a server sharing the CPUs with it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page, Route } from 'playwright-core';
import type { FormTemplate } from '../src/domain/form-template.ts';
import { recordFormAnswer } from '../src/domain/record-form.ts';
import { toSurveyJson } from './peer/survey-json.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const recordClientDir = path.join(root, 'dist/client');
export const surveyClientDir = path.join(root, 'dist/bench-surveyjs');

export const origin = 'http://record-bench.local';
export const recordId = '00000000-0000-4000-8000-000000000001';
const sub = 'bench-person';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** The signed-in tab as oidc-client-ts keeps it (the browser checks claims; signatures are the server's). */
export async function signInBenchPerson(
  context: BrowserContext,
  roles: readonly string[] = ['client'],
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const profile = {
    iss: `${origin}/oidc`,
    aud: 'life-record-web',
    sub,
    iat: now,
    exp: now + 3600,
    name: 'Bench Person',
    email: 'bench@example.com',
    email_verified: true,
    'https://life-record.app/claims': { 'allowed-roles': roles },
  };
  const idToken = `${base64Url({ alg: 'RS256', typ: 'JWT' })}.${base64Url(profile)}.c2lnbmF0dXJl`;
  const entry = {
    key: `oidc.user:${origin}/oidc:life-record-web`,
    value: JSON.stringify({
      id_token: idToken,
      token_type: 'Bearer',
      scope: 'openid profile email',
      profile,
      expires_at: profile.exp,
    }),
  };
  await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), entry);
}

/** The record API as the record screen calls it: reads, and saves merged into one in-memory record. */
function fakeRecordApi(form: FormTemplate) {
  let version = 1;
  let data: Record<string, unknown> = {};
  const record = () => ({
    id: recordId,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, version)).toISOString(),
    version,
    submitted: false,
    data,
    user: { id: 'u1', federatedId: sub, name: 'Bench Person' },
    organization: null,
    inventoryType: { id: 't1', name: 'Bench Inventory' },
    inventoryTypeId: 't1',
    formVersion: 1,
    // Issue 26 §3: the form changes the record went through (none here); the screen reads them.
    formChanges: [],
    // As the server answers it (LifeRecord.form): resolved and checked there.
    form: recordFormAnswer(form, data),
  });
  return (body: { query: string; variables: { input?: { answers: Record<string, unknown> } } }) => {
    if (body.query.includes('mutation SaveRecordAnswers') && body.variables.input) {
      data = { ...data, ...body.variables.input.answers };
      version += 1;
      const { id, updatedAt, inventoryTypeId, formVersion } = record();
      // The form's identity as the server sends it: without it, every reply read as a form change
      // (issue 26 §3), and each save made the screen read the record again and rebuild the step.
      return {
        data: {
          saveRecordAnswers: {
            id,
            data,
            updatedAt,
            version,
            conflictingKeys: [],
            inventoryTypeId,
            formVersion,
          },
        },
      };
    }
    return { data: { record: record() } };
  };
}

const clientConfig = {
  productName: 'Life Record',
  oidc: {
    authority: `${origin}/oidc`,
    clientId: 'life-record-web',
    claimsNamespace: 'https://life-record.app/claims',
  },
};

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.html': 'text/html',
  '.woff2': 'font/woff2',
};

function fulfillFile(
  route: Route,
  dir: string,
  pathname: string,
  loadedScripts: string[],
  html?: (text: string) => string,
) {
  const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
  if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    return route.fulfill({ status: 404, body: 'Not found' });
  }
  if (file.endsWith('.js')) loadedScripts.push(path.relative(dir, file));
  const bytes = fs.readFileSync(file);
  const body = html && file.endsWith('.html') ? html(bytes.toString('utf8')) : bytes;
  return route.fulfill({ body, contentType: contentTypes[path.extname(file)] ?? 'application/octet-stream' });
}

/** The page's HTML with the client configuration the server would put in it. */
function withClientConfig(text: string): string {
  return text
    .replace(
      '<!--app-config-->',
      `<script id="app-config" type="application/json">${JSON.stringify(clientConfig)}</script>`,
    )
    .replaceAll('__PRODUCT_NAME__', 'Life Record');
}

export const builderTypeId = '00000000-0000-4000-8000-0000000000b1';

/** Our form builder at `#/formbuilder/{id}` on a stored form (issue 11); saves are not measured. */
export async function serveFormBuilder(page: Page, form: FormTemplate): Promise<string[]> {
  const loaded: string[] = [];
  const type = {
    id: builderTypeId,
    name: 'Bench Form',
    description: 'Bench',
    form,
    reportQuery: null,
    model: null,
  };
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/graphql') {
      const body = route.request().postDataJSON() as { query: string };
      return route.fulfill({
        json: { data: body.query.includes('BuilderInventoryType') ? { inventoryType: type } : {} },
      });
    }
    return fulfillFile(route, recordClientDir, url.pathname, loaded, withClientConfig);
  });
  await page.routeWebSocket(/.*/, (socket) => void socket.close());
  return loaded;
}

/** Our record screen at `#/record/{id}`; returns the scripts it requested. */
export async function serveRecordScreen(page: Page, form: FormTemplate): Promise<string[]> {
  const loaded: string[] = [];
  const answer = fakeRecordApi(form);
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/graphql') return route.fulfill({ json: answer(route.request().postDataJSON()) });
    return fulfillFile(route, recordClientDir, url.pathname, loaded, (text) =>
      text
        .replace(
          '<!--app-config-->',
          `<script id="app-config" type="application/json">${JSON.stringify(clientConfig)}</script>`,
        )
        .replaceAll('__PRODUCT_NAME__', 'Life Record'),
    );
  });
  // Live updates are not measured: the socket is refused and polling stands in.
  await page.routeWebSocket(/.*/, (socket) => void socket.close());
  return loaded;
}

/** The SurveyJS peer (bench/peer) rendering the same form; its saves are answered with 200. */
export async function serveSurveyPeer(page: Page, form: FormTemplate): Promise<string[]> {
  const loaded: string[] = [];
  const json = toSurveyJson(form);
  await page.route(`${origin}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/survey.json') return route.fulfill({ json });
    if (url.pathname === '/save') return route.fulfill({ json: { ok: true } });
    return fulfillFile(route, surveyClientDir, url.pathname, loaded);
  });
  return loaded;
}
