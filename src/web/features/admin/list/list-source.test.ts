import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AdminColumn } from './admin-columns.ts';
import { clientList, serverList } from './list-source.ts';

type Row = { id: string; name: string | null; n: number };
type Data = { rows: Row[]; page: number; pageCount: number; totalCount: number };

/** A query's answer as React Query gives it to a tab (only the fields the lists read). */
function answer(data: Pick<Data, 'rows'> | undefined, error: Error | null = null, isFetching = false) {
  const page = data && { ...data, page: 1, pageCount: 1, totalCount: data.rows.length };
  return { data: page, error, isError: error !== null, isFetching } as UseQueryResult<Data>;
}

const rows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: i % 2 ? `Beta ${i}` : `alpha ${i}`, n: i }));
const columns: readonly AdminColumn<Row>[] = [
  { id: 'name', label: 'Name', sortBy: (row) => row.name, cell: (row) => row.name },
  { id: 'n', label: 'N', sortBy: (row) => row.n, cell: (row) => row.n },
];
const searched = (row: Row) => row.name;
const view = { query: '', sort: null, page: 1 };

describe('the state of a console list (issue 10)', () => {
  it.each([
    ['no answer yet', answer(undefined), { status: 'loading' }],
    [
      'a failure and nothing to show',
      answer(undefined, new Error('down')),
      { status: 'failed', error: 'down' },
    ],
  ])('%s', (_case, query, expected) => {
    expect(clientList(query, (data) => data.rows, view, columns, searched)).toEqual(expected);
    expect(serverList(query, (data) => data.rows)).toEqual(expected);
  });

  it('keeps showing the last answer under a failed refresh', () => {
    const state = clientList(
      answer({ rows: rows(3) }, new Error('refresh failed')),
      (d) => d.rows,
      view,
      columns,
      searched,
    );
    expect(state).toMatchObject({ status: 'shown', error: 'refresh failed', page: { total: 3 } });
  });

  it('dims a server list while its next page loads; a list kept here never waits', () => {
    const server = serverList(answer({ rows: rows(3) }, null, true), (d) => d.rows);
    expect(server).toMatchObject({ status: 'shown', busy: true });
    expect(
      clientList(answer({ rows: rows(3) }, null, true), (d) => d.rows, view, columns, searched),
    ).toMatchObject({
      busy: false,
    });
  });
});

describe('a list kept whole in the browser (decision 090)', () => {
  const shown = (query: string, sort: 'ascending' | 'descending' | null, page: number) => {
    const state = clientList(
      answer({ rows: rows(60) }),
      (data) => data.rows,
      { query, sort: sort ? { column: 'n', direction: sort } : null, page },
      columns,
      searched,
    );
    if (state.status !== 'shown') throw new Error(state.status);
    return state.page;
  };

  it('searches by name, then counts what it found', () => {
    const page = shown('BETA', null, 1);
    expect(page.total).toBe(30);
    expect(page.rows.every((row) => row.name?.startsWith('Beta'))).toBe(true);
  });

  it('sorts before it pages: page 1 descending starts at the largest', () => {
    expect(shown('', 'descending', 1).rows[0]?.n).toBe(59);
    expect(shown('', 'ascending', 1).rows[0]?.n).toBe(0);
  });

  it('pages by 25 and keeps a page past the end on the last page', () => {
    expect(shown('', null, 1)).toMatchObject({ page: 1, pageCount: 3, total: 60 });
    expect(shown('', null, 9)).toMatchObject({ page: 3 });
    expect(shown('', null, 9).rows.map((row) => row.n)).toEqual(Array.from({ length: 10 }, (_, i) => 50 + i));
  });
});
