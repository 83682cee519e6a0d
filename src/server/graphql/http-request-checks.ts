import type { FastifyReply } from 'fastify';
import { type DocumentNode, GraphQLError, type GraphQLSchema, getOperationAST, parse } from 'graphql';
import { formatErrors } from './graphql-errors.ts';
import { MAX_TOKENS } from './operation-check.ts';
import { documentCost } from './query-limits.ts';
import { withoutSuggestions } from './request-shape.ts';

// What the GraphQL route checks of an HTTP request before Mercurius runs it, and how it refuses
// (plugins/graphql.ts; hardening in docs/decisions/015-graphql-hardening.md).

export function payloadBytes(payload: unknown): number {
  if (typeof payload === 'string') return Buffer.byteLength(payload);
  if (Buffer.isBuffer(payload)) return payload.length;
  return 0;
}

export function refuse(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extensions: Record<string, unknown> = {},
) {
  return reply.status(status).send({
    data: null,
    errors: [new GraphQLError(message, { extensions: { code, ...extensions } }).toJSON()],
  });
}

export const INVALID = Symbol('invalid');
/** A GET's `variables`: JSON text (Mercurius parses it, and failed on text that is not an object). */
export function parseJsonParameter(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return INVALID;
  try {
    return JSON.parse(value);
  } catch {
    return INVALID;
  }
}

/**
 * Mercurius looks up a GET's operation to refuse mutations, and fails with a server error when the
 * document has no operation of that name (or several and no name): found by the fuzz suite.
 */
export function getOperationProblem(query: string, operationName: unknown): string | null {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch {
    return null; // A syntax error is answered by Mercurius.
  }
  const name = typeof operationName === 'string' ? operationName : undefined;
  if (getOperationAST(document, name)) return null;
  return name === undefined
    ? 'The query holds several operations: name the one to run (operationName).'
    : `The query has no operation named "${name.slice(0, 100)}".`;
}

/** The cost of a batch's operations together; one that does not parse costs nothing here (Mercurius refuses it). */
export function batchCost(schema: GraphQLSchema, operations: { query: string }[]): number {
  let total = 0;
  for (const { query } of operations) {
    try {
      total += documentCost(schema, parse(query, { maxTokens: MAX_TOKENS }));
    } catch {
      // A syntax error is answered by Mercurius, operation by operation.
    }
  }
  return total;
}

/** Issue 14 §2: in production, no "Did you mean …?" hints that spell out the schema. */
export function formatErrorsWithoutSuggestions(
  ...args: Parameters<typeof formatErrors>
): ReturnType<typeof formatErrors> {
  const formatted = formatErrors(...args);
  const errors = formatted.response.errors.map((error) => ({
    ...error,
    message: withoutSuggestions(error.message),
  }));
  return { ...formatted, response: { ...formatted.response, errors } };
}
