import type { FieldVisibility } from '#domain/field-visibility.ts';
import type { Field } from '#domain/form-template.ts';
import { tableAnswerKey } from '#domain/table-answer-keys.ts';
import type { AnswerInputProps } from './answer-input-props.ts';
import { CellAnswerInput } from './cell-answer-input.tsx';
import { FieldLabelText } from './field-label-text.tsx';
import type { AnswerSource } from './use-answer.ts';

export function rowLabel(row: { label?: string | undefined }, rowIndex: number): string {
  return row.label?.trim() || `Row ${rowIndex + 1}`;
}

/**
 * customer-app §3 table: rows of cell fields, each answer under `{tableId}__{rowIndex}__{cellFieldId}`.
 * Each row is a group named by its label; a cell is shown as customer-app §5 says (its condition
 * scoped to the row).
 */
export function TableAnswerInput({
  field,
  source,
  visibility,
  labelAside,
  afterLabel,
  ...handlers
}: Omit<AnswerInputProps, 'field' | 'answerKey' | 'value'> & {
  field: Field;
  source: AnswerSource;
  visibility: FieldVisibility;
}) {
  return (
    <fieldset
      className={labelAside ? 'record-field record-table record-field--aside' : 'record-field record-table'}
    >
      <legend className="record-field__label">
        <FieldLabelText field={field} announceRequired />
      </legend>
      {labelAside}
      {afterLabel}
      {(field.rows ?? []).map((row, rowIndex) => {
        const cells = row.fields.filter(
          (cell) => cell.type !== 'hidden' && visibility.isCellVisible(field, rowIndex, cell),
        );
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are addressed by their index (the answer keys).
          <fieldset key={rowIndex} className="record-table__row">
            <legend className="record-table__row-label">{rowLabel(row, rowIndex)}</legend>
            <div className="record-table__cells">
              {cells.map((cell) => {
                const key = tableAnswerKey(field.id, rowIndex, cell.id);
                return (
                  <CellAnswerInput key={cell.id} field={cell} answerKey={key} source={source} {...handlers} />
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}
