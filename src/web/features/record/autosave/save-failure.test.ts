import { describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';
import { isPassingSaveFailure, isServerFault } from './save-failure.ts';

describe('isPassingSaveFailure', () => {
  it.each([
    ['a server error', new GraphQLRequestError('boom', 500), true],
    [
      'the account over its share (decision 150)',
      new GraphQLRequestError('Try again in 1 second.', 429, 'RATE_LIMITED'),
      true,
    ],
    [
      'too many at once',
      new GraphQLRequestError('Too many requests at once', 429, 'TOO_MANY_REQUESTS'),
      true,
    ],
    ['a rate refusal over the socket', new GraphQLRequestError('Try again', 200, 'RATE_LIMITED'), true],
    ['a refusal', new GraphQLRequestError('You cannot edit this record.', 200, 'FORBIDDEN'), false],
    ['bad input', new GraphQLRequestError('Bad', 400, 'BAD_USER_INPUT'), false],
  ])('%s: %s', (_name, error, passing) => {
    expect(isPassingSaveFailure(error, true)).toBe(passing);
  });

  it('a 429 is no fault of the server: the person is not told the server fails', () => {
    expect(isServerFault(new GraphQLRequestError('Try again', 429, 'RATE_LIMITED'), true)).toBe(false);
  });
});
