import type { Field } from '#domain/form-template.ts';

/**
 * A question of a long step not built yet (issue 15 §2): its words alone, one text in one element
 * (the cheapest thing to build and lay out), in a box about as tall as the question will be,
 * until the step's progressive build reaches it, a moment after the first paint.
 */
export function FieldPlaceholder({ field }: { field: Field }) {
  const number = field.number === undefined ? '' : String(field.number).trim();
  return (
    <p className="record-field__pending">
      {`${number === '' ? '' : `${number}. `}${field.label}${field.required ? ' *' : ''}`}
    </p>
  );
}
