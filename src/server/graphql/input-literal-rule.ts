import { type ASTVisitor, GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { hasUnstorableText } from '#domain/answer-limits.ts';
import { INPUT_LIMIT_MESSAGES, MAX_INPUT_DEPTH } from '#domain/input-limits.ts';

/**
 * Issue 25 §7 for values written into the query text itself (`createOrganization(input: {name:
 * "\u0000"})`): the same limits as for variables and bodies (plugins/input-guard.ts), as a
 * validation rule, so HTTP and WebSocket operations alike are refused before anything runs.
 */
export const inputLiteralRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  let depth = 0;
  let reported = false;
  const report = (message: string) => {
    if (reported) return;
    reported = true;
    context.reportError(new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } }));
  };
  const enter = () => {
    depth++;
    if (depth > MAX_INPUT_DEPTH) report(INPUT_LIMIT_MESSAGES.tooDeep);
  };
  const leave = () => {
    depth--;
  };
  return {
    StringValue(node) {
      if (hasUnstorableText(node.value)) report(INPUT_LIMIT_MESSAGES.unstorableText);
    },
    ObjectValue: { enter, leave },
    ListValue: { enter, leave },
  };
};
