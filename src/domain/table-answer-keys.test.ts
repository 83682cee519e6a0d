import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseFlattenedAnswerKey,
  parseTableAnswerKey,
  tableAnswerKey,
  tableCellKeys,
  tableCells,
} from './table-answer-keys.ts';
import { siblingsTable } from './test-support/sample-life-inventory.ts';

describe('tableAnswerKey', () => {
  it('joins table id, row index and cell id with double underscores (customer-app §3)', () => {
    expect(tableAnswerKey('siblings', 0, 'siblingName')).toBe('siblings__0__siblingName');
    expect(tableAnswerKey('siblings', 12, 'relation')).toBe('siblings__12__relation');
  });
});

describe('parseTableAnswerKey', () => {
  it.each([
    ['siblings__0__siblingName', { tableId: 'siblings', rowIndex: 0, cellFieldId: 'siblingName' }],
    ['siblings__10__relation', { tableId: 'siblings', rowIndex: 10, cellFieldId: 'relation' }],
    ['medical_history__2__had_it', { tableId: 'medical_history', rowIndex: 2, cellFieldId: 'had_it' }],
    ['t___1__c', { tableId: 't_', rowIndex: 1, cellFieldId: 'c' }],
    ['t__1__first__name', { tableId: 't', rowIndex: 1, cellFieldId: 'first__name' }],
    ['siblings__x__name', null],
    ['siblings__-1__name', null],
    ['siblings__01__name', null],
    ['siblings__0__', null],
    ['__0__name', null],
    ['siblings__0', null],
    ['siblings-0-siblingName', null],
    ['dateOfBirth', null],
  ])('%s', (key, address) => {
    expect(parseTableAnswerKey(key)).toEqual(address);
  });

  it('reads back every key it builds, whatever the cell id, for table ids without "__"', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((id) => !id.includes('__')),
        fc.nat(),
        fc.string({ minLength: 1 }),
        (tableId, rowIndex, cellFieldId) => {
          expect(parseTableAnswerKey(tableAnswerKey(tableId, rowIndex, cellFieldId))).toEqual({
            tableId,
            rowIndex,
            cellFieldId,
          });
        },
      ),
    );
  });
});

describe('parseFlattenedAnswerKey (admin-app §3: hyphen-joined or double-underscore keys)', () => {
  it.each([
    ['siblings__1__relation', { tableId: 'siblings', rowIndex: 1, cellFieldId: 'relation', separator: '__' }],
    ['siblings-1-relation', { tableId: 'siblings', rowIndex: 1, cellFieldId: 'relation', separator: '-' }],
    [
      'medical-0-medicalCondition',
      { tableId: 'medical', rowIndex: 0, cellFieldId: 'medicalCondition', separator: '-' },
    ],
    // A hyphenated field id is not a table key unless its middle part is a row index.
    ['mother-first-name', null],
    ['date-of-birth', null],
    ['a-1-b-c', null],
    ['-1-b', null],
    ['name', null],
  ])('%s', (key, address) => {
    expect(parseFlattenedAnswerKey(key)).toEqual(address);
  });
});

describe('tableCells and tableCellKeys', () => {
  it('lists every cell of every row, rows in order, with its flattened key', () => {
    expect(tableCellKeys(siblingsTable)).toEqual([
      'siblings__0__siblingName',
      'siblings__0__relation',
      'siblings__0__stillInContact',
      'siblings__1__siblingName',
      'siblings__1__relation',
      'siblings__1__stillInContact',
    ]);
    expect(tableCells(siblingsTable)[4]).toMatchObject({ rowIndex: 1, cell: { id: 'relation' } });
  });

  it('gives nothing for a table without rows or a field that is not a table', () => {
    expect(tableCellKeys({ id: 'empty', label: 'Empty', type: 'table' })).toEqual([]);
    expect(tableCellKeys({ id: 'name', label: 'Name', type: 'text' })).toEqual([]);
  });
});
