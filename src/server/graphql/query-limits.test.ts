import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentCost, LIST_FACTOR, queryLimitRules } from './query-limits.ts';

// A schema with a cycle (a person's friends are people), which is what depth limits are for.
const schema = buildSchema(`
  type Query { me: Person, people: [Person!]! }
  type Person { id: ID!, name: String, best: Person, friends: [Person!]! }
`);
const rules = queryLimitRules({ maxDepth: 4, maxCost: 100 });
const problems = (query: string) =>
  validate(schema, parse(query), [...specifiedRules, ...rules]).map((error) => error.extensions.code);

describe('queryLimitRules', () => {
  it.each([
    ['a shallow query', '{ me { id name } }'],
    ['exactly the depth limit', '{ me { best { best { id } } } }'],
    ['a list within the cost', '{ people { id name } }'],
  ])('passes %s', (_label, query) => {
    expect(problems(query)).toEqual([]);
  });

  it('refuses a query nested deeper than the limit', () => {
    expect(problems('{ me { best { best { best { id } } } } }')).toEqual(['QUERY_TOO_DEEP']);
  });

  it('counts depth through fragments and inline fragments', () => {
    expect(problems('{ me { ...B } } fragment B on Person { best { best { best { id } } } }')).toEqual([
      'QUERY_TOO_DEEP',
    ]);
    expect(problems('{ me { ... on Person { best { best { best { id } } } } } }')).toEqual([
      'QUERY_TOO_DEEP',
    ]);
  });

  it('multiplies the cost of what is inside a list', () => {
    // people: 1 + 10 × (friends: 1 + 10 × 1) = 111
    expect(LIST_FACTOR).toBe(10);
    expect(problems('{ people { friends { id } } }')).toEqual(['QUERY_TOO_COSTLY']);
  });

  it('counts every alias', () => {
    const aliases = Array.from({ length: 60 }, (_, i) => `a${i}: me { id }`).join(' ');
    expect(problems(`{ ${aliases} }`)).toEqual(['QUERY_TOO_COSTLY']);
  });

  it('measures a fragment spread many times without exponential work', () => {
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment F${i} on Person { ${i < 39 ? `...F${i + 1} ...F${i + 1}` : 'id'} }`,
    ).join('\n');
    const started = Date.now();
    expect(problems(`{ me { ...F0 } } ${fragments}`)).toContain('QUERY_TOO_COSTLY');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not loop on fragment cycles (the standard rule reports them)', () => {
    const result = problems('{ me { ...A } } fragment A on Person { best { ...A } }');
    expect(result).not.toContain('QUERY_TOO_DEEP');
    expect(result.length).toBeGreaterThan(0);
  });

  it('counts introspection like any other field (issue 14 §2)', () => {
    expect(problems('{ __schema { queryType { name } } __typename }')).toEqual([]);
    expect(problems('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }')).toEqual([
      'QUERY_TOO_DEEP',
      'QUERY_TOO_COSTLY',
    ]);
  });

  it('prices a whole document as its costliest operation (documentCost, for batches)', () => {
    expect(documentCost(schema, parse('{ me { id } } query B { people { id name } }'))).toBe(
      1 + 2 * LIST_FACTOR,
    );
  });
});
