import { useId } from 'react';
import { answerValues } from '#domain/field-visibility.ts';
import type { CellField, Conditional, Field } from '#domain/form-template.ts';

type Controller = Pick<Field | CellField, 'id' | 'label' | 'type' | 'options'>;

/**
 * admin-app §2 conditional picker: a choice of an earlier field; for a radio or checkbox field its
 * values as checkboxes, otherwise a text value. "No condition" removes it.
 */
export function ConditionalPicker({
  candidates,
  value,
  onChange,
}: {
  candidates: Controller[];
  value: Conditional | null | undefined;
  onChange: (value: Conditional | undefined) => void;
}) {
  const selectId = useId();
  const textId = useId();
  const controller = candidates.find((candidate) => candidate.id === value?.fieldId);
  const chosen = value ? answerValues(value.value) : [];
  const isChoice = controller?.type === 'radio' || controller?.type === 'checkbox';

  return (
    <fieldset className="conditional-picker">
      <legend>Show only when</legend>
      <label htmlFor={selectId}>Conditional field</label>
      <select
        id={selectId}
        value={value?.fieldId ?? ''}
        onChange={(event) =>
          onChange(event.target.value ? { fieldId: event.target.value, value: [] } : undefined)
        }
      >
        <option value="">No condition</option>
        {candidates.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.label || candidate.id} ({candidate.id})
          </option>
        ))}
      </select>
      {value && isChoice ? (
        <fieldset className="conditional-picker__values">
          <legend className="visually-hidden">Values of {controller.label || controller.id}</legend>
          {(controller.options ?? []).map((option) => (
            <label key={option.value} className="builder-check">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  onChange({
                    fieldId: value.fieldId,
                    value: event.target.checked
                      ? [...chosen, option.value]
                      : chosen.filter((item) => item !== option.value),
                  })
                }
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      ) : value ? (
        <>
          <label htmlFor={textId}>Conditional value</label>
          <input
            id={textId}
            value={typeof value.value === 'string' ? value.value : value.value.join(', ')}
            onChange={(event) => onChange({ fieldId: value.fieldId, value: event.target.value })}
          />
        </>
      ) : null}
    </fieldset>
  );
}

/** "field = value" as the field list shows a condition (admin-app §2). */
export function conditionNote(conditional: Conditional | null | undefined): string | null {
  if (!conditional?.fieldId) return null;
  const values = answerValues(conditional.value);
  return `${conditional.fieldId} = ${values.length > 0 ? values.join(' or ') : '(any answer)'}`;
}
