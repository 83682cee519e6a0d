import { describe, expect, it } from 'vitest';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { SIGN_IN_END_MESSAGES, type SignInEndCause } from '#domain/sign-in-end.ts';
import { TypedDocumentString } from '#web/gql/graphql.ts';
import { jsonResponse } from '#web/test-support/fake-identity-provider.ts';
import { createGraphQLClient, GraphQLRequestError } from './graphql-client.ts';

const Ping = new TypedDocumentString('query Ping($n: Int) { ping(n: $n) }') as unknown as TypedDocumentString<
  { ping: number },
  { n: number }
>;

function clientAnswering(
  answer: (init: RequestInit) => Response | Promise<Response>,
  token: string | null = 'id-token',
) {
  const seen: RequestInit[] = [];
  const client = createGraphQLClient({
    getIdToken: async () => token,
    fetch: async (_url, init = {}) => {
      seen.push(init);
      return answer(init);
    },
  });
  return { client, seen };
}

describe('the GraphQL client (customer-app §7)', () => {
  it('POSTs the document and variables with the ID token as bearer', async () => {
    const { client, seen } = clientAnswering(() => jsonResponse({ data: { ping: 3 } }));
    await expect(client.request(Ping, { n: 3 })).resolves.toEqual({ ping: 3 });
    const headers = new Headers(seen[0]?.headers);
    expect(seen[0]?.method).toBe('POST');
    expect(headers.get('authorization')).toBe('Bearer id-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(seen[0]?.body))).toEqual({
      query: 'query Ping($n: Int) { ping(n: $n) }',
      variables: { n: 3 },
    });
  });

  it('throws the FIRST GraphQL error message', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse({ data: null, errors: [{ message: 'Record not found' }, { message: 'second' }] }),
    );
    await expect(client.request(Ping, { n: 1 })).rejects.toThrow(/^Record not found$/);
  });

  it('keeps the HTTP status and the error code, so a refusal can be told from a server failure', async () => {
    const { client } = clientAnswering(() =>
      jsonResponse({ data: null, errors: [{ message: 'Nope', extensions: { code: 'FORBIDDEN' } }] }, 403),
    );
    const error = await client.request(Ping, { n: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({ message: 'Nope', status: 403, code: 'FORBIDDEN' });
  });

  it('says the user is not authenticated, without calling, when there is no token', async () => {
    const { client, seen } = clientAnswering(() => jsonResponse({ data: { ping: 1 } }), null);
    await expect(client.request(Ping, { n: 1 })).rejects.toThrow(MISSING_TOKEN_MESSAGE);
    expect(seen).toEqual([]);
  });

  it("reads an { error } body (the server's 4xx shape)", async () => {
    const { client } = clientAnswering(() => jsonResponse({ error: 'Token expired' }, 401));
    await expect(client.request(Ping, { n: 1 })).rejects.toThrow('Token expired');
  });

  it('names the status when the answer is not JSON', async () => {
    const { client } = clientAnswering(
      () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(client.request(Ping, { n: 1 })).rejects.toMatchObject({
      message: 'The server answered 502 Bad Gateway',
      status: 502,
    });
  });

  it('rejects with a TimeoutError when the answer takes longer than asked', async () => {
    const { client } = clientAnswering(
      (init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(client.request(Ping, { n: 1 }, { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });
});

describe('a sign-in ended elsewhere (issue 38 §5)', () => {
  it('tells the session the cause a 401 names, and nothing for other refusals', async () => {
    const heard: SignInEndCause[] = [];
    const refusing = (status: number, message: string) =>
      createGraphQLClient({
        getIdToken: () => 'id-token',
        onSignInEnded: (cause) => heard.push(cause),
        fetch: async () =>
          jsonResponse({ errors: [{ message, extensions: { code: 'UNAUTHENTICATED' } }] }, status),
      });
    await expect(refusing(401, SIGN_IN_END_MESSAGES.admin).request(Ping, { n: 1 })).rejects.toThrow(
      SIGN_IN_END_MESSAGES.admin,
    );
    await expect(refusing(401, 'The sign-in token has expired.').request(Ping, { n: 1 })).rejects.toThrow();
    await expect(refusing(403, SIGN_IN_END_MESSAGES.everywhere).request(Ping, { n: 1 })).rejects.toThrow();
    expect(heard).toEqual(['admin']);
  });
});
