import { describe, expect, it } from 'vitest';
import {
  contactFormSchema,
  SUPPORT_MESSAGE_MAX,
  supportMessageErrors,
  supportMessageSchema,
  TREE_COUNT_PATTERN_MESSAGE,
  TREE_COUNT_WRONG_MESSAGE,
  treeCountError,
} from './support-message.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'How do I continue my record?',
  type: 'contact_form',
  timestamp: '2025-07-07T10:15:00.000Z',
};

function errorsOf(input: Record<string, unknown>) {
  const result = supportMessageSchema.safeParse(input);
  return result.success ? {} : supportMessageErrors(result.error);
}

describe('support message schema', () => {
  it('accepts a complete message and trims the text fields', () => {
    const parsed = supportMessageSchema.parse({
      ...valid,
      name: '  Ada Lovelace ',
      email: ' ada@example.com ',
      message: '\n Hello \n',
    });
    expect(parsed).toEqual({ ...valid, message: 'Hello' });
  });

  it('accepts a timestamp with an offset', () => {
    expect(supportMessageSchema.safeParse({ ...valid, timestamp: '2025-07-07T12:15:00+02:00' }).success).toBe(
      true,
    );
  });

  it.each([
    ['name missing', { name: undefined }, { name: 'Please enter your name.' }],
    ['name blank', { name: '   ' }, { name: 'Please enter your name.' }],
    [
      'name with a line break',
      { name: 'Ada\r\nBcc: x@y.z' },
      { name: 'Your name cannot contain line breaks.' },
    ],
    ['name too long', { name: 'a'.repeat(201) }, { name: 'Your name can be at most 200 characters long.' }],
    ['email missing', { email: undefined }, { email: 'Please enter your e-mail address.' }],
    ['email blank', { email: ' ' }, { email: 'Please enter your e-mail address.' }],
    ['email malformed', { email: 'ada@' }, { email: 'Please enter a valid e-mail address.' }],
    [
      'email too long',
      { email: `${'a'.repeat(250)}@x.io` },
      { email: 'Please enter a valid e-mail address.' },
    ],
    ['message missing', { message: undefined }, { message: 'Please enter your message.' }],
    ['message blank', { message: '\n\t ' }, { message: 'Please enter your message.' }],
    [
      'message too long',
      { message: 'x'.repeat(SUPPORT_MESSAGE_MAX + 1) },
      { message: 'Your message can be at most 5,000 characters long.' },
    ],
    ['type other than contact_form', { type: 'invite' }, { type: 'type must be "contact_form".' }],
    ['type missing', { type: undefined }, { type: 'type must be "contact_form".' }],
    [
      'timestamp not a date',
      { timestamp: 'yesterday' },
      { timestamp: 'timestamp must be an ISO 8601 date and time.' },
    ],
    [
      'timestamp missing',
      { timestamp: undefined },
      { timestamp: 'timestamp must be an ISO 8601 date and time.' },
    ],
    ['name not a string', { name: 42 }, { name: 'Please enter your name.' }],
  ])('refuses %s', (_case, change, expected) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(expected);
  });

  it('reports every failing field at once, one message each', () => {
    expect(errorsOf({ type: 'contact_form', timestamp: valid.timestamp })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your e-mail address.',
      message: 'Please enter your message.',
    });
  });
});

describe('tree count (admin-app §5, §9)', () => {
  it.each([
    ['6', undefined],
    [' 6 ', undefined],
    ['06', undefined],
    ['5', TREE_COUNT_WRONG_MESSAGE],
    ['11', TREE_COUNT_WRONG_MESSAGE],
    ['0', TREE_COUNT_WRONG_MESSAGE],
    ['', TREE_COUNT_PATTERN_MESSAGE],
    ['six', TREE_COUNT_PATTERN_MESSAGE],
    ['6.0', TREE_COUNT_PATTERN_MESSAGE],
    ['-6', TREE_COUNT_PATTERN_MESSAGE],
    ['3+3', TREE_COUNT_PATTERN_MESSAGE],
  ])('%j → %s', (answer, expected) => {
    expect(treeCountError(answer)).toBe(expected);
  });

  it('uses the spec texts', () => {
    expect(TREE_COUNT_WRONG_MESSAGE).toBe(
      'Please count the trees correctly (hint: ignore the non-tree emojis!)',
    );
    expect(TREE_COUNT_PATTERN_MESSAGE).toBe('Please answer the math question correctly');
  });
});

describe('contact form schema (admin-app §5)', () => {
  const typed = { name: 'Ada', email: 'ada@example.com', message: 'Hello', website: '', trees: '6' };
  const problems = (input: Record<string, string>) => {
    const result = contactFormSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
  };

  it.each([
    ['everything typed', {}, {}],
    ['a wrong tree count', { trees: '11' }, { trees: TREE_COUNT_WRONG_MESSAGE }],
    ['a tree count in words', { trees: 'six' }, { trees: TREE_COUNT_PATTERN_MESSAGE }],
    [
      'nothing typed',
      { name: '', email: '', message: '', trees: '' },
      {
        name: 'Please enter your name.',
        email: 'Please enter your e-mail address.',
        message: 'Please enter your message.',
        trees: TREE_COUNT_PATTERN_MESSAGE,
      },
    ],
    ['a malformed address', { email: 'ada@' }, { email: 'Please enter a valid e-mail address.' }],
    ['a filled honeypot (the form stops before checking)', { website: 'https://spam.example' }, {}],
  ])('%s', (_case, change, expected) => {
    expect(problems({ ...typed, ...change })).toEqual(expected);
  });

  it('gives the message fields trimmed, as they are sent', () => {
    expect(contactFormSchema.parse({ ...typed, name: ' Ada ', message: '\n Hello \n' })).toMatchObject({
      name: 'Ada',
      message: 'Hello',
    });
  });
});
