import { describe, expect, it } from 'vitest';
import { nameMatches, pageOf, pageWindow, sortRows } from './admin-lists.ts';

describe('nameMatches (admin-app §5: case-insensitive substring of the name)', () => {
  it.each([
    ['Ada Lovelace', 'love', true],
    ['Ada Lovelace', 'LOVE', true],
    ['Ada Lovelace', '  ', true],
    ['Ada Lovelace', 'grace', false],
    [null, 'a', false],
    [null, '', true],
  ])('%j ~ %j → %s', (name, query, expected) => expect(nameMatches(name, query)).toBe(expected));
});

describe('sortRows', () => {
  const rows = [
    { name: 'beta', n: 2 },
    { name: null, n: 9 },
    { name: 'Alpha', n: 10 },
    { name: 'alpha', n: 1 },
  ];
  const columnValue = (row: (typeof rows)[number], column: 'name' | 'n') => row[column];
  it('sorts without case, stably, with missing values last in both directions', () => {
    expect(sortRows(rows, { column: 'name', direction: 'ascending' }, columnValue).map((r) => r.n)).toEqual([
      10, 1, 2, 9,
    ]);
    expect(sortRows(rows, { column: 'name', direction: 'descending' }, columnValue).map((r) => r.n)).toEqual([
      2, 10, 1, 9,
    ]);
  });
  it('sorts numbers as numbers and keeps the order without a sort', () => {
    expect(sortRows(rows, { column: 'n', direction: 'descending' }, columnValue).map((r) => r.n)).toEqual([
      10, 9, 2, 1,
    ]);
    expect(sortRows(rows, null, columnValue)).toEqual(rows);
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 60 }, (_, i) => i);
  it.each([
    [1, 0, 25, 3],
    [3, 50, 10, 3],
    [9, 50, 10, 3],
    [0, 0, 25, 3],
    [Number.NaN, 0, 25, 3],
  ])('page %s starts at %s with %s rows of %s pages', (page, first, count, pages) => {
    const shown = pageOf(rows, page);
    expect(shown.rows[0]).toBe(first);
    expect(shown.rows).toHaveLength(count);
    expect(shown.pageCount).toBe(pages);
  });
  it('has one empty page for no rows', () =>
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, pageCount: 1 }));
});

describe('pageWindow (server-paged lists)', () => {
  it.each([
    [100, 1, 25, { page: 1, pageCount: 4, pageSize: 25, offset: 0 }],
    [100, 4, 25, { page: 4, pageCount: 4, pageSize: 25, offset: 75 }],
    [100, 9, 25, { page: 4, pageCount: 4, pageSize: 25, offset: 75 }],
    [0, 3, 25, { page: 1, pageCount: 1, pageSize: 25, offset: 0 }],
    [1000, 2, 5000, { page: 2, pageCount: 10, pageSize: 100, offset: 100 }],
    [10, null, null, { page: 1, pageCount: 1, pageSize: 25, offset: 0 }],
    [60, -2, 0, { page: 1, pageCount: 3, pageSize: 25, offset: 0 }],
  ])('%s rows, page %s of size %s', (total, page, size, expected) =>
    expect(pageWindow(total, page, size)).toEqual(expected),
  );
});
