import type { CellField, Field } from './form-template.ts';

/**
 * customer-app §3: a table's answers are "flattened": each cell is one answer keyed
 * `{tableId}__{rowIndex}__{cellFieldId}`, the row index counting the table's rows from 0.
 * admin-app §3: older record data may instead use hyphen-joined three-part keys
 * (`{tableId}-{rowIndex}-{cellFieldId}`); both are regrouped when preparing report data.
 */
export const TABLE_KEY_SEPARATOR = '__';

export type TableCellAddress = { tableId: string; rowIndex: number; cellFieldId: string };

export function tableAnswerKey(tableId: string, rowIndex: number, cellFieldId: string): string {
  return [tableId, rowIndex, cellFieldId].join(TABLE_KEY_SEPARATOR);
}

// The row index is a canonical non-negative integer. The table id is matched shortest-first, so a
// cell id may itself contain "__"; a table id may not (decision 020).
const DOUBLE_UNDERSCORE_KEY = /^(.+?)__(0|[1-9]\d*)__(.+)$/s;
// Exactly three non-empty hyphen-separated parts, the middle one a row index: a plain field id
// such as `mother-first-name` is not a table key (decision 020).
const HYPHEN_KEY = /^([^-]+)-(0|[1-9]\d*)-([^-]+)$/s;

/** The address in a `{tableId}__{rowIndex}__{cellFieldId}` key, or null for any other key. */
export function parseTableAnswerKey(key: string): TableCellAddress | null {
  return addressFrom(DOUBLE_UNDERSCORE_KEY.exec(key));
}

/** Either flattened form of admin-app §3 (double underscore or hyphen), or null for a plain key. */
export function parseFlattenedAnswerKey(key: string): (TableCellAddress & { separator: '__' | '-' }) | null {
  const underscored = parseTableAnswerKey(key);
  if (underscored) return { ...underscored, separator: '__' };
  const hyphenated = addressFrom(HYPHEN_KEY.exec(key));
  return hyphenated && { ...hyphenated, separator: '-' };
}

function addressFrom(match: RegExpExecArray | null): TableCellAddress | null {
  if (!match) return null;
  const [, tableId = '', rowIndex = '', cellFieldId = ''] = match;
  return { tableId, rowIndex: Number(rowIndex), cellFieldId };
}

export type TableCell = { key: string; rowIndex: number; cell: CellField };

/** Every cell of a table field in row order, with its flattened answer key. */
export function tableCells(table: Field): TableCell[] {
  return (table.rows ?? []).flatMap((row, rowIndex) =>
    row.fields.map((cell) => ({ key: tableAnswerKey(table.id, rowIndex, cell.id), rowIndex, cell })),
  );
}

/** The flattened answer keys of every cell of a table field, in row order. */
export function tableCellKeys(table: Field): string[] {
  return tableCells(table).map((entry) => entry.key);
}
