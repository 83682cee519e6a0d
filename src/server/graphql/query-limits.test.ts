import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  armorRules,
  documentCost,
  JSON_FIELD_COST,
  LIST_FACTOR,
  MAX_ALIASES,
  MAX_COST,
  MAX_DIRECTIVES,
  queryLimitRules,
} from './query-limits.ts';

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

describe('armorRules and JSON fields (issue 25)', () => {
  const jsonSchema = buildSchema(`
    scalar JSON
    type Query { record(id: ID): Record, records: [Record!]! }
    type Record { id: ID!, data: JSON! }
  `);
  const codes = (query: string) =>
    validate(jsonSchema, parse(query), [...specifiedRules, ...queryLimitRules(), ...armorRules()]).map(
      (error) => error.extensions.code,
    );
  const aliased = (count: number, selection = '{ id }') =>
    `{ ${Array.from({ length: count }, (_, i) => `a${i}: record(id: "x") ${selection}`).join(' ')} }`;

  it(`allows ${MAX_ALIASES} aliases and refuses one more, however they are written`, () => {
    expect(codes(aliased(MAX_ALIASES))).toEqual([]);
    expect(codes(aliased(MAX_ALIASES + 1))).toEqual(['QUERY_TOO_MANY_ALIASES']);
    const inFragments = `{ ...A ...B } fragment A on Query { ${aliased(11).slice(2, -2)} }
      fragment B on Query { ${aliased(11).replaceAll('a', 'b').slice(2, -2)} }`;
    expect(codes(inFragments)).toEqual(['QUERY_TOO_MANY_ALIASES']);
  });

  it(`refuses more than ${MAX_DIRECTIVES} directives`, () => {
    const fields = Array.from({ length: MAX_DIRECTIVES + 1 }, () => 'id @include(if: true)').join(' ');
    expect(codes(`{ record(id: "x") { ${fields} } }`)).toEqual(['QUERY_TOO_MANY_DIRECTIVES']);
  });

  it(`prices a JSON field at ${JSON_FIELD_COST}, inside lists too`, () => {
    expect(documentCost(jsonSchema, parse('{ record(id: "x") { id data } }'))).toBe(1 + 1 + JSON_FIELD_COST);
    expect(documentCost(jsonSchema, parse('{ records { data } }'))).toBe(1 + LIST_FACTOR * JSON_FIELD_COST);
    // 20 aliases of a record's answers fit one operation; 40 in a batch of two do not.
    expect(codes(aliased(20, '{ data }'))).toEqual([]);
    expect(2 * documentCost(jsonSchema, parse(aliased(20, '{ data }')))).toBeGreaterThan(MAX_COST);
  });
});
