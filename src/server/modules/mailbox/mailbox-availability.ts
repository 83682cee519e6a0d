import type { Config } from '../../config.ts';

export const MAILBOX_PATH = '/mailbox';

/**
 * The local mailbox page exists only while mail goes to the outbox (DESIGN §1), and never in
 * production: it shows every mail, reset links included, to whoever can reach the server.
 */
export function mailboxPath(config: Config): string | undefined {
  return config.mail.transport.kind === 'outbox' && !config.isProduction ? MAILBOX_PATH : undefined;
}
