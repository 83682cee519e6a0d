import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../modules/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** `app.mailer`: SMTP or the outbox, chosen by configuration. Tests may pass their own transport target. */
export const mailPlugin = fp<{ mailer?: Mailer }>(
  async (app, options) => {
    const mailer = options.mailer ?? createMailer(app.config.mail);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mail', dependencies: ['database'] },
);
