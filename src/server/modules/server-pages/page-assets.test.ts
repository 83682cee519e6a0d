import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { assetUrl } from './page-assets.ts';

// The server pages' stylesheet is kept in parts by concern and sent as one file, cached for good
// only under its current version.
describe('the server pages’ stylesheet', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it('is one file holding every part, in order: base, forms, mailbox', async () => {
    const response = await test.app.inject({ url: assetUrl('pages.css') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const positions = [':root {', '.field {', '.mail-table {'].map((rule) => response.body.indexOf(rule));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('is revalidated under its bare name', async () => {
    const response = await test.app.inject({ url: '/static/pages.css' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe((await test.app.inject({ url: assetUrl('pages.css') })).body);
  });
});
