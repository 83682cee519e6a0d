import { describe, expect, it } from 'vitest';
import { graphql } from '../test-support/graphql-client.ts';
import { setUpTestApp } from '../test-support/set-up-test-app.ts';
import { createTestApp } from '../test-support/test-app.ts';

// Issue 14 §2: a GraphQL request is JSON holding GraphQL text; the cost limit covers introspection
// and a whole batch; production tells no field names it was not asked for.

const test = setUpTestApp();

const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  test.app.inject({ method: 'POST', url: '/graphql', headers, payload: JSON.stringify(payload) });

describe('GraphQL requests', () => {
  it('refuses a query sent as a syntax tree rather than text (it would skip the token limit)', async () => {
    const tree = {
      kind: 'Document',
      definitions: [
        {
          kind: 'OperationDefinition',
          operation: 'query',
          selectionSet: {
            kind: 'SelectionSet',
            selections: [{ kind: 'Field', name: { kind: 'Name', value: '__typename' } }],
          },
        },
      ],
    };
    const response = await post({ query: tree });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].message).toBe(
      'The "query" of a GraphQL request must be a GraphQL document as text.',
    );
  });

  it('refuses a syntax tree, or any JSON, sent as the query text (Mercurius would read it as a tree)', async () => {
    const tree = JSON.stringify({
      kind: 'Document',
      definitions: [
        {
          kind: 'OperationDefinition',
          operation: 'query',
          selectionSet: {
            kind: 'SelectionSet',
            selections: [{ kind: 'Field', name: { kind: 'Name', value: '__typename' } }],
          },
        },
      ],
    });
    for (const query of [tree, '0', 'null', '"{ viewer { id } }"', '[1]']) {
      const response = await post({ query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0].message, query).toBe(
        'The "query" of a GraphQL request must be GraphQL text, not JSON.',
      );
    }
  });

  it('refuses a bare document sent as application/graphql', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/graphql' },
      payload: '{ __typename }',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().errors[0].message).toContain('as JSON');
  });

  it('refuses a batch whose operations are affordable alone but too costly together', async () => {
    // 150 aliases of a list field: 150 × (1 + 10) = 1,650, under the limit of 2,000 on its own.
    const costly = `{ ${Array.from({ length: 150 }, (_, index) => `a${index}: products { id }`).join(' ')} }`;
    const alone = await post({ query: costly });
    expect(alone.json().errors?.[0]?.extensions?.code).not.toBe('QUERY_TOO_COSTLY');
    const batch = await post([{ query: costly }, { query: costly }]);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
    expect(batch.json().errors[0].message).toContain('3300');
  });

  it('counts introspection in the cost, so it cannot be multiplied for free', async () => {
    const query = `{ ${Array.from({ length: 40 }, (_, i) => `s${i}: __schema { types { name fields { name } } }`).join(' ')} }`;
    const response = await post({ query });
    expect(response.json().errors[0].extensions.code).toBe('QUERY_TOO_COSTLY');
  });
});

describe('in production', () => {
  it('does not suggest field names', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await graphql(production.app, '{ produts { id } }');
      const message = response.errors?.[0]?.message ?? '';
      expect(message).toContain('Cannot query field "produts"');
      expect(message).not.toContain('Did you mean');
    } finally {
      await production.close();
    }
    const development = await graphql(test.app, '{ produts { id } }');
    expect(development.errors?.[0]?.message).toContain('Did you mean');
  });
});
