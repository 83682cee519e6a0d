import { describe, expect, it } from 'vitest';
import { MISSING_TOKEN_MESSAGE } from '#domain/permissions.ts';
import { SIGN_IN_END_MESSAGES } from '#domain/sign-in-end.ts';
import { GraphQLRequestError } from '#web/lib/graphql-client.ts';
import {
  failureKind,
  isPassingSaveFailure,
  isServerFault,
  RECORD_SUBMITTED_REFUSAL,
} from './save-failure.ts';

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

describe('failureKind (what the save engine does with a failed save, decision 200)', () => {
  it.each([
    ['a time-out', new DOMException('late', 'TimeoutError'), 'passing'],
    ['no network', new TypeError('Failed to fetch'), 'passing'],
    ['a server restart', new GraphQLRequestError('boom', 502), 'server-fault'],
    ['an internal error', new GraphQLRequestError('Oops', 200, 'INTERNAL_SERVER_ERROR'), 'server-fault'],
    ['the account over its share', new GraphQLRequestError('Try again', 429, 'RATE_LIMITED'), 'passing'],
    ['an expired sign-in', new GraphQLRequestError('Sign in', 401, 'UNAUTHENTICATED'), 'sign-in-ended'],
    ['no ID token', new Error(MISSING_TOKEN_MESSAGE), 'sign-in-ended'],
    [
      'a sign-in ended elsewhere',
      new GraphQLRequestError(Object.values(SIGN_IN_END_MESSAGES)[0] ?? '', 401, 'UNAUTHENTICATED'),
      'ended-elsewhere',
    ],
    ['a refusal', new GraphQLRequestError('You cannot edit this record.', 200, 'FORBIDDEN'), 'refused'],
    [
      'submitted on another device',
      new GraphQLRequestError(RECORD_SUBMITTED_REFUSAL, 200, 'CONFLICT'),
      'submitted-elsewhere',
    ],
  ])('%s: %s', (_name, error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});
