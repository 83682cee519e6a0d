import { describe, expect, it } from 'vitest';
import {
  firstProblem,
  INVALID_EMAIL_MESSAGE,
  INVITE_REQUIRED_MESSAGE,
  inviteSchema,
  MISSING_RECORD_ID_MESSAGE,
  ORGANIZATION_MISSING_MESSAGE,
  RESEND_FAILURE_MESSAGE,
  resendFailureMessage,
  resendSchema,
} from './invitation.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  organization: '9b2f6a4e-3f7e-4a8c-9a60-0d3f0b1e2c11',
  inventoryType: '1c2f6a4e-3f7e-4a8c-9a60-0d3f0b1e2c22',
};
const problemOf = (input: unknown) => firstProblem(inviteSchema.safeParse(input).error);

describe('inviteSchema (customer-app §5 Invite form)', () => {
  it.each([
    ['no name', { name: '' }, INVITE_REQUIRED_MESSAGE],
    ['a name of spaces', { name: '   ' }, INVITE_REQUIRED_MESSAGE],
    ['no e-mail', { email: undefined }, INVITE_REQUIRED_MESSAGE],
    ['no inventory type', { inventoryType: '' }, INVITE_REQUIRED_MESSAGE],
    ['an inventory type that is not text', { inventoryType: 42 }, INVITE_REQUIRED_MESSAGE],
    [
      'everything missing but the organization',
      { name: '', email: '', inventoryType: '' },
      INVITE_REQUIRED_MESSAGE,
    ],
    ['no organization', { organization: '' }, ORGANIZATION_MISSING_MESSAGE],
    [
      'no organization and no name: the person’s fields first',
      { organization: '', name: '' },
      INVITE_REQUIRED_MESSAGE,
    ],
    ['a malformed e-mail', { email: 'not-an-address' }, INVALID_EMAIL_MESSAGE],
    ['an e-mail with a space', { email: 'ada @example.com' }, INVALID_EMAIL_MESSAGE],
    ['an over-long e-mail', { email: `${'a'.repeat(250)}@example.com` }, INVALID_EMAIL_MESSAGE],
    ['a name with a line break', { name: 'Ada\nBcc: x@example.com' }, 'The name cannot contain line breaks.'],
    ['an over-long name', { name: 'A'.repeat(201) }, 'The name can be at most 200 characters long.'],
  ])('refuses %s', (_case, change, message) => {
    expect(problemOf({ ...valid, ...change })).toBe(message);
  });

  it.each([
    [{ name: '', email: '' }, 'name'],
    [{ email: '' }, 'email'],
    [{ inventoryType: '' }, 'inventoryType'],
    [{ organization: '' }, 'organization'],
    [{ name: 'Ada\nBcc: x@example.com' }, 'name'],
    [{ email: 'not-an-address' }, 'email'],
  ])('ties the problem of %j to the field %s, for the form to place it', (change, field) => {
    const issues = inviteSchema.safeParse({ ...valid, ...change }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path)).toEqual([[field]]);
  });

  it('refuses a body that is not an object with the required message', () => {
    expect(problemOf(undefined)).toBeDefined();
    expect(problemOf({})).toBe(INVITE_REQUIRED_MESSAGE);
  });

  it('accepts a complete invite and trims what was typed', () => {
    const parsed = inviteSchema.parse({ ...valid, name: '  Ada Lovelace ', email: ' ada@example.com ' });
    expect(parsed).toEqual(valid);
  });
});

describe('resendSchema (customer-app §7 POST /resend)', () => {
  it.each([[{}], [{ reportId: '' }], [{ reportId: null }]])('refuses %j with the spec message', (input) => {
    expect(firstProblem(resendSchema.safeParse(input).error)).toBe(MISSING_RECORD_ID_MESSAGE);
  });
  it('accepts a record id', () => {
    expect(resendSchema.parse({ reportId: ' abc ' })).toEqual({ reportId: 'abc' });
  });
});

describe('resendFailureMessage (customer-app §8)', () => {
  it.each([
    ['Record not found.', 'Error re-sending invite: Record not found.'],
    [undefined, RESEND_FAILURE_MESSAGE],
    ['', RESEND_FAILURE_MESSAGE],
  ])('%s → %s', (message, expected) => {
    expect(resendFailureMessage(message)).toBe(expected);
  });
});
