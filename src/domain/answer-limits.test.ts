import { describe, expect, it } from 'vitest';
import {
  findAnswerProblem,
  findAnswersProblem,
  findRecordSizeProblem,
  hasUnstorableText,
  MAX_ANSWER_DEPTH,
  MAX_ANSWER_LENGTH,
  MAX_RECORD_BYTES,
  MAX_RECORD_KEYS,
  utf8Length,
  withoutUnstorableText,
} from './answer-limits.ts';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { child: value };
  return value;
}

describe('hasUnstorableText', () => {
  it.each([
    ['plain text', false],
    ['emoji 😀 pairs are fine', false],
    ['é ü ß 中文', false],
    ['\u0000', true],
    ['before\u0000after', true],
    ['lone high \uD83D here', true],
    ['lone low \uDE00 here', true],
    ['ends on a high \uD83D', true],
    ['\uFFFE and \uFFFF are storable', false],
  ])('%j → %s', (text, expected) => {
    expect(hasUnstorableText(text)).toBe(expected);
  });

  it('removes only the unstorable characters', () => {
    expect(withoutUnstorableText('a\u0000b\uD83Dc😀d\uDE00')).toBe('abc😀d');
  });
});

describe('findAnswerProblem', () => {
  it.each([
    ['a short answer', 'short', null],
    ['an answer at the limit', 'x'.repeat(MAX_ANSWER_LENGTH), null],
    ['an answer over the limit', 'x'.repeat(MAX_ANSWER_LENGTH + 1), 'tooLong'],
    ['a list of choices', ['Glasses', 'Cane'], null],
    ['a too long choice in a list', ['x'.repeat(MAX_ANSWER_LENGTH + 1)], 'tooLong'],
    ['a NUL byte in a list', ['ok', 'a\u0000'], 'unstorableText'],
    ['a NUL byte in an object key', { 'a\u0000': 1 }, 'unstorableText'],
    ['booleans, numbers and null', [true, 3, null], null],
    ['nesting at the limit', nested(MAX_ANSWER_DEPTH), null],
    ['nesting past the limit', nested(MAX_ANSWER_DEPTH + 1), 'tooDeep'],
  ])('%s', (_name, value, expected) => {
    expect(findAnswerProblem(value)).toBe(expected);
  });

  it('checks every answer and every key of a set', () => {
    expect(findAnswersProblem({ a: 'fine', b: 'also fine' })).toBeNull();
    expect(findAnswersProblem({ a: 'fine', 'b\uD800': 'x' })).toBe('unstorableText');
    expect(findAnswersProblem({ a: 'fine', b: 'x'.repeat(MAX_ANSWER_LENGTH + 1) })).toBe('tooLong');
  });
});

describe('findRecordSizeProblem', () => {
  it('accepts a record at its key limit and refuses one more key', () => {
    const full = Object.fromEntries(Array.from({ length: MAX_RECORD_KEYS }, (_, i) => [`k${i}`, 'v']));
    expect(findRecordSizeProblem(full)).toBeNull();
    expect(findRecordSizeProblem({ ...full, extra: 'v' })).toBe('tooManyKeys');
  });

  it('refuses a record whose JSON passes the byte limit', () => {
    const answer = 'é'.repeat(MAX_ANSWER_LENGTH); // 2 bytes each in UTF-8
    const keys = Math.ceil(MAX_RECORD_BYTES / (2 * MAX_ANSWER_LENGTH)) + 1;
    const big = Object.fromEntries(Array.from({ length: keys }, (_, i) => [`k${i}`, answer]));
    expect(findRecordSizeProblem(big)).toBe('recordTooLarge');
    expect(findRecordSizeProblem({ a: answer })).toBeNull();
  });
});

describe('utf8Length', () => {
  it.each(['', 'abc', 'é', '中文', '😀', 'mixed é 中 😀 text', '\uD83D lone'])('%j', (text) => {
    expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
  });
});
