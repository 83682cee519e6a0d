import { describe, expect, it } from 'vitest';
import { isAnswerComplete } from './answer-completeness.ts';
import { findAnswerProblem } from './answer-limits.ts';
import { answerText } from './answer-text.ts';
import { mergeChoiceLists } from './choice-merge.ts';
import {
  canDecline,
  DECLINED_ANSWER,
  DECLINED_ANSWER_TEXT,
  isDeclined,
  withoutDeclinedAnswers,
} from './declined-answer.ts';
import type { FieldType } from './form-template.ts';
import { mergeAnswers, parseAnswers } from './record-answers.ts';

describe('isDeclined (issue 28 §3: a mark distinct from every real answer and from empty)', () => {
  it.each([
    ['the mark', DECLINED_ANSWER, true],
    ['the mark after a JSON round trip', JSON.parse(JSON.stringify(DECLINED_ANSWER)), true],
    ['empty text', '', false],
    ['text', 'declined', false],
    ['false (an unset checkbox)', false, false],
    ['true', true, false],
    ['null', null, false],
    ['undefined', undefined, false],
    ['a list', ['declined'], false],
    ['an empty object', {}, false],
    ['declined: false', { declined: false }, false],
    ['declined: "true"', { declined: 'true' }, false],
    ['the mark with more members', { declined: true, text: 'x' }, false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isDeclined(value)).toBe(expected);
  });
});

describe('canDecline (only a sensitive question people answer offers "Prefer not to answer")', () => {
  it.each<[FieldType, boolean | undefined, boolean]>([
    ['text', true, true],
    ['textarea', true, true],
    ['radio', true, true],
    ['checkbox', true, true],
    ['date', true, true],
    ['number', true, true],
    ['text', false, false],
    ['text', undefined, false],
    ['table', true, false],
    ['hidden', true, false],
  ])('%s, sensitive %s → %s', (type, sensitive, expected) => {
    expect(canDecline({ type, sensitive })).toBe(expected);
  });
});

describe('a declined answer in the answer rules', () => {
  it.each<FieldType>(['text', 'textarea', 'date', 'number', 'radio', 'checkbox'])(
    'counts as complete for a %s question',
    (type) => {
      expect(isAnswerComplete(type, DECLINED_ANSWER)).toBe(true);
    },
  );

  it('reads as "Prefer not to answer"', () => {
    expect(DECLINED_ANSWER_TEXT).toBe('Prefer not to answer');
    expect(answerText({ type: 'radio', options: [] }, DECLINED_ANSWER)).toBe('Prefer not to answer');
    expect(answerText(undefined, DECLINED_ANSWER)).toBe('Prefer not to answer');
  });

  it('passes the answer limits and the save parser', () => {
    expect(findAnswerProblem(DECLINED_ANSWER)).toBeNull();
    expect(parseAnswers(JSON.stringify({ abuse: DECLINED_ANSWER }))).toEqual({
      ok: true,
      answers: { abuse: DECLINED_ANSWER },
    });
  });

  it('is merged and conflict-checked like any answer', () => {
    const stored = { data: { abuse: 'old' }, keyVersions: { abuse: 1 }, version: 1 };
    const accepted = mergeAnswers(stored, { abuse: DECLINED_ANSWER }, 1);
    expect(accepted).toMatchObject({
      ok: true,
      conflictingKeys: [],
      stored: { data: { abuse: DECLINED_ANSWER } },
    });
    const stale = mergeAnswers(
      { ...stored, keyVersions: { abuse: 2 }, version: 2 },
      { abuse: DECLINED_ANSWER },
      1,
    );
    expect(stale).toMatchObject({ ok: true, conflictingKeys: ['abuse'], stored: { data: { abuse: 'old' } } });
  });

  it('is no tick list, so a checkbox merge falls back to the usual rule', () => {
    expect(mergeChoiceLists(['a'], DECLINED_ANSWER, ['a', 'b'])).toBeNull();
  });
});

describe('withoutDeclinedAnswers (what may go into report material or to an AI model)', () => {
  it.each([
    ['no declined answer: the same object', { a: 'x' }, { a: 'x' }],
    ['a declined answer is left out', { a: 'x', b: DECLINED_ANSWER }, { a: 'x' }],
    [
      'a declined cell in the flattened map is left out',
      { t__0__c: DECLINED_ANSWER, flattened: { t__0__c: DECLINED_ANSWER, t__0__d: 'y' } },
      { flattened: { t__0__d: 'y' } },
    ],
    ['an empty answer stays (emptiness is the report rule’s business)', { a: '' }, { a: '' }],
  ])('%s', (_label, input, expected) => {
    expect(withoutDeclinedAnswers(input)).toEqual(expected);
  });

  it('gives back the same object when nothing is declined', () => {
    const answers = { a: 'x', flattened: { t__0__c: 'y' } };
    expect(withoutDeclinedAnswers(answers)).toBe(answers);
  });
});
