import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

export const MAILBOX_PATH = '/mailbox';

/**
 * The local mailbox page exists only while mail goes to the outbox (DESIGN §1), and never in
 * production: it shows every mail, reset links included, to whoever can reach the server.
 */
export function mailboxPath(config: Config): string | undefined {
  return config.mail.transport.kind === 'outbox' && !config.isProduction ? MAILBOX_PATH : undefined;
}

export const MAILBOX_LOCAL_ONLY_MESSAGE =
  'The mailbox is shown only on the machine the server runs on (open it at localhost). Set MAILBOX_PUBLIC=true to show it to your network.';

/**
 * Issue 14 §5: on a development server listening on 0.0.0.0, anyone could ask for a password reset
 * and read the link here. The page is for the person running the server: a request straight from
 * this machine (the socket's own address, and no proxy in between), unless MAILBOX_PUBLIC is set.
 */
export function mayReadMailbox(config: Config, request: FastifyRequest): boolean {
  if (config.mailboxPublic) return true;
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopback(request.raw.socket.remoteAddress);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}
