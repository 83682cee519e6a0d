import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportMessages } from '../../db/schema.ts';
import { setUpTestApp } from '../../test-support/set-up-test-app.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { listOutboxMessages } from '../mail/outbox.ts';

let ipCounter = 0;
/** Each test sends from its own address so the per-IP limit only bites where a test wants it to. */
function nextIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

function aMessage(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'How do I continue my record after a break?',
    type: 'contact_form',
    timestamp: '2025-07-07T10:15:00.000Z',
    ...overrides,
  };
}

describe('POST /api/support', () => {
  let test: TestApp;
  const outbox = () => listOutboxMessages(path.join(test.dataDir, 'outbox'));
  const storedFor = (email: string) =>
    test.database.db
      .select()
      .from(supportMessages)
      .where(sql`lower(${supportMessages.email}) = lower(${email})`);
  const post = (body: unknown, remoteAddress = nextIp()) =>
    test.app.inject({ method: 'POST', url: '/api/support', payload: body as object, remoteAddress });

  beforeAll(async () => {
    test = await createTestApp({
      env: { SUPPORT_EMAIL: 'help@life-record.test', PRODUCT_NAME: 'Life Record' },
    });
  });
  afterAll(async () => test.close());

  it('keeps the message and mails it to the support inbox with reply-to the sender, without sign-in', async () => {
    const response = await post(aMessage({ email: 'grace@example.com', name: 'Grace Hopper' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ status: 'received' });
    expect(response.headers['cache-control']).toBe('no-store');

    const [stored] = await storedFor('grace@example.com');
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'How do I continue my record after a break?',
      type: 'contact_form',
      clientTimestamp: '2025-07-07T10:15:00.000Z',
    });

    const mail = (await outbox()).find((m) => m.subject.includes('Grace Hopper'));
    expect(mail).toMatchObject({
      to: 'help@life-record.test',
      subject: '[Life Record] Contact form: Grace Hopper',
    });
    expect(mail?.text).toContain('How do I continue my record after a break?');
    expect(mail?.text).toContain('E-mail: grace@example.com');
    expect(mail?.text).toContain(`Reference: ${stored?.id}`);
    const raw = fs.readFileSync(path.join(test.dataDir, 'outbox', `${mail?.id}.eml`), 'utf8');
    expect(raw).toMatch(/^Reply-To: grace@example\.com$/m);
  });

  it('mails markup in the message as text: escaped in the HTML part, unchanged in the text part', async () => {
    const hostile = '<script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>';
    const response = await post(
      aMessage({ email: 'markup@example.com', name: 'Mallory <i>M</i>', message: hostile }),
    );
    expect(response.statusCode).toBe(201);
    const mail = (await outbox()).find((m) => m.text.includes('markup@example.com'));
    expect(mail?.text).toContain(hostile);
    expect(mail?.html).toBeDefined();
    expect(mail?.html).not.toMatch(/<script|<b>|<img|<i>/);
    expect(mail?.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(mail?.html).toContain('Mallory &#60;i&#62;M&#60;/i&#62;');
    const [stored] = await storedFor('markup@example.com');
    expect(stored?.message).toBe(hostile);
  });

  it.each([
    ['no name', { name: '' }, 'Please enter your name.'],
    [
      'a name with a line break',
      { name: 'Ada\nBcc: all@example.com' },
      'Your name cannot contain line breaks.',
    ],
    ['no e-mail', { email: undefined }, 'Please enter your e-mail address.'],
    ['a malformed e-mail', { email: 'not-an-address' }, 'Please enter a valid e-mail address.'],
    ['no message', { message: '   ' }, 'Please enter your message.'],
    [
      'a message over 5,000 characters',
      { message: 'x'.repeat(5001) },
      'Your message can be at most 5,000 characters long.',
    ],
    ['another type', { type: 'invite' }, 'type must be "contact_form".'],
    ['no timestamp', { timestamp: undefined }, 'timestamp must be an ISO 8601 date and time.'],
    ['a timestamp that is no date', { timestamp: 'now' }, 'timestamp must be an ISO 8601 date and time.'],
  ])('refuses %s with a clear error, and keeps and mails nothing', async (_case, change, error) => {
    const email = `refused-${ipCounter}@example.com`;
    const before = (await outbox()).length;
    const response = await post(aMessage({ email, ...change }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedFor(email)).toHaveLength(0);
    expect(await outbox()).toHaveLength(before);
  });

  it('names every missing field at once', async () => {
    const response = await post({ type: 'contact_form', timestamp: '2025-07-07T10:15:00Z' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Please enter your name. Please enter your e-mail address. Please enter your message.',
    });
  });

  it('refuses a body that is not JSON, an empty one and an oversized one', async () => {
    const notJson = await test.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
      remoteAddress: nextIp(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ error: 'Request body is not valid JSON.' });

    const empty = await test.app.inject({ method: 'POST', url: '/api/support', remoteAddress: nextIp() });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toContain('Please enter your name.');

    const huge = await post(aMessage({ message: 'x'.repeat(40 * 1024) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'Request body is too large.' });
    expect(huge.headers['cache-control']).toBe('no-store');
  });

  it('accepts three messages an hour from one address, then refuses clearly; other addresses are unaffected', async () => {
    const email = 'busy@example.com';
    for (let n = 0; n < 3; n += 1) {
      // Case does not make a new address.
      const response = await post(aMessage({ email: n === 1 ? 'Busy@Example.com' : email }));
      expect(response.statusCode).toBe(201);
    }
    const refused = await post(aMessage({ email: 'BUSY@example.com' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(
      /^You have already sent 3 messages from this e-mail address in the last hour\. Please try again in (60|59) minutes\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await storedFor(email)).toHaveLength(3);

    expect((await post(aMessage({ email: 'calm@example.com' }))).statusCode).toBe(201);

    // An hour later the address may write again.
    await test.database.db.execute(
      sql`update ${supportMessages} set created_at = created_at - interval '61 minutes'
           where lower(email) = ${email}`,
    );
    expect((await post(aMessage({ email }))).statusCode).toBe(201);
  });

  it('holds the per-address limit when messages arrive at the same moment', async () => {
    const email = 'burst@example.com';
    const responses = await Promise.all(Array.from({ length: 6 }, () => post(aMessage({ email }))));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
    expect(await storedFor(email)).toHaveLength(3);
  });

  it('limits one network to ten messages an hour, whatever the addresses', async () => {
    const ip = '198.51.100.7';
    for (let n = 0; n < 10; n += 1) {
      expect((await post(aMessage({ email: `flood-${n}@example.com` }), ip)).statusCode).toBe(201);
    }
    const refused = await post(aMessage({ email: 'flood-10@example.com' }), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many messages were sent from your network. Please try again in 1 hour.',
    });
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await storedFor('flood-10@example.com')).toHaveLength(0);
    expect((await post(aMessage({ email: 'flood-10@example.com' }))).statusCode).toBe(201);
  });
});

describe('POST /api/support when the mail server cannot be reached', () => {
  let test: TestApp;
  beforeAll(async () => {
    // A real SMTP transport to a port nobody listens on.
    test = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => test.close());

  it('answers with an error, keeps nothing, and does not count the attempt against the address', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/support',
      payload: aMessage({ email: 'unlucky@example.com' }),
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Something went wrong on our side. Please try again.' });
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await test.database.db.select().from(supportMessages);
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/support with NETWORK_RATE_LIMIT_FACTOR', () => {
  const test = setUpTestApp({ env: { NETWORK_RATE_LIMIT_FACTOR: '2' } });

  it('scales the per-network limit: twice the messages from one network before the refusal', async () => {
    const send = (index: number) =>
      test.app.inject({
        method: 'POST',
        url: '/api/support',
        payload: aMessage({ email: `sender${index}@example.com` }),
        remoteAddress: '198.51.100.7',
      });
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) statuses.push((await send(index)).statusCode);
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
