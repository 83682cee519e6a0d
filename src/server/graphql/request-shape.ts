/**
 * Issue 14 §2/§9: what one GraphQL-over-HTTP request must look like before Mercurius sees it.
 * Mercurius executes a `query` that is not text as a ready-made syntax tree, which skips the
 * document's token limit; and a number, list or object where text belongs ended as a server error.
 */
export function graphqlRequestProblem(operation: unknown): string | null {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) {
    return 'A GraphQL request must be a JSON object with a "query" string.';
  }
  const { query, variables, operationName } = operation as Record<string, unknown>;
  if (typeof query !== 'string' || query.trim() === '') {
    return 'The "query" of a GraphQL request must be a GraphQL document as text.';
  }
  // Mercurius reads query text that is not GraphQL as JSON, and runs what it finds as a syntax tree
  // (or fails on it with a server error): text that is JSON is never a GraphQL document, so refuse it.
  if (isJson(query)) return 'The "query" of a GraphQL request must be GraphQL text, not JSON.';
  if (
    variables !== undefined &&
    variables !== null &&
    (typeof variables !== 'object' || Array.isArray(variables))
  ) {
    return 'The "variables" of a GraphQL request must be a JSON object.';
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return 'The "operationName" of a GraphQL request must be text.';
  }
  return null;
}

/**
 * Whether the text is JSON. Checked by its first characters before parsing, so GraphQL text (which
 * starts with a keyword, or with "{" and a field name) never pays for a failed JSON.parse.
 */
function isJson(text: string): boolean {
  const start = /^\s*(\S)\s*(\S?)/.exec(text);
  const first = start?.[1] ?? '';
  const couldBeJson =
    (first === '{' && (start?.[2] === '"' || start?.[2] === '}')) ||
    /^[[\]"\d-]$/.test(first) ||
    /^\s*(true|false|null)\s*$/.test(text);
  if (!couldBeJson) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** graphql-js's "Did you mean …?" hints name fields and types; not told in production. */
export function withoutSuggestions(message: string): string {
  return message.replace(/\s*Did you mean [^?]*\?/g, '');
}
