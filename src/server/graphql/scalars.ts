import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

/** ISO-8601 in UTC; the database gives Date objects, anything else is printed as a date first. */
export const DateTimeScalar = new GraphQLScalarType<Date | string, string>({
  name: 'DateTime',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date.');
    return date.toISOString();
  },
  parseValue(value) {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw new GraphQLError('DateTime must be an ISO-8601 date-time string.');
    return value;
  },
  parseLiteral(node) {
    if (node.kind !== Kind.STRING || Number.isNaN(Date.parse(node.value)))
      throw new GraphQLError('DateTime must be an ISO-8601 date-time string.');
    return node.value;
  },
});

/**
 * Any JSON value. Inputs are passed on untouched: the service that receives one decides what shape
 * it must have (answers: src/domain/record-answers.ts; forms: src/domain/form-template.ts).
 */
export const JsonScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalValue(node, variables),
});

function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.ENUM:
      return node.value;
    case Kind.LIST:
      return node.values.map((item) => literalValue(item, variables));
    case Kind.OBJECT: {
      const object: Record<string, unknown> = {};
      for (const field of node.fields) {
        Object.defineProperty(object, field.name.value, {
          value: literalValue(field.value, variables),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}
