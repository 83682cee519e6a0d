import type { SortOrder } from '#domain/admin-lists.ts';

/**
 * A column header that sorts the list (issue 10: sortable columns). The header carries aria-sort;
 * its button says what a press does, so it works from the keyboard and reads well.
 */
export function SortableHeader({
  column,
  label,
  sort,
  onSort,
}: {
  column: string;
  label: string;
  sort: SortOrder<string> | null;
  onSort: (order: SortOrder<string>) => void;
}) {
  const current = sort?.column === column ? sort.direction : undefined;
  const next = current === 'ascending' ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={current ?? 'none'}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ column, direction: next })}
        aria-label={`${label}, sort ${next}`}
      >
        {label}
        <span aria-hidden="true" className="sort-button__arrow">
          {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
