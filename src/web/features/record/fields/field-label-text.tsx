import type { CellField } from '#domain/form-template.ts';

/**
 * A question's label (customer-app §3 Field): its display number, the label, and the required
 * marker. The star is for the eye; `announceRequired` adds the words for groups (fieldset/legend),
 * whose inputs cannot carry aria-required themselves.
 */
export function FieldLabelText({
  field,
  announceRequired = false,
}: {
  field: Pick<CellField, 'label' | 'number' | 'required'>;
  announceRequired?: boolean;
}) {
  const number = field.number === undefined ? '' : String(field.number).trim();
  return (
    <>
      {number !== '' ? (
        <>
          <span className="record-field__number">{number}.</span>{' '}
        </>
      ) : null}
      <span className="record-field__label-text">{field.label}</span>
      {field.required ? (
        <>
          <span className="record-field__required" aria-hidden="true">
            *
          </span>
          {announceRequired ? <span className="visually-hidden"> (required)</span> : null}
        </>
      ) : null}
    </>
  );
}
