import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// Issue 15 §3: static assets go out pre-compressed (made at build time), API answers compressed
// on the fly, and pages holding a secret next to attacker-chosen text never compressed (BREACH).

const script = `export const greeting = ${JSON.stringify('Life Record '.repeat(400))};\n`;
let clientDir: string;
let test: TestApp;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-record-compressed-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>t</title><!--app-config-->');
  const asset = path.join(clientDir, 'assets/index-abc123.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  test = await createTestApp({ clientDir });
});

afterAll(async () => {
  await test?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
};

describe('static assets', () => {
  it.each(['br', 'gzip'])('are sent as the pre-compressed %s file, cached for good', async (encoding) => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': `${encoding}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(decoders[encoding]?.(response.rawPayload).toString('utf8')).toBe(script);
  });

  it('go out as they are to a client that accepts no compression', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });
});

describe('API answers', () => {
  const introspection = { query: '{ __schema { types { name description } } }' };

  it('are compressed with brotli when the browser prefers it, and stay uncacheable', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
      payload: introspection,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8'));
    expect(body.data.__schema.types.length).toBeGreaterThan(20);
  });

  it('are compressed with gzip for a client without brotli', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      payload: introspection,
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8')).data).toBeDefined();
  });

  it('refuse a compressed request body instead of inflating it', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify(introspection)),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('pages that hold a secret', () => {
  it('are never compressed, so their size cannot leak it', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/oidc/account/forgot',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeGreaterThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
