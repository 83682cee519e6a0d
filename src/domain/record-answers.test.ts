import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Answers,
  MAX_ANSWER_KEYS,
  mergeAnswers,
  mergedValue,
  parseAnswers,
  readStoredAnswers,
  type VersionedAnswers,
} from './record-answers.ts';

const answers = { name: 'Ada', dob: '1815-12-10', currentStep: 2, flattened: { sib__0__name: 'Byron' } };

describe('parseAnswers', () => {
  it.each([
    ['an object', answers],
    ['a JSON string', JSON.stringify(answers)],
    ['a double-encoded JSON string', JSON.stringify(JSON.stringify(answers))],
    ['a triple-encoded JSON string', JSON.stringify(JSON.stringify(JSON.stringify(answers)))],
    ['an empty object', {}],
  ])('reads %s as an object', (_label, input) => {
    const result = parseAnswers(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.answers).toEqual(typeof input === 'object' ? input : answers);
  });

  it.each([
    ['text that is not JSON', '{oops', 'The answers are not valid JSON.'],
    ['an empty string', '', 'The answers are not valid JSON.'],
    ['a list', ['a'], 'The answers must be a JSON object of answers keyed by field id.'],
    ['a JSON list', '["a"]', 'The answers must be a JSON object of answers keyed by field id.'],
    ['null', null, 'The answers must be a JSON object of answers keyed by field id.'],
    ['a number', 42, 'The answers must be a JSON object of answers keyed by field id.'],
    ['a JSON number', '42', 'The answers must be a JSON object of answers keyed by field id.'],
    ['an empty key', { '': 'x' }, 'Every answer needs a field id of 1 to 256 characters.'],
    ['a very long key', { ['k'.repeat(257)]: 'x' }, 'Every answer needs a field id of 1 to 256 characters.'],
  ])('refuses %s with a clear message', (_label, input, error) => {
    expect(parseAnswers(input)).toEqual({ ok: false, error });
  });

  it('refuses more keys than one save may carry', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_ANSWER_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(parseAnswers(many).ok).toBe(false);
  });

  it('refuses four layers of encoding rather than storing a string', () => {
    const four = JSON.stringify(JSON.stringify(JSON.stringify(JSON.stringify(answers))));
    expect(parseAnswers(four).ok).toBe(false);
  });
});

describe('readStoredAnswers', () => {
  it.each([
    [null, {}],
    ['', {}],
    ['not json', {}],
    [JSON.stringify(JSON.stringify(answers)), answers],
    [answers, answers],
  ])('reads %j', (stored, expected) => {
    expect(readStoredAnswers(stored)).toEqual(expected);
  });
});

const fresh: VersionedAnswers = { data: { steps: [], a: 'old-a', b: 'old-b' }, keyVersions: {}, version: 1 };

