import { describe, expect, it } from 'vitest';
import { graphqlRequestProblem, withoutSuggestions } from './request-shape.ts';

describe('graphqlRequestProblem', () => {
  it.each<[string, unknown, boolean]>([
    ['a query as text', { query: '{ viewer { id } }' }, true],
    [
      'text with variables and a name',
      { query: 'query A { viewer { id } }', variables: {}, operationName: 'A' },
      true,
    ],
    ['null variables and name', { query: '{ viewer { id } }', variables: null, operationName: null }, true],
    ['a syntax tree instead of text', { query: { kind: 'Document', definitions: [] } }, false],
    ['a syntax tree as JSON text', { query: '{"kind":"Document","definitions":[]}' }, false],
    ['a JSON number as text', { query: '0' }, false],
    ['a JSON string as text', { query: '"{ viewer { id } }"' }, false],
    ['a number', { query: 1 }, false],
    ['empty text', { query: '  ' }, false],
    ['no query', {}, false],
    ['variables as a list', { query: '{ a }', variables: [1] }, false],
    ['variables as text', { query: '{ a }', variables: '{}' }, false],
    ['a numeric operation name', { query: '{ a }', operationName: 3 }, false],
    ['not an object', 123, false],
    ['a list', [], false],
  ])('%s → %s', (_case, request, fine) => {
    expect(graphqlRequestProblem(request) === null).toBe(fine);
  });
});

describe('withoutSuggestions', () => {
  it('drops the hint that names fields', () => {
    expect(withoutSuggestions('Cannot query field "passwrd" on type "User". Did you mean "password"?')).toBe(
      'Cannot query field "passwrd" on type "User".',
    );
    expect(withoutSuggestions('Unknown type "Usr". Did you mean "User" or "Users"?')).toBe(
      'Unknown type "Usr".',
    );
  });
});
