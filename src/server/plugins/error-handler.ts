import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { validationMessage } from '../kernel/route-schemas.ts';

/**
 * One error handler (STYLE §7): client errors keep their message; server errors are logged with
 * their details and answered without them, so no stack or SQL ever reaches a caller.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send({ error: 'Something went wrong on our side. Please try again.' });
      }
      return reply.status(status).send({ error: clientMessage(error) });
    });
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` }),
    );
  },
  { name: 'error-handler' },
);

function clientMessage(error: { code?: string; message: string; validation?: unknown }): string {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported content type.';
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return 'Request body is empty.';
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'Request body is not valid JSON.';
  if (error.validation) {
    const context = (error as { validationContext?: string }).validationContext;
    return validationMessage(context, (error.message.split(' ').slice(1).join(' ') || error.message).trim());
  }
  return error.message;
}
