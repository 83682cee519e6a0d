import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { listOutboxMessages, readOutboxMessage } from './outbox.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('mailer', () => {
  it('keeps mail in the outbox, newest first, readable by id, with the raw message beside it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lr-outbox-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const mailer = createMailer({
      from: 'Life Record <no-reply@example.test>',
      supportEmail: 's@example.test',
      transport: { kind: 'outbox', dir },
    });
    await mailer.send({ to: 'ada@example.test', subject: 'First', text: 'one' });
    await mailer.send({ to: 'ada@example.test', subject: 'Second', text: 'two <b>', html: '<p>two</p>' });

    const messages = await listOutboxMessages(dir);
    expect(messages.map((m) => m.subject)).toEqual(['Second', 'First']);
    const second = await readOutboxMessage(dir, messages[0]?.id ?? '');
    expect(second).toMatchObject({
      to: 'ada@example.test',
      text: 'two <b>',
      html: '<p>two</p>',
      from: 'Life Record <no-reply@example.test>',
    });
    const raw = fs.readFileSync(path.join(dir, `${messages[0]?.id}.eml`), 'utf8');
    expect(raw).toContain('Subject: Second');
    expect(await readOutboxMessage(dir, '../../etc/passwd')).toBeUndefined();
  });

  it('delivers through SMTP when SMTP_URL names a server', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.server.address() as { port: number }).port;
    const mailer = createMailer({
      from: 'no-reply@example.test',
      supportEmail: 's@example.test',
      transport: { kind: 'smtp', url: `smtp://127.0.0.1:${port}` },
    });
    cleanups.push(() => mailer.close());
    await mailer.send({ to: 'grace@example.test', subject: 'Over SMTP', text: 'hello' });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Over SMTP');
    expect(received[0]).toContain('hello');
  });
});
