import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIdentifyingMember, prepareReportData } from './report-data.ts';
import { parseFlattenedAnswerKey } from './table-answer-keys.ts';
import { sampleLifeInventory } from './test-support/sample-life-inventory.ts';

describe('prepareReportData (customer-app §5, admin-app §5 "Preparing report data")', () => {
  it('prepares a saved record: bookkeeping and empty answers dropped, table rows regrouped', () => {
    const data = {
      steps: sampleLifeInventory.steps,
      currentStep: 3,
      flattened: { siblings__0__siblingName: 'Tom', siblings__0__relation: 'Full' },
      name: 'Ada Lovelace',
      dateOfBirth: '1980-12-10',
      age: 43,
      otherCaretakers: false,
      otherCaretakerDetails: '',
      parentsSeparated: 'No',
      ageAtSeparation: null,
      siblings__0__siblingName: 'Tom',
      siblings__0__relation: 'Full',
      siblings__0__stillInContact: 'Yes',
      siblings__1__siblingName: 'Mary',
      siblings__1__relation: '',
    };
    expect(prepareReportData(data)).toEqual({
      name: 'Ada Lovelace',
      dateOfBirth: '1980-12-10',
      age: 43,
      parentsSeparated: 'No',
      siblings: { '0': { siblingName: 'Tom', relation: 'Full', stillInContact: 'Yes' } },
    });
  });

  it.each<[string, unknown, unknown]>([
    ['null', null, undefined],
    ['unset', undefined, undefined],
    ['false (an unset checkbox)', false, undefined],
    ['empty text', '', undefined],
    ['blank text', '  \n', undefined],
    ['an empty list', [], undefined],
    ['a list of blanks', ['', null, false], undefined],
    ['an empty object', {}, undefined],
    ['zero ("0 brothers" is an answer)', 0, 0],
    ['true', true, true],
    ['text, kept as typed', ' Ohio ', ' Ohio '],
    ['a list, without its empty entries', ['Cane', '', null, 'Walker'], ['Cane', 'Walker']],
    ['an object, without its empty members', { city: 'Dayton', state: '' }, { city: 'Dayton' }],
  ])('an answer that is %s', (_case, value, kept) => {
    expect(prepareReportData({ answer: value }).answer).toEqual(kept);
  });

  it.each(['steps', 'currentStep', 'flattened'])('drops the bookkeeping key %s', (key) => {
    expect(prepareReportData({ [key]: { stepTitle: 'x' }, name: 'Ada' })).toEqual({ name: 'Ada' });
  });

  it.each<[string, Record<string, unknown>, unknown]>([
    [
      'a row with an answer is kept',
      { siblings__0__siblingName: 'Tom', siblings__0__relation: 'Half' },
      { 0: { siblingName: 'Tom', relation: 'Half' } },
    ],
    ['a row with only a name is dropped', { siblings__0__siblingName: 'Tom' }, undefined],
    [
      'only identifying members filled (name, label, title, id, medicalCondition)',
      {
        m__0__medicalCondition: 'Asthma',
        m__0__rowLabel: 'Lungs',
        m__0__stepTitle: 'Health',
        m__0__conditionId: 'c1',
      },
      undefined,
    ],
    [
      'an unticked box (false) is no answer',
      { m__0__medicalCondition: 'Asthma', m__0__hadIt: false },
      undefined,
    ],
    [
      'a ticked box is',
      { m__0__medicalCondition: 'Asthma', m__0__hadIt: true },
      { 0: { medicalCondition: 'Asthma', hadIt: true } },
    ],
    ['a zero does not count toward keeping', { jobs__0__employerName: 'ACME', jobs__0__years: 0 }, undefined],
    [
      'a non-zero number does',
      { jobs__0__employerName: 'ACME', jobs__0__years: 3 },
      { 0: { employerName: 'ACME', years: 3 } },
    ],
    [
      'a non-empty list does',
      { m__0__medicalCondition: 'Asthma', m__0__treatments: ['Inhaler'] },
      { 0: { medicalCondition: 'Asthma', treatments: ['Inhaler'] } },
    ],
    [
      'rows are judged one by one',
      { siblings__0__siblingName: 'Tom', siblings__1__siblingName: 'Mary', siblings__1__relation: 'Step' },
      { 1: { siblingName: 'Mary', relation: 'Step' } },
    ],
    [
      'hyphen-joined keys are regrouped alike (admin-app §3)',
      { 'siblings-0-siblingName': 'Tom', 'siblings-0-relation': 'Full' },
      { 0: { siblingName: 'Tom', relation: 'Full' } },
    ],
    [
      'the double-underscore key wins over a hyphenated one, in either order',
      {
        'siblings-0-relation': 'Half',
        siblings__0__relation: 'Full',
        'siblings-1-relation': 'Step',
        siblings__1__relation: 'Full',
      },
      { 0: { relation: 'Full' }, 1: { relation: 'Full' } },
    ],
  ])('%s', (_case, data, siblingsOrOther) => {
    const prepared = prepareReportData(data);
    const tableId = Object.keys(data)[0]?.split(/__|-/)[0] ?? '';
    expect(prepared[tableId]).toEqual(siblingsOrOther);
  });

  it('keeps a hyphenated field id that is not a table key as it is', () => {
    expect(prepareReportData({ 'mother-first-name': 'Grace', 'date-of-birth': '1950-01-01' })).toEqual({
      'mother-first-name': 'Grace',
      'date-of-birth': '1950-01-01',
    });
  });

  it('orders rows by row index and puts a table where its first cell was', () => {
    const prepared = prepareReportData({ a: 1, t__10__x: 'ten', b: 2, t__2__x: 'two', c: 3 });
    expect(Object.keys(prepared)).toEqual(['a', 't', 'b', 'c']);
    expect(Object.keys(prepared.t as object)).toEqual(['2', '10']);
  });

  it('keeps table answers found only in the flattened map, the top-level answer winning (decision 020)', () => {
    const data = {
      flattened: { siblings__0__relation: 'Half', siblings__0__stillInContact: 'No' },
      siblings__0__relation: 'Full',
    };
    expect(prepareReportData(data)).toEqual({ siblings: { 0: { relation: 'Full', stillInContact: 'No' } } });
  });

  it('keeps a plain answer named like a table beside the table rows (decision 020)', () => {
    expect(prepareReportData({ siblings: 'Two', siblings__0__relation: 'Full' })).toEqual({
      siblings: 'Two',
      'siblings rows': { 0: { relation: 'Full' } },
    });
  });

  it('keeps an answer keyed __proto__ as an answer', () => {
    const prepared = prepareReportData(JSON.parse('{"__proto__": "odd", "name": "Ada"}'));
    expect(JSON.parse(JSON.stringify(prepared))).toEqual(JSON.parse('{"__proto__": "odd", "name": "Ada"}'));
    expect(Object.getPrototypeOf(prepared)).toBe(Object.prototype);
  });

  const jsonValue = fc.jsonValue({ maxDepth: 3 });
  const key = fc.oneof(
    fc.constantFrom('steps', 'currentStep', 'flattened', 'name', 'age'),
    fc
      .tuple(
        fc.constantFrom('siblings', 'medical'),
        fc.nat({ max: 3 }),
        fc.constantFrom('siblingName', 'relation', 'hadIt'),
        fc.constantFrom('__', '-'),
      )
      .map(([table, row, cell, separator]) => [table, row, cell].join(separator)),
    fc.string(),
  );

  it('leaves no bookkeeping key, no flattened key and no empty value anywhere', () => {
    const empty = (value: unknown): boolean =>
      value === null ||
      value === false ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && (value.length === 0 || value.some(empty))) ||
      (typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        (Object.keys(value).length === 0 || Object.values(value).some(empty)));
    fc.assert(
      fc.property(fc.dictionary(key, jsonValue), (data) => {
        const prepared = prepareReportData(data);
        for (const [preparedKey, value] of Object.entries(prepared)) {
          expect(['steps', 'currentStep', 'flattened']).not.toContain(preparedKey);
          expect(parseFlattenedAnswerKey(preparedKey)).toBeNull();
          expect(empty(value)).toBe(false);
        }
        expect(JSON.parse(JSON.stringify(prepared))).toEqual(prepared);
      }),
    );
  });
});

describe('isIdentifyingMember (admin-app §5; read per word, decision 020)', () => {
  it.each([
    'name',
    'Name',
    'siblingName',
    'first_name',
    'sibling-names',
    'firstname',
    'surname',
    'rowLabel',
    'stepTitle',
    'id',
    'ID',
    'cellId',
    'conditionID',
    'IDNumber',
    'medicalCondition',
    'MedicalCondition',
  ])('%s identifies', (member) => {
    expect(isIdentifyingMember(member)).toBe(true);
  });

  it.each([
    'relation',
    'hadIt',
    'incidentDetails',
    'provider',
    'didOccur',
    'video',
    'valid',
    'residence',
    'condition',
    'years',
  ])('%s answers', (member) => {
    expect(isIdentifyingMember(member)).toBe(false);
  });
});
