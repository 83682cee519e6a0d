import {
  type DocumentNode,
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  specifiedRules,
  type ValidationRule,
  validate,
} from 'graphql';
import { withoutSuggestions } from './request-shape.ts';
import type { OperationCheck } from './socket-operations.ts';

/** A document longer than this many tokens is refused before it is even parsed in full. */
export const MAX_TOKENS = 5000;

/** One socket operation parsed and validated with the rules of HTTP (issue 25: one check for all). */
export function checkOperation(
  schema: GraphQLSchema,
  rules: readonly ValidationRule[],
  query: string,
  operationName: string | undefined,
  hideSuggestions: boolean,
): OperationCheck {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    return { kind: 'operation', errors: [toFormattedError(error, hideSuggestions)] };
  }
  const errors = validate(schema, document, [...specifiedRules, ...rules]);
  const operation = getOperationAST(document, operationName);
  if (errors.length === 0 && !operation)
    return { kind: 'operation', errors: [{ message: 'Name the operation to run (operationName).' }] };
  return {
    kind: operation?.operation === 'subscription' ? 'subscription' : 'operation',
    errors: errors.map((error) => toFormattedError(error, hideSuggestions)),
  };
}

function toFormattedError(error: unknown, hideSuggestions: boolean) {
  if (!(error instanceof GraphQLError)) return { message: 'Invalid GraphQL document.' };
  const formatted = error.toJSON();
  return hideSuggestions ? { ...formatted, message: withoutSuggestions(formatted.message) } : formatted;
}
