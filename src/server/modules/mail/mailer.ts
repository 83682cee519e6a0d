import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { writeOutboxMessage } from './outbox.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe and List-Unsubscribe-Post (issue 43 §2). */
  headers?: Record<string, string>;
}

/** Sends mail through SMTP when SMTP_URL is set, otherwise into the outbox (DESIGN §1). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(mail: Config['mail']): Mailer {
  return mail.transport.kind === 'smtp'
    ? smtpMailer(mail.transport.url, mail.from)
    : outboxMailer(mail.transport.dir, mail.from);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Builds the real MIME message (as SMTP would carry it) and keeps it in a folder instead of sending. */
function outboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      const date = new Date();
      // Sortable and unique: the time first, then randomness for mails sent in the same millisecond.
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
      await writeOutboxMessage(
        dir,
        {
          id,
          date: date.toISOString(),
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        },
        info.message as Buffer,
      );
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
