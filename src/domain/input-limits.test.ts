import { describe, expect, it } from 'vitest';
import { findInputProblem, MAX_INPUT_DEPTH } from './input-limits.ts';

function nested(depth: number, leaf: unknown = 'leaf'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { child: value };
  return value;
}

describe('findInputProblem', () => {
  it.each([
    ['plain values', { name: 'Ada', tags: ['a', 'b'], n: 1, ok: true, none: null }, null],
    ['a NUL in a string', { name: 'A\u0000da' }, 'unstorableText'],
    ['a NUL in a key', { 'k\u0000': 'v' }, 'unstorableText'],
    ['a NUL deep in a list', [[[{ a: ['x', 'y\u0000'] }]]], 'unstorableText'],
    ['a lone surrogate', ['\uD83D'], 'unstorableText'],
    ['a bare NUL string', '\u0000', 'unstorableText'],
    ['exactly the depth limit', nested(MAX_INPUT_DEPTH), null],
    ['one level deeper', nested(MAX_INPUT_DEPTH + 1), 'tooDeep'],
  ])('%s → %s', (_label, value, expected) => {
    expect(findInputProblem(value)).toBe(expected);
  });

  it('walks a value nested 200,000 levels without overflowing the stack', () => {
    expect(findInputProblem(nested(200_000))).toBe('tooDeep');
    expect(findInputProblem(nested(200_000), 300_000)).toBeNull();
  });
});
