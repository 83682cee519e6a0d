import { describe, expect, it } from 'vitest';
import { AnswerBuffer } from './answer-buffer.ts';
import { MAX_SAVE_BYTES } from './save-body.ts';
import type { KeptAnswers, SaveResult, ServerRecordState } from './sync-types.ts';

// The answer buffer alone (typed → sent → acknowledged), in the node project: no DOM, React or
// timers. The sync engine's timing is tested in record-sync.test.ts.

const stored = (data: Record<string, unknown>, version = 1): ServerRecordState => ({
  data,
  version,
  updatedAt: `t${version}`,
  submitted: false,
});
const result = (
  data: Record<string, unknown>,
  version: number,
  conflictingKeys: string[] = [],
): SaveResult => ({
  data,
  version,
  updatedAt: `t${version}`,
  conflictingKeys,
});

/** Sends what the buffer chooses and acknowledges it with the server's answer (a merge of the keys). */
function saveRound(buffer: AnswerBuffer, conflictingKeys: string[] = []) {
  const body = buffer.nextSave('save');
  buffer.markSent(Object.keys(body.answers));
  const version = buffer.server.version + 1;
  const data = { ...buffer.server.data };
  for (const [key, value] of body.sent) if (!conflictingKeys.includes(key)) data[key] = value;
  const shown = buffer.acknowledge(body.sent, result(data, version, conflictingKeys));
  buffer.adopt({ ...buffer.server, data, version, updatedAt: `t${version}` }, shown);
  buffer.markSent([]);
  return { body, resend: buffer.mustResend(body.sent, conflictingKeys) };
}

describe('AnswerBuffer: typed, sent, acknowledged', () => {
  const cases: {
    name: string;
    run: (buffer: AnswerBuffer) => unknown;
    expected: { unsent: number; view: Record<string, unknown>; kept: string[]; got?: unknown };
  }[] = [
    {
      name: 'a typed answer shows over the stored one and is kept',
      run: (b) => b.type('name', 'Ana', 5),
      expected: { unsent: 1, view: { name: 'Ana', city: 'Oslo' }, kept: ['name'] },
    },
    {
      name: 'an acknowledged answer is no longer unsent or kept',
      run: (b) => {
        b.type('name', 'Ana', 5);
        return saveRound(b).resend;
      },
      expected: { unsent: 0, view: { name: 'Ana', city: 'Oslo' }, kept: [], got: false },
    },
    {
      name: 'typed again while on its way: stays unsent, as a change of the saved value',
      run: (b) => {
        b.type('name', 'An', 5);
        const body = b.nextSave('save');
        b.markSent(body.sent.keys());
        b.type('name', 'Ana', 6);
        const shown = b.acknowledge(body.sent, result({ name: 'An', city: 'Oslo' }, 2));
        b.adopt({ ...stored({ name: 'An', city: 'Oslo' }, 2) }, shown);
        return b.kept().typedAgainst.name;
      },
      expected: { unsent: 1, view: { name: 'Ana', city: 'Oslo' }, kept: ['name'], got: 2 },
    },
    {
      name: 'a stored state never replaces an unsent answer',
      run: (b) => {
        b.type('city', 'Bergen', 5);
        return b.adopt(stored({ city: 'Tromsø' }, 3), b.view());
      },
      expected: { unsent: 1, view: { city: 'Bergen' }, kept: ['city'], got: false },
    },
    {
      name: 'an unsent answer the server turns out to hold is settled',
      run: (b) => {
        b.type('city', 'Bergen', 5);
        return b.adopt(stored({ city: 'Bergen' }, 3), b.view());
      },
      expected: { unsent: 0, view: { city: 'Bergen' }, kept: [], got: true },
    },
    {
      name: 'a kept answer refused as older waits for the person’s choice (still kept)',
      run: (b) => {
        b.takeKept({ answers: { name: 'Old' }, typedAgainst: { name: 0 } });
        saveRound(b, ['name']);
        return b.keptConflicts();
      },
      expected: {
        unsent: 0,
        view: { name: undefined, city: 'Oslo' },
        kept: ['name'],
        got: [{ key: 'name', mine: 'Old', stored: undefined }],
      },
    },
    {
      name: 'choosing the kept answer makes it unsent again',
      run: (b) => {
        b.takeKept({ answers: { name: 'Old' }, typedAgainst: { name: 0 } });
        saveRound(b, ['name']);
        return b.resolveConflict('name', 'mine');
      },
      expected: { unsent: 1, view: { name: 'Old', city: 'Oslo' }, kept: ['name'], got: true },
    },
    {
      name: 'an answer of this tab changed after the kept one stays',
      run: (b) => {
        b.type('name', 'Mine', 10);
        return b.takeKept({
          answers: { name: 'Other tab' },
          typedAgainst: { name: 1 },
          changedAt: { name: 9 },
        });
      },
      expected: { unsent: 1, view: { name: 'Mine', city: 'Oslo' }, kept: ['name'], got: false },
    },
    {
      name: 'a kept answer changed later than this tab’s replaces it',
      run: (b) => {
        b.type('name', 'Mine', 10);
        return b.takeKept({
          answers: { name: 'Other tab' },
          typedAgainst: { name: 1 },
          changedAt: { name: 11 },
        });
      },
      expected: { unsent: 1, view: { name: 'Other tab', city: 'Oslo' }, kept: ['name'], got: true },
    },
    {
      name: 'a tick list changed on two devices keeps both devices’ ticks',
      run: (b) => {
        b.type('pets', ['cat', 'dog'], 5);
        b.adopt(stored({ city: 'Oslo', pets: ['cat', 'fish'] }, 2), b.view());
        return b.getAnswer('pets');
      },
      expected: { unsent: 1, view: { city: 'Oslo', pets: ['cat', 'fish', 'dog'] }, kept: ['pets'] },
    },
    {
      name: 'the focused field keeps what it shows until blur',
      run: (b) => {
        b.focus('city');
        b.adopt(stored({ city: 'Tromsø' }, 2), b.view());
        const during = b.getAnswer('city');
        b.blur();
        return during;
      },
      expected: { unsent: 0, view: { city: 'Tromsø' }, kept: [], got: 'Oslo' },
    },
    {
      name: 'a form change moves unsent answers to the new keys, typed against its version',
      run: (b) => {
        b.type('name', 'Ana', 5);
        b.changeForm({ target: (key) => (key === 'name' ? 'fullName' : key), renamed: new Map() }, 7);
        return b.kept();
      },
      expected: {
        unsent: 1,
        view: { fullName: 'Ana', city: 'Oslo' },
        kept: ['fullName'],
        got: { answers: { fullName: 'Ana' }, typedAgainst: { fullName: 7 }, changedAt: { fullName: 5 } },
      },
    },
  ];

  for (const { name, run, expected } of cases) {
    it(name, () => {
      const buffer = new AnswerBuffer(stored({ city: 'Oslo' }));
      const got = run(buffer);
      expect(buffer.unsent).toBe(expected.unsent);
      expect(buffer.view()).toEqual(expected.view);
      expect(Object.keys(buffer.kept().answers)).toEqual(expected.kept);
      if ('got' in expected) expect(got).toEqual(expected.got);
    });
  }
});

