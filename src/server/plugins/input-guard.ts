import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GraphQLError } from 'graphql';
import { findInputProblem, INPUT_LIMIT_MESSAGES, type InputProblem } from '#domain/input-limits.ts';

const GRAPHQL_PATH = '/graphql';

/**
 * Issue 25 §7: every input, on every route, is checked at the edge before any handler, service or
 * SQL sees it: JSON and form bodies, query strings, path parameters, and GraphQL variables (in the
 * body, or as JSON text in a GET's query string). A NUL character or a broken surrogate pair
 * (PostgreSQL refuses both: the request ended as a 500) and nesting deeper than MAX_INPUT_DEPTH are
 * answered 400 with a message saying which. GraphQL literals are checked by a validation rule
 * (graphql/input-literal-rule.ts) and WebSocket messages by the socket gate, with the same function.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request, reply) => {
      const problem = requestInputProblem(request);
      if (problem) return refuseInput(request, reply, problem);
    });
  },
  { name: 'input-guard' },
);

export function requestInputProblem(request: FastifyRequest): InputProblem | null {
  return (
    findInputProblem(request.params) ??
    findInputProblem(request.query) ??
    // A raw body (the Stripe webhook's bytes) is checked by its signature, not here.
    (Buffer.isBuffer(request.body) ? null : findInputProblem(request.body)) ??
    getVariablesProblem(request)
  );
}

/** GraphQL over GET carries its variables as JSON text, which Mercurius parses after this hook. */
function getVariablesProblem(request: FastifyRequest): InputProblem | null {
  if (request.method !== 'GET' || !isGraphqlPath(request)) return null;
  const variables = (request.query as Record<string, unknown> | undefined)?.variables;
  if (typeof variables !== 'string') return null;
  try {
    return findInputProblem(JSON.parse(variables));
  } catch {
    return null; // Not JSON: Mercurius answers that with its own 400.
  }
}

function isGraphqlPath(request: FastifyRequest): boolean {
  return (request.url.split('?')[0] ?? '') === GRAPHQL_PATH;
}

function refuseInput(request: FastifyRequest, reply: FastifyReply, problem: InputProblem) {
  const message = INPUT_LIMIT_MESSAGES[problem];
  if (isGraphqlPath(request)) {
    const error = new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
    return reply.status(400).send({ data: null, errors: [error.toJSON()] });
  }
  return reply.status(400).send({ error: message });
}
