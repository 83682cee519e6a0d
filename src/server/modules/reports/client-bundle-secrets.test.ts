import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// DESIGN §8 "No secret in the browser": the web client is built with a model API key and endpoint
// in its environment (as on a server where they are configured) and served by a server that has
// them; no JavaScript the browser can fetch may contain either, nor OpenAI's own endpoint (which
// would mean the model client was bundled for the browser). Also: the Word export (the docx
// package) stays out of the entry and the record screen's chunk (DESIGN §2, lazy-loaded).

const root = fileURLToPath(new URL('../../../..', import.meta.url));
const API_KEY = 'sk-bundle-test-5d1f0e3a9b7c4e21';
const BASE_URL = 'http://models.internal.example:4000/v1';

let outDir: string;
let test: TestApp;

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-client-'));
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        OPENAI_API_KEY: API_KEY,
        OPENAI_BASE_URL: BASE_URL,
        // A variable Vite would put into the bundle, were any client code to read it.
        VITE_OPENAI_API_KEY: API_KEY,
      },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
  test = await createTestApp({
    env: { OPENAI_API_KEY: API_KEY, OPENAI_BASE_URL: BASE_URL },
    clientDir: outDir,
  });
}, 300_000);

afterAll(async () => {
  await test?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
});

/** Every script the browser can load: the page itself, then every file the build emitted, over HTTP. */
async function servedScripts(): Promise<Map<string, string>> {
  const served = new Map<string, string>();
  const page = await test.app.inject({ method: 'GET', url: '/' });
  expect(page.statusCode).toBe(200);
  served.set('/', page.body);
  const config = await test.app.inject({ method: 'GET', url: '/api/client-config' });
  served.set('/api/client-config', config.body);
  const files = fs
    .readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile());
  for (const file of files) {
    const url = `/${path.relative(outDir, path.join(file.parentPath, file.name)).split(path.sep).join('/')}`;
    if (!/\.(m?js|html|css|json|map)$/.test(url)) continue;
    const response = await test.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
    served.set(url, response.body);
  }
  return served;
}

describe('the JavaScript served to the browser', () => {
  it('holds no model API key, no model endpoint and no model client', async () => {
    const served = await servedScripts();
    expect([...served.keys()].filter((url) => url.endsWith('.js')).length).toBeGreaterThan(3);
    const host = new URL(BASE_URL).host;
    for (const [url, body] of served) {
      expect(body.includes(API_KEY), `${url} contains the API key`).toBe(false);
      expect(body.includes(host), `${url} contains the model endpoint`).toBe(false);
      expect(body.includes('api.openai.com'), `${url} contains OpenAI's endpoint`).toBe(false);
    }
  });

  it('loads the docx package only on download: neither the entry nor the record screen carries it', async () => {
    const served = await servedScripts();
    const scripts = [...served].filter(([url]) => url.endsWith('.js'));
    const isDocx = (body: string) => body.includes('word/document.xml');
    const docxChunks = scripts.filter(([, body]) => isDocx(body)).map(([url]) => url);
    expect(docxChunks.length).toBeGreaterThan(0);
    const entry = /<script[^>]+src="([^"]+)"/.exec(served.get('/') ?? '')?.[1] ?? '';
    const recordScreen = scripts
      .filter(([, body]) => body.includes('Generate New Report'))
      .map(([url]) => url);
    expect(recordScreen.length).toBeGreaterThan(0);
    for (const url of [entry, ...recordScreen]) expect(docxChunks, url).not.toContain(url);
  });
});

describe('the built client (issue 15 §3)', () => {
  it('ships a brotli and a gzip copy of every script and style sheet, identical once decoded', () => {
    const assets = path.join(outDir, 'assets');
    const originals = fs.readdirSync(assets).filter((name) => /\.(js|css)$/.test(name));
    const large = originals.filter((name) => fs.statSync(path.join(assets, name)).size >= 1024);
    expect(large.length).toBeGreaterThan(3);
    for (const name of large) {
      const original = fs.readFileSync(path.join(assets, name));
      const brotli = zlib.brotliDecompressSync(fs.readFileSync(path.join(assets, `${name}.br`)));
      const gzip = zlib.gunzipSync(fs.readFileSync(path.join(assets, `${name}.gz`)));
      expect(brotli.equals(original), `${name}.br`).toBe(true);
      expect(gzip.equals(original), `${name}.gz`).toBe(true);
    }
  });
});
