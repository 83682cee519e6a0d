import type { FastifyInstance, FastifyReply } from 'fastify';
import { listOutboxMessages, readOutboxMessage } from '../mail/outbox.ts';
import type { PageSite } from '../server-pages/page-layout.ts';
import {
  MAILBOX_LOCAL_ONLY_MESSAGE,
  MAILBOX_PATH,
  mailboxPath,
  mayReadMailbox,
} from './mailbox-availability.ts';
import { mailboxListPage, mailboxMessagePage, mailboxMissingPage } from './mailbox-pages.ts';

const MOST_SHOWN = 200;

/**
 * GET /mailbox and /mailbox/:id: the outbox's mails, for trying the product without a mail server
 * (DESIGN §1). Not registered at all unless mail goes to the outbox, so it answers 404 then.
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (!mailboxPath(config) || config.mail.transport.kind !== 'outbox') return;
  const dir = config.mail.transport.dir;
  const site: PageSite = { productName: config.productName, homeUrl: config.publicUrl };
  const send = (reply: FastifyReply, status: number, page: string) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);

  // Every page of the mailbox, for this machine only (mailbox-availability.ts).
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path !== MAILBOX_PATH && !path.startsWith(`${MAILBOX_PATH}/`)) return;
    if (!mayReadMailbox(config, request)) {
      return reply
        .status(403)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(MAILBOX_LOCAL_ONLY_MESSAGE);
    }
  });

  app.get(MAILBOX_PATH, async (_request, reply) => {
    const messages = (await listOutboxMessages(dir)).slice(0, MOST_SHOWN);
    return send(reply, 200, mailboxListPage(site, messages));
  });

  app.get<{ Params: { id: string } }>(`${MAILBOX_PATH}/:id`, async (request, reply) => {
    const message = await readOutboxMessage(dir, request.params.id);
    if (!message) return send(reply, 404, mailboxMissingPage(site));
    return send(reply, 200, mailboxMessagePage(site, message));
  });
}
