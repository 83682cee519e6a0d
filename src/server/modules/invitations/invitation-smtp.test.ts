import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestInventoryType, createTestRecord } from '../../test-support/api-fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createTestOrganization, createTestUser } from '../../test-support/test-users.ts';

// DESIGN §1: with SMTP_URL set, the invitation leaves through a real SMTP server (one started here).

interface Delivery {
  from: string | undefined;
  to: string[];
  data: string;
}
const deliveries: Delivery[] = [];
let smtp: SMTPServer;
let test: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString();
      });
      stream.on('end', () => {
        deliveries.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as { port: number };
  test = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Life Record <no-reply@records.example.org>',
      PUBLIC_URL: 'https://records.example.org',
    },
  });
});
afterAll(async () => {
  await test.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('delivers the invitation, and the re-sent one, to the invited address through SMTP', async () => {
  const db = test.database.db;
  const org = await createTestOrganization(db, 'Riverside Care');
  const type = await createTestInventoryType(db, 'Life Inventory');
  const customer = await createTestUser(db, test.config, { roles: ['customer'], organizationId: org });
  await createTestRecord(db, { inventoryTypeId: type, organizationId: org, clientId: null, data: {} });

  const response = await test.app.inject({
    method: 'POST',
    url: '/api/invite',
    headers: customer.headers,
    payload: { name: 'Sam Smtp', email: 'sam@example.net', organization: org, inventoryType: type },
  });
  expect(response.statusCode).toBe(200);
  // The answer comes after the SMTP server accepted the mail.
  expect(deliveries).toHaveLength(1);
  const [delivery] = deliveries;
  expect(delivery?.from).toBe('no-reply@records.example.org');
  expect(delivery?.to).toEqual(['sam@example.net']);
  expect(delivery?.data).toMatch(/^Subject: Riverside Care invited you to Life Record$/m);
  const text = quotedPrintableDecoded(delivery?.data ?? '');
  expect(text).toContain('register with this e-mail address: sam@example.net');
  expect(text).toContain('Open https://records.example.org/');

  const resent = await test.app.inject({
    method: 'POST',
    url: '/api/resend',
    headers: customer.headers,
    payload: { reportId: response.json().reportId },
  });
  expect(resent.statusCode).toBe(200);
  expect(deliveries).toHaveLength(2);
  expect(deliveries[1]?.data).toMatch(/^Subject: Reminder: Riverside Care invited you to Life Record$/m);
});

/** The message as read: quoted-printable soft line breaks joined and escapes decoded (UTF-8). */
function quotedPrintableDecoded(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
