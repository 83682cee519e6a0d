import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { supportMessageErrors, supportMessageSchema } from '#domain/support-message.ts';
import { OBJECT_BODY_ROUTE } from '../../kernel/route-schemas.ts';
import { databaseRateLimitStore } from '../rate-limits/database-rate-limit-store.ts';
import { sendSupportMessage } from './support-service.ts';

/** DESIGN §8: besides the per-address limit (in the database), a per-IP limit for floods of addresses. */
export const IP_LIMIT = { max: 10, timeWindow: '1 hour' } as const;
// Name, address and a 5,000-character message fit many times over, even in 4-byte UTF-8.
const BODY_LIMIT = 32 * 1024;

/** admin-app §7 POST /support, served as POST /api/support: no sign-in (admin-app §6), rate-limited. */
export async function supportRoutes(app: FastifyInstance): Promise<void> {
  // Registered here unless an outer scope already did; the per-IP store is per instance.
  if (!app.hasDecorator('rateLimit'))
    await app.register(rateLimit, { global: false, store: databaseRateLimitStore(app.database.db) });

  // DESIGN §8: no-store on every API answer, refusals included.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/support',
    {
      bodyLimit: BODY_LIMIT,
      ...OBJECT_BODY_ROUTE,
      config: {
        rateLimit: {
          ...IP_LIMIT,
          max: Math.ceil(IP_LIMIT.max * app.config.networkRateLimitFactor),
          errorResponseBuilder: (_request, context) =>
            Object.assign(
              new Error(
                `Too many messages were sent from your network. Please try again in ${context.after}.`,
              ),
              { statusCode: context.statusCode },
            ),
        },
      },
    },
    async (request, reply) => {
      const parsed = supportMessageSchema.safeParse(request.body ?? {});
      if (!parsed.success) {
        const messages = Object.values(supportMessageErrors(parsed.error));
        return reply.status(400).send({ error: messages.join(' ') });
      }
      const result = await sendSupportMessage(
        {
          db: app.database.db,
          mailer: app.mailer,
          supportEmail: app.config.mail.supportEmail,
          productName: app.config.productName,
        },
        parsed.data,
      );
      if (!result.sent) {
        return reply
          .status(result.status)
          .header('retry-after', String(result.retryAfterSeconds))
          .send({ error: result.error });
      }
      return reply.status(201).send({ status: 'received' });
    },
  );
}
