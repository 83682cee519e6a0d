import { describe, expect, it } from 'vitest';
import { liveAnswers } from './live-answers.ts';

// Issue 39 §3 (decision 152): the record screen makes a subscription's changes whole again.

const update = (
  version: number,
  answerChanges: { full: boolean; sinceVersion: number | null; answers: unknown },
) => ({
  id: 'r',
  version,
  submitted: false,
  answerChanges,
});

describe('liveAnswers', () => {
  it('takes the first whole answers, then merges each update’s changes into them', () => {
    const whole = liveAnswers();
    expect(whole(update(3, { full: true, sinceVersion: null, answers: { a: 'x', b: 'y' } }))).toEqual({
      id: 'r',
      version: 3,
      submitted: false,
      data: { a: 'x', b: 'y' },
    });
    expect(whole(update(4, { full: false, sinceVersion: 3, answers: { b: null } }))?.data).toEqual({
      a: 'x',
      b: null,
    });
    expect(whole(update(6, { full: false, sinceVersion: 4, answers: { c: 1 } }))?.data).toEqual({
      a: 'x',
      b: null,
      c: 1,
    });
  });

  it('takes whole answers in place of those it holds (a form change)', () => {
    const whole = liveAnswers();
    whole(update(3, { full: true, sinceVersion: null, answers: { a: 'x' } }));
    expect(whole(update(4, { full: true, sinceVersion: null, answers: { moved: 'x' } }))?.data).toEqual({
      moved: 'x',
    });
  });

  it('makes nothing of changes that follow nothing it holds, or that come without their base', () => {
    const whole = liveAnswers();
    expect(whole(update(4, { full: false, sinceVersion: 3, answers: { b: 1 } }))).toBeNull();
    whole(update(3, { full: true, sinceVersion: null, answers: { a: 'x' } }));
    expect(whole(update(6, { full: false, sinceVersion: 5, answers: { b: 1 } }))).toBeNull();
    expect(whole(update(4, { full: false, sinceVersion: null, answers: { b: 1 } }))).toBeNull();
    expect(whole({ id: 'r', version: 4, submitted: false, answerChanges: null })).toBeNull();
  });
});
