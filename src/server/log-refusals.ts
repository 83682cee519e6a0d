import type { FastifyBaseLogger, FastifyLogFn } from 'fastify';
import { GraphQLError } from 'graphql';

const ERROR_LEVEL = 50;

/**
 * A refusal the caller caused: a GraphQL error whose cause carries a status under 500 (orThrow's
 * not found, unauthenticated, too many live updates …). Anything else is a fault of ours.
 */
function isRefusal(error: unknown): error is GraphQLError {
  if (!(error instanceof GraphQLError)) return false;
  const status = (error.originalError as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' && status < 500;
}

/**
 * pino's logMethod hook (issue 39 §4). Mercurius logs at error level, with its stack, every error a
 * subscription's start returns (lib/subscription-connection.js), the refusals a person's own
 * requests earn included: one account opening hundreds of subscriptions past its share filled the
 * log with errors nobody has to act on, each serialised with its stack on the event loop. Such a
 * refusal is logged at debug level, by code and message; a fault of ours stays an error.
 */
export function refusalsAtDebugLevel(
  this: FastifyBaseLogger,
  args: Parameters<FastifyLogFn>,
  method: FastifyLogFn,
  level: number,
) {
  const [first] = args;
  const errors = Array.isArray(first) ? first : [first];
  if (level < ERROR_LEVEL || errors.length === 0 || !errors.every(isRefusal)) {
    method.apply(this, args);
    return;
  }
  const refusals = errors.map((error) => ({ code: error.extensions.code, message: error.message }));
  this.debug({ refusals }, 'a GraphQL operation was refused');
}