describe('AnswerBuffer: what one save carries', () => {
  const kept: KeptAnswers = { answers: { old: 'kept' }, typedAgainst: { old: 1 } };
  const cases = [
    {
      name: 'every unsent answer, against the stored version, with what follows from them',
      setup: (b: AnswerBuffer) => b.type('name', 'Ana', 1),
      derive: () => ({ age: 40, city: 'Oslo' }),
      expected: { answers: { age: 40, name: 'Ana' }, baseVersion: 3 },
    },
    {
      name: 'kept answers of an earlier visit first, alone, against the version they were typed against',
      setup: (b: AnswerBuffer) => {
        b.takeKept(kept);
        b.type('name', 'Ana', 1);
      },
      derive: () => ({ age: 40 }),
      expected: { answers: { old: 'kept' }, baseVersion: 1 },
    },
    {
      name: 'no more than MAX_SAVE_BYTES: the rest waits for the next save',
      setup: (b: AnswerBuffer) => {
        b.type('a', 'x'.repeat(MAX_SAVE_BYTES - 100), 1);
        b.type('b', 'y'.repeat(200), 1);
      },
      derive: () => ({}),
      expected: { answers: { a: 'x'.repeat(MAX_SAVE_BYTES - 100) }, baseVersion: 3 },
    },
  ];
  for (const { name, setup, derive, expected } of cases) {
    it(name, () => {
      const buffer = new AnswerBuffer(stored({ city: 'Oslo' }, 3));
      setup(buffer);
      const body = buffer.nextSave('save', derive);
      expect({ answers: body.answers, baseVersion: body.baseVersion }).toEqual(expected);
    });
  }

  it('answers left over for a next part go at once', () => {
    const buffer = new AnswerBuffer(stored({}, 3));
    buffer.type('a', 'x'.repeat(MAX_SAVE_BYTES - 100), 1);
    buffer.type('b', 'y'.repeat(200), 1);
    expect(saveRound(buffer).resend).toBe(true);
    expect(saveRound(buffer).resend).toBe(false);
    expect(buffer.unsent).toBe(0);
  });
});