function merged(stored: VersionedAnswers, changes: Answers, base: number) {
  const result = mergeAnswers(stored, changes, base);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('mergeAnswers', () => {
  it('keeps both answers when two people save different questions from the same version', () => {
    const first = merged(fresh, { a: 'from-phone' }, 1);
    const second = merged(first.stored, { b: 'from-laptop' }, 1);
    expect(second.stored.data).toEqual({ steps: [], a: 'from-phone', b: 'from-laptop' });
    expect(second.conflictingKeys).toEqual([]);
    expect(second.stored.version).toBe(3);
  });

  it('never lets a stale write replace a newer answer, and reports the key', () => {
    const newer = merged(fresh, { a: 'typed later' }, 1);
    const stale = merged(newer.stored, { a: 'typed earlier', b: 'new b' }, 1);
    expect(stale.stored.data.a).toBe('typed later');
    expect(stale.stored.data.b).toBe('new b');
    expect(stale.conflictingKeys).toEqual(['a']);
  });

  it('lets an informed write (from the current version) change a key someone else wrote', () => {
    const other = merged(fresh, { a: 'theirs' }, 1);
    const informed = merged(other.stored, { a: 'mine, having seen theirs' }, other.stored.version);
    expect(informed.stored.data.a).toBe('mine, having seen theirs');
  });

  it('refuses a base version from the future', () => {
    expect(mergeAnswers(fresh, { a: 'x' }, 2)).toEqual({ ok: false, error: 'base-version-ahead' });
  });

  it('keeps bookkeeping keys exactly as sent', () => {
    const steps = [{ stepTitle: 'One', fields: [] }];
    const result = merged(fresh, { steps, currentStep: 3, flattened: { t__0__c: 'v' } }, 1);
    expect(result.stored.data).toMatchObject({ steps, currentStep: 3, flattened: { t__0__c: 'v' } });
  });

  it('treats a key named __proto__ as an answer, not a prototype', () => {
    const changes = JSON.parse('{"__proto__": {"polluted": true}}') as Answers;
    const result = merged(fresh, changes, 1);
    expect(Object.hasOwn(result.stored.data, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // A property test: any interleaving of saves from clients holding any earlier version.
  const key = fc.constantFrom('a', 'b', 'c', 'd', 'steps', 'currentStep');
  const save = fc.record({
    changes: fc.dictionary(key, fc.string({ maxLength: 4 }), { maxKeys: 4 }),
    lag: fc.nat({ max: 4 }),
  });

  it('property: a key is only ever overwritten by a save that had seen its latest write', () => {
    fc.assert(
      fc.property(fc.array(save, { maxLength: 25 }), (saves) => {
        let stored: VersionedAnswers = { data: {}, keyVersions: {}, version: 1 };
        for (const { changes, lag } of saves) {
          const base = Math.max(1, stored.version - lag);
          const before = stored;
          const result = merged(before, changes, base);
          for (const k of Object.keys({ ...before.data, ...changes })) {
            const lastWrite = before.keyVersions[k] ?? 0;
            if (!(k in changes)) {
              // untouched keys keep their value and their version
              expect(result.stored.data[k]).toEqual(before.data[k]);
            } else if (lastWrite > base) {
              // the stored answer is newer than the sender's copy: it stays
              expect(result.stored.data[k]).toEqual(before.data[k]);
              expect(result.conflictingKeys).toContain(k);
            } else {
              expect(result.stored.data[k]).toEqual(changes[k]);
              expect(result.stored.keyVersions[k]).toBe(result.stored.version);
            }
          }
          expect(result.stored.version).toBe(before.version + 1);
          stored = result.stored;
        }
      }),
    );
  });

  it('property: saves of disjoint keys from one version all survive, in any order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }),
        fc.func(fc.integer()),
        (keys, order) => {
          let stored: VersionedAnswers = { data: {}, keyVersions: {}, version: 1 };
          const shuffled = [...keys].sort((x, y) => order(x) - order(y));
          for (const k of shuffled) stored = merged(stored, { [k]: `value of ${k}` }, 1).stored;
          for (const k of keys) expect(stored.data[k]).toBe(`value of ${k}`);
        },
      ),
    );
  });
});

describe('mergedValue (issue 13: the flattened map of table cells)', () => {
  it.each([
    ['flattened', { a: 1 }, { b: 2 }, { a: 1, b: 2 }],
    ['flattened', { a: 1, b: 1 }, { b: 2 }, { a: 1, b: 2 }],
    ['flattened', 'text', { b: 2 }, { b: 2 }],
    ['flattened', { a: 1 }, null, null],
    ['name', { a: 1 }, { b: 2 }, { b: 2 }],
  ])('%s: stored %j, sent %j → %j', (key, stored, sent, expected) =>
    expect(mergedValue(key, stored, sent)).toEqual(expected),
  );

  it('mergeAnswers keeps the cells another device stored', () => {
    const stored = { data: { flattened: { t__0__a: 'A' } }, keyVersions: { flattened: 2 }, version: 2 };
    const result = mergeAnswers(stored, { flattened: { t__1__a: 'B' } }, 2);
    expect(result.ok && result.stored.data.flattened).toEqual({ t__0__a: 'A', t__1__a: 'B' });
  });
});
