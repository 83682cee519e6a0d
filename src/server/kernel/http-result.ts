import type { FastifyReply } from 'fastify';
import { HTTP_STATUS, type Result } from './result.ts';

/** A service's value as the answer, or its expected failure as `{ error }` with its HTTP status. */
export function sendResult<T>(reply: FastifyReply, result: Result<T>, successStatus = 200) {
  if (result.ok) return reply.status(successStatus).send(result.value);
  return reply.status(HTTP_STATUS[result.failure.code]).send({ error: result.failure.message });
}
