import { describe, expect, it } from 'vitest';
import { mergeChoiceLists } from './choice-merge.ts';

describe('mergeChoiceLists (issue 13 §3)', () => {
  it.each<[string, unknown, unknown, unknown, unknown]>([
    ['both add different ticks', ['A'], ['A', 'B'], ['A', 'C'], ['A', 'C', 'B']],
    ['one adds, the other removes', ['A', 'B'], ['A', 'B', 'C'], ['A'], ['A', 'C']],
    ['both remove different ticks', ['A', 'B', 'C'], ['A', 'B'], ['B', 'C'], ['B']],
    ['both add the same tick', [], ['A'], ['A'], ['A']],
    ['a first tick against an untouched false', false, ['A'], ['B'], ['B', 'A']],
    ['the last tick removed here, none added there', ['A'], false, ['A'], false],
    ['my removal of a tick they also removed', ['A', 'B'], ['A'], ['A'], ['A']],
    ['nothing stored yet on either side', undefined, ['A'], undefined, ['A']],
  ])('%s', (_case, base, mine, theirs, expected) => {
    expect(mergeChoiceLists(base, mine, theirs)).toEqual(expected);
  });

  it.each<[string, unknown, unknown, unknown]>([
    ['text answers', 'old', 'mine', 'theirs'],
    ['a single yes/no box', false, true, false],
    ['a list against text', ['A'], ['A', 'B'], 'B'],
  ])('leaves %s to the usual rule (null)', (_case, base, mine, theirs) => {
    expect(mergeChoiceLists(base, mine, theirs)).toBeNull();
  });
});
