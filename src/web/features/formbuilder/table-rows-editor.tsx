import { CELL_FIELD_TYPES, type CellField, type TableRow } from '#domain/form-template.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SortableList } from '#web/components/ui/sortable-list.tsx';
import { moveItem } from './builder-state.ts';
import { OptionsEditor } from './options-editor.tsx';

const CHOICE = new Set(['radio', 'checkbox']);

/**
 * admin-app §2/§3 table fields: rows of cells, each cell with id, label, type (no hidden, no table),
 * placeholder, value, required and options; rows and cells added, removed and reordered.
 */
export function TableRowsEditor({
  rows,
  onChange,
}: {
  rows: TableRow[];
  onChange: (rows: TableRow[]) => void;
}) {
  const setRow = (index: number, row: TableRow) => onChange(rows.map((r, i) => (i === index ? row : r)));
  return (
    <fieldset className="table-rows-editor">
      <legend>Table rows</legend>
      {rows.length === 0 ? <p className="builder-hint">No rows yet.</p> : null}
      <SortableList
        moveButtons
        items={rows}
        idOf={(_row, index) => `row-${index}-${rows.length}`}
        describe={(row, index) => `row ${index + 1}${row.label ? ` ${row.label}` : ''}`}
        label="Table rows"
        onMove={(from, to) => onChange(moveItem(rows, from, to))}
      >
        {(row, rowIndex, handle) => (
          <div className="table-row-editor">
            <div className="table-row-editor__header">
              {handle}
              <strong>Row {rowIndex + 1}</strong>
              <label>
                Row label
                <input
                  value={row.label ?? ''}
                  onChange={(event) => setRow(rowIndex, { ...row, label: event.target.value })}
                  aria-label={`Label of row ${rowIndex + 1}`}
                />
              </label>
              <Button
                size="sm"
                variant="quiet"
                aria-label={`Remove row ${rowIndex + 1}`}
                onClick={() => onChange(rows.filter((_, i) => i !== rowIndex))}
              >
                Remove row
              </Button>
            </div>
            <SortableList
              moveButtons
              items={row.fields}
              idOf={(_cell, index) => `row-${rowIndex}-cell-${index}-${row.fields.length}`}
              describe={(cell, index) => `cell ${cell.label || cell.id || index + 1} of row ${rowIndex + 1}`}
              label={`Cells of row ${rowIndex + 1}`}
              onMove={(from, to) => setRow(rowIndex, { ...row, fields: moveItem(row.fields, from, to) })}
            >
              {(cell, cellIndex, cellHandle) => (
                <CellEditor
                  cell={cell}
                  name={`cell ${cellIndex + 1} of row ${rowIndex + 1}`}
                  handle={cellHandle}
                  onChange={(next) =>
                    setRow(rowIndex, {
                      ...row,
                      fields: row.fields.map((c, i) => (i === cellIndex ? next : c)),
                    })
                  }
                  onRemove={() =>
                    setRow(rowIndex, { ...row, fields: row.fields.filter((_, i) => i !== cellIndex) })
                  }
                />
              )}
            </SortableList>
            <Button
              size="sm"
              variant="secondary"
              onClick={() =>
                setRow(rowIndex, {
                  ...row,
                  fields: [
                    ...row.fields,
                    { id: '', label: '', type: 'text', placeholder: '', required: false },
                  ],
                })
              }
            >
              Add Cell to Row {rowIndex + 1}
            </Button>
          </div>
        )}
      </SortableList>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => onChange([...rows, { label: '', fields: [{ id: '', label: '', type: 'text' }] }])}
      >
        Add Row
      </Button>
    </fieldset>
  );
}

function CellEditor({
  cell,
  name,
  handle,
  onChange,
  onRemove,
}: {
  cell: CellField;
  name: string;
  handle: React.ReactNode;
  onChange: (cell: CellField) => void;
  onRemove: () => void;
}) {
  const text = (key: 'id' | 'label' | 'placeholder', label: string) => (
    <label>
      {label}
      <input
        aria-label={`${label} of ${name}`}
        value={cell[key] ?? ''}
        onChange={(event) => onChange({ ...cell, [key]: event.target.value })}
      />
    </label>
  );
  return (
    <div className="cell-editor">
      <div className="cell-editor__fields">
        {handle}
        {text('id', 'Cell id')}
        {text('label', 'Cell label')}
        <label>
          Cell type
          <select
            aria-label={`Cell type of ${name}`}
            value={cell.type}
            onChange={(event) => onChange({ ...cell, type: event.target.value as CellField['type'] })}
          >
            {CELL_FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        {text('placeholder', 'Cell placeholder')}
        <label>
          Cell value
          <input
            aria-label={`Cell value of ${name}`}
            value={typeof cell.value === 'string' ? cell.value : ''}
            onChange={(event) => onChange({ ...cell, value: event.target.value || undefined })}
          />
        </label>
        <label className="builder-check">
          <input
            type="checkbox"
            aria-label={`Cell required of ${name}`}
            checked={cell.required ?? false}
            onChange={(event) => onChange({ ...cell, required: event.target.checked })}
          />
          Required
        </label>
        <Button size="sm" variant="quiet" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove cell
        </Button>
      </div>
      {CHOICE.has(cell.type) ? (
        <OptionsEditor
          options={cell.options ?? []}
          owner={name}
          onChange={(options) => onChange({ ...cell, options })}
        />
      ) : null}
    </div>
  );
}
