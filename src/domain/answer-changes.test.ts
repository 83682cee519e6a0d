import { describe, expect, it } from 'vitest';
import { answerChangesSince, applyAnswerChanges } from './answer-changes.ts';

// Issue 39 §3 (decision 152): what a live update carries of the answers, and how a reader takes it.

const record = {
  data: { name: 'Ada', city: 'Lisbon', old: 'kept', steps: [1, 2] },
  answerVersions: { name: 7, city: 5, steps: 3 },
  formChangedVersion: 2,
};

describe('answerChangesSince', () => {
  it.each([
    [
      'the answers written after the known version',
      5,
      { full: false, sinceVersion: 5, answers: { name: 'Ada' } },
    ],
    [
      'those of every save since',
      4,
      { full: false, sinceVersion: 4, answers: { name: 'Ada', city: 'Lisbon' } },
    ],
    ['nothing when nothing was written since', 7, { full: false, sinceVersion: 7, answers: {} }],
    [
      'the whole answers to a reader who knows no version',
      undefined,
      { full: true, sinceVersion: null, answers: record.data },
    ],
    ['the whole answers after a form change', 1, { full: true, sinceVersion: null, answers: record.data }],
  ])('sends %s', (_case, since, expected) => {
    expect(answerChangesSince(record, since)).toEqual(expected);
  });

  it('sends the whole answers when every answer changed, when versions are unknown, or after erasure', () => {
    const all = { data: { a: 1 }, answerVersions: { a: 9 }, formChangedVersion: 0 };
    expect(answerChangesSince(all, 8).full).toBe(true);
    expect(answerChangesSince({ data: { a: 1 } }, 8).full).toBe(true);
    expect(answerChangesSince({ data: {}, answerVersions: {}, formChangedVersion: 0 }, 8)).toEqual({
      full: true,
      sinceVersion: null,
      answers: {},
    });
  });

  it('sends a cleared answer with its cleared value, and an answer keyed "__proto__" as an answer', () => {
    const data = JSON.parse('{"__proto__": "x", "city": null, "name": "Ada"}');
    const changes = answerChangesSince(
      { data, answerVersions: JSON.parse('{"__proto__": 4, "city": 4}'), formChangedVersion: 0 },
      3,
    );
    expect(changes.full).toBe(false);
    expect(Object.keys(changes.answers).sort()).toEqual(['__proto__', 'city']);
    expect(changes.answers.city).toBeNull();
  });

  it('sends the whole answers for a stamped key it does not hold (never a partial guess)', () => {
    expect(
      answerChangesSince({ data: { a: 1, b: 2 }, answerVersions: { c: 5 }, formChangedVersion: 0 }, 4).full,
    ).toBe(true);
  });
});

describe('applyAnswerChanges', () => {
  const held = { data: { name: 'Ada', city: 'Lisbon' }, version: 5 };

  it('merges the changes into answers held at or after their base', () => {
    const changes = { full: false as const, sinceVersion: 5, answers: { city: null } };
    expect(applyAnswerChanges(held, changes, 6)).toEqual({ name: 'Ada', city: null });
    expect(applyAnswerChanges(held, { ...changes, sinceVersion: 4 }, 6)).toEqual({ name: 'Ada', city: null });
  });

  it('takes whole answers as they are', () => {
    expect(applyAnswerChanges(null, { full: true, sinceVersion: null, answers: { a: 1 } }, 9)).toEqual({
      a: 1,
    });
  });

  it('makes nothing of changes that follow answers it does not hold', () => {
    const changes = { full: false as const, sinceVersion: 6, answers: { city: 'Porto' } };
    expect(applyAnswerChanges(held, changes, 7)).toBeNull();
    expect(applyAnswerChanges(null, changes, 7)).toBeNull();
    // Answers newer than the update: merging an older update into them would mix two versions.
    expect(applyAnswerChanges({ ...held, version: 8 }, { ...changes, sinceVersion: 5 }, 7)).toBeNull();
  });
});
