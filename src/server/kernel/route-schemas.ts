import type { FastifyRequest, FastifySchema } from 'fastify';

/**
 * Issue 14 §9: every REST route that takes a body declares it a JSON object, so `123`, `true`,
 * `[]` or a string is refused by Fastify with 400 before any service sees it. The services then
 * check the object's fields themselves (with the spec's messages).
 */
export const OBJECT_BODY: FastifySchema = { body: { type: 'object' } };

/** A request without any body is an empty object: the service then names each missing field. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** Route options for a JSON-object body (schema and the empty-body default). */
export const OBJECT_BODY_ROUTE = { schema: OBJECT_BODY, preValidation: emptyBodyAsObject };

/** The same for routes addressed by a product (or other) id in the path. */
export function objectBodyRouteWithId(name: string) {
  const schema: FastifySchema = {
    ...OBJECT_BODY,
    params: {
      type: 'object',
      properties: { [name]: { type: 'string', minLength: 1, maxLength: 100 } },
      required: [name],
    },
  };
  return { schema, preValidation: emptyBodyAsObject };
}

/** What a refused body or parameter is told, by the error handler (instead of AJV's wording). */
export function validationMessage(context: string | undefined, message: string): string {
  if (context === 'body' && message.includes('must be object'))
    return 'The request body must be a JSON object.';
  return `Invalid ${context ?? 'request'}: ${message}.`;
}

/** A route's `:id` path parameter: present and of a sane length (refused with a 400 otherwise). */
export const ID_PARAM = {
  params: {
    type: 'object',
    properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
    required: ['id'],
  },
} as const;
