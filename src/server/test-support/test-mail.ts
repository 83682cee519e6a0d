import type { Config } from '../config.ts';
import { listOutboxMessages, type OutboxMessage } from '../modules/mail/outbox.ts';

/**
 * The newest outbox mail to an address whose subject matches, waiting for it a little: some mails
 * are sent in the background so that a page's answer never reveals whether one went out.
 */
export async function waitForMail(
  config: Config,
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  if (config.mail.transport.kind !== 'outbox') throw new Error('waitForMail needs the outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await listOutboxMessages(config.mail.transport.dir)).find(
      (message) => message.to === to && subject.test(message.subject),
    );
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function mailsTo(config: Config, to: string): Promise<OutboxMessage[]> {
  if (config.mail.transport.kind !== 'outbox') throw new Error('mailsTo needs the outbox');
  return (await listOutboxMessages(config.mail.transport.dir)).filter((message) => message.to === to);
}

/** The first link of a mail's text that starts with the given address. */
export function linkIn(message: OutboxMessage, prefix: string): string {
  const match = message.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!match) throw new Error(`no link starting with ${prefix} in "${message.subject}"`);
  return match;
}
