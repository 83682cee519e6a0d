import type { FastifyBaseLogger } from 'fastify';
import { type ExecutionResult, GraphQLError, type GraphQLFormattedError } from 'graphql';
import mercurius from 'mercurius';
import { HTTP_STATUS, type Result } from '../kernel/result.ts';

const { ErrorWithProps } = mercurius;

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * A service's value, or its expected failure as a GraphQL error whose message is the one the spec
 * shows ("the first error's message is shown") and whose `extensions.code` says what kind it is.
 */
export function orThrow<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  throw new ErrorWithProps(
    result.failure.message,
    { code: result.failure.code },
    HTTP_STATUS[result.failure.code],
  );
}

/**
 * Mercurius' error formatter, made safe: GraphQL's own errors (syntax, validation, variables) and
 * deliberate errors keep their message; anything unexpected is logged with its details and
 * answered as INTERNAL_ERROR_MESSAGE, so no stack, SQL or internal text reaches a caller.
 */
export function formatErrors(
  execution: ExecutionResult & { errors: readonly GraphQLError[]; statusCode?: number },
  context: { reply?: { log: FastifyBaseLogger }; app?: { log: FastifyBaseLogger } },
): { statusCode: number; response: { data: unknown; errors: GraphQLFormattedError[] } } {
  const log = context.reply?.log ?? context.app?.log;
  const errors = execution.errors.flatMap((error) => expand(error)).map((error) => sanitize(error, log));

  let statusCode = execution.data ? 200 : (execution.statusCode ?? 200);
  if (!execution.data && execution.statusCode === undefined && execution.errors.length === 1) {
    const original = execution.errors[0]?.originalError as { statusCode?: unknown } | undefined;
    statusCode = typeof original?.statusCode === 'number' ? original.statusCode : 200;
  }
  return { statusCode, response: { data: execution.data ?? null, errors } };
}

/** Mercurius wraps validation failures in one error holding the list. */
function expand(error: GraphQLError): GraphQLError[] {
  const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(inner)) return [error];
  return inner.map((item: unknown) =>
    item instanceof GraphQLError
      ? item
      : new GraphQLError(item instanceof Error ? item.message : String(item), {
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        }),
  );
}

function sanitize(error: GraphQLError, log: FastifyBaseLogger | undefined): GraphQLFormattedError {
  const requestProblem = requestErrorMessage(error.originalError);
  if (requestProblem)
    return new GraphQLError(requestProblem, { extensions: { code: 'BAD_REQUEST' } }).toJSON();
  if (isSafe(error.originalError)) return error.toJSON();
  log?.error({ err: error.originalError, path: error.path }, 'GraphQL operation failed');
  return new GraphQLError(INTERNAL_ERROR_MESSAGE, {
    nodes: error.nodes,
    path: error.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  }).toJSON();
}

// The same words as the server's error handler (src/server/plugins/error-handler.ts).
const REQUEST_ERRORS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
};

/** Fastify's own refusals of a request (body too large, not JSON, …): clear text, no internals. */
function requestErrorMessage(original: Error | undefined): string | undefined {
  if (!original) return undefined;
  const { code, statusCode } = original as { code?: unknown; statusCode?: unknown };
  if (typeof statusCode !== 'number' || statusCode >= 500) return undefined;
  if (typeof code === 'string' && code in REQUEST_ERRORS) return REQUEST_ERRORS[code];
  if (original instanceof SyntaxError) return 'Request body is not valid JSON.';
  return undefined;
}

function isSafe(original: Error | undefined): boolean {
  // No original error: GraphQL's own (parse, validation, variable coercion).
  if (original === undefined || original instanceof GraphQLError || original instanceof ErrorWithProps)
    return true;
  // Mercurius' request errors (e.g. a mutation sent with GET) are client errors with clear text.
  const { code, statusCode } = original as { code?: unknown; statusCode?: unknown };
  return (
    typeof code === 'string' &&
    code.startsWith('MER_ERR_') &&
    typeof statusCode === 'number' &&
    statusCode < 500
  );
}
