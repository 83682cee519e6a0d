import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { linkifyOwnUrls } from './mailbox-pages.ts';

describe('mailbox page (outbox mode)', () => {
  const test = setUpTestApp();
  beforeAll(async () => {
    await test.app.mailer.send({ to: 'first@example.test', subject: 'First mail', text: 'one' });
    await test.app.mailer.send({
      to: 'second@example.test',
      subject: '<img src=x onerror=alert(1)> Hello',
      text: `Open ${test.config.publicUrl}/oidc/account/verify?token=abc. Or not https://evil.example/phish <b>bold</b>`,
      html: '<script>alert(2)</script>',
    });
  });

  it('lists the mails newest first, with recipient, subject and date, as text', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/mailbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.body;
    // The server pages name the site's icon, so browsers do not ask for a missing /favicon.ico.
    expect(body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    expect(body.indexOf('second@example.test')).toBeLessThan(body.indexOf('first@example.test'));
    expect(body).toContain('&#60;img src=x onerror=alert(1)&#62; Hello');
    expect(body).not.toContain('<img');
    expect(body).toContain('<caption>2 e-mails, newest first</caption>');
    expect(body).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">/);
  });

  it('shows one mail with only links to this site clickable, and nothing of its HTML part', async () => {
    const list = await test.app.inject({ method: 'GET', url: '/mailbox' });
    const href = /href="(\/mailbox\/[^"]+)">&#60;img/.exec(list.body)?.[1] ?? '';
    const response = await test.app.inject({ method: 'GET', url: href });
    expect(response.statusCode).toBe(200);
    const body = response.body;
    const ownLink = `${test.config.publicUrl}/oidc/account/verify?token=abc`;
    expect(body).toContain(`<a href="${ownLink}">${ownLink}</a>.`);
    expect(body).not.toContain('href="https://evil.example');
    expect(body).toContain('https://evil.example/phish');
    expect(body).toContain('&#60;b&#62;bold&#60;/b&#62;');
    expect(body).not.toContain('alert(2)');
    expect(body).toContain('<dt>To</dt><dd>second@example.test</dd>');
  });

  it('answers 404 for a mail that is not there', async () => {
    for (const url of ['/mailbox/nope', '/mailbox/..%2F..%2Fetc%2Fpasswd']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('This e-mail is not in the mailbox');
    }
  });

  it('is announced to the web client', async () => {
    const config = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.json().mailboxUrl).toBe('/mailbox');
  });
});

describe('mailbox page elsewhere', () => {
  it.each([
    ['with SMTP configured', { SMTP_URL: 'smtp://127.0.0.1:2525' }],
    ['in production (it would show reset links to anyone)', { NODE_ENV: 'production' }],
  ])('does not exist %s', async (_name, env) => {
    const test = await createTestApp({ env });
    try {
      expect((await test.app.inject({ method: 'GET', url: '/mailbox' })).statusCode).toBe(404);
      expect((await test.app.inject({ method: 'GET', url: '/mailbox/x' })).statusCode).toBe(404);
      const config = await test.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(config.json().mailboxUrl).toBeUndefined();
    } finally {
      await test.close();
    }
  });
});

describe('linkifyOwnUrls', () => {
  const origin = 'https://app.example';
  it.each([
    ['plain text', 'plain text'],
    [
      'see https://app.example/x?a=1&b=2.',
      'see <a href="https://app.example/x?a=1&#38;b=2">https://app.example/x?a=1&#38;b=2</a>.',
    ],
    ['https://app.example.evil.test/x', 'https://app.example.evil.test/x'],
    ['http://app.example/x', 'http://app.example/x'],
    ['javascript:alert(1) https://other.example', 'javascript:alert(1) https://other.example'],
    ['(https://app.example/y)', '(<a href="https://app.example/y">https://app.example/y</a>)'],
  ])('%s', (text, expected) => {
    expect(linkifyOwnUrls(text, origin).value).toBe(expected);
  });
});

describe('who may read the mailbox (issue 14 §5)', () => {
  let test: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
    open = await createTestApp({ env: { MAILBOX_PUBLIC: 'true' } });
    await test.app.mailer.send({
      to: 'ada@example.test',
      subject: 'Reset your password',
      text: 'secret link',
    });
  });
  afterAll(async () => {
    await test.close();
    await open.close();
  });

  it.each([
    ['another machine', { remoteAddress: '203.0.113.5' }],
    [
      'this machine through a proxy',
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.5' } },
    ],
  ])('refuses %s, saying how to open it', async (_case, from) => {
    for (const url of ['/mailbox', '/mailbox/anything']) {
      const response = await test.app.inject({ method: 'GET', url, ...from });
      expect(response.statusCode).toBe(403);
      expect(response.body).toContain('only on the machine the server runs on');
      expect(response.body).not.toContain('Reset your password');
    }
  });

  it('shows it to this machine, and to the network when MAILBOX_PUBLIC is set', async () => {
    const local = await test.app.inject({ method: 'GET', url: '/mailbox', remoteAddress: '::1' });
    expect(local.body).toContain('Reset your password');
    const remote = await open.app.inject({ method: 'GET', url: '/mailbox', remoteAddress: '203.0.113.5' });
    expect(remote.statusCode).toBe(200);
  });
});
